import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import type { AdvertiserMessage, AdvertiserMessageListResponse } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { RETRY_DELAYS_MS } from '../../src/messages/advertiser-outbox';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { startSmsGateway, startSmtpServer, waitFor } from '../support/message-servers';
import { freePort } from '../support/pg-cluster';
import { buildTestApp, describeApi, testDb, type TestApp } from '../support/test-app';

describeApi('messages to advertisers (outbox, delivery, retries)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup(env: Record<string, string> = {}, sameAs?: TestApp) {
    const t = await buildTestApp({ env, sameDatabaseAs: sameAs, ...(sameAs ? { clock: sameAs.clock } : {}) });
    cleanups.push(() => t.close());
    const admin = await makeAdmin(t.database.db);
    const api = adminClient(t.app, await signIn(t.app, admin.email));
    const messages = async (query: Record<string, string | number> = {}) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
      const res = await api.send('GET', `/api/advertiser-messages?${qs}`);
      expect(res.statusCode).toBe(200);
      return res.json<AdvertiserMessageListResponse>();
    };
    /** The ad's messages once none is queued or sending any more. */
    const settled = (adId: string) =>
      waitFor(async () => {
        const list = (await messages({ adId })).messages;
        return list.length > 0 && list.every((m) => m.status === 'sent' || m.status === 'failed') && list;
      });
    /** The ad's messages straight from the table (the clock may have outrun the admin's session). */
    const rows = async (adId: string) => (await t.app.advertiserOutbox.list({ adId, page: 1, pageSize: 20 })).rows;
    const reSignIn = async () => adminClient(t.app, await signIn(t.app, admin.email));
    return { t, api, messages, settled, rows, reSignIn };
  }

  async function smtp(opts: Parameters<typeof startSmtpServer>[0] = {}) {
    const s = await startSmtpServer(opts);
    cleanups.push(s.close);
    return s;
  }

  it('emails the advertiser through a real SMTP server: approved, rejected with the reason word for word, deleted', async () => {
    const mail = await smtp();
    const { t, api, settled } = await setup({ SMTP_URL: mail.url, MAIL_FROM: 'Ads <no-reply@ads.example.lk>' });
    const user = await makeUser(t.database.db, { email: 'nimal@example.lk' });
    const ok = await makeAd(t.database.db, { userId: user.id, heading: 'Toyota <Aqua> & "hybrid"' });
    const no = await makeAd(t.database.db, { userId: user.id, heading: 'Land in Kandy' });
    const reason = 'Photos show a different vehicle; please upload your own photos.';

    expect((await api.approve(ok.id)).statusCode).toBe(200);
    expect((await api.reject(no.id, reason)).statusCode).toBe(200);
    expect((await api.remove(ok.id)).statusCode).toBe(200);
    const sent = [...(await settled(ok.id)), ...(await settled(no.id))];
    expect(sent.map((m) => [m.kind, m.channel, m.status, m.attempts, m.recipient])).toEqual(
      expect.arrayContaining([
        ['approved', 'email', 'sent', 1, 'nimal@example.lk'],
        ['deleted', 'email', 'sent', 1, 'nimal@example.lk'],
        ['rejected', 'email', 'sent', 1, 'nimal@example.lk'],
      ]),
    );
    expect(sent).toHaveLength(3);

    await waitFor(() => mail.received.length >= 3);
    expect(mail.received).toHaveLength(3);
    expect(mail.received.every((m) => m.to[0] === 'nimal@example.lk')).toBe(true);
    const approved = mail.received.find((m) => m.text.includes('is now live'))!;
    expect(approved.text).toContain('your ad "Toyota <Aqua> & "hybrid"" was approved and is now live.');
    // Advertiser text is escaped in the HTML part, never markup.
    expect(approved.text).toContain('<strong>Toyota &lt;Aqua&gt; &amp; &quot;hybrid&quot;</strong>');
    expect(approved.text).not.toContain('<strong>Toyota <Aqua>');
    const rejected = mail.received.find((m) => m.text.includes('Land in Kandy') && m.text.includes('not approved'))!;
    expect(rejected.text).toMatch(/^Subject: Your ad was not approved: Land in Kandy$/m);
    expect(rejected.text).toContain(reason);
    expect(mail.received.find((m) => m.text.includes('was removed'))).toBeDefined();
    // A deterministic Message-ID per message: a repeat after a crash is recognisably the same message.
    const ids = sent.map((m) => `<advertiser-message-${m.id}@ads.example.lk>`).sort();
    expect(mail.received.map((m) => m.messageId).sort()).toEqual(ids);
  });

  it('texts the verified mobile in E.164 through the SMS gateway with the bearer token', async () => {
    const gateway = await startSmsGateway();
    cleanups.push(gateway.close);
    const { t, api, settled } = await setup({ SMS_WEBHOOK_URL: gateway.url, SMS_WEBHOOK_TOKEN: 'tok-123' });
    const user = await makeUser(t.database.db, { mobile: '077 123 4567', isVerified: true });
    const unverified = await makeUser(t.database.db, { mobile: '0719876543', isVerified: false });
    const ad = await makeAd(t.database.db, { userId: user.id, heading: 'Three-wheeler for sale' });
    const other = await makeAd(t.database.db, { userId: unverified.id });
    const reason = 'x'.repeat(300);

    await api.reject(ad.id, reason);
    await api.approve(other.id);
    const [sms] = await settled(ad.id);
    expect(sms).toMatchObject({ channel: 'sms', status: 'sent', recipient: '+94771234567' });
    await waitFor(() => gateway.received.length >= 1);
    expect(gateway.received).toHaveLength(1);
    const got = gateway.received[0]!;
    expect(got.authorization).toBe('Bearer tok-123');
    expect(got.idempotencyKey).toBe(`advertiser-message-${sms!.id}`);
    expect(got.body.to).toBe('+94771234567');
    expect(got.body.text.length).toBeLessThanOrEqual(160);
    // Too long for one SMS: the reason is shortened, the heading kept.
    expect(got.body.text).toMatch(/^Your ad "Three-wheeler for sale" was not approved\. Reason: x+…$/);
    // No verified mobile: failed at once, with the reason, and nothing sent.
    const [none] = await settled(other.id);
    expect(none).toMatchObject({
      channel: 'sms',
      status: 'failed',
      attempts: 1,
      lastError: 'No verified mobile number',
    });
  });

  it('fails at once on a 5xx refusal; a 4xx answer is retried after a minute and then delivered once', async () => {
    let answer: number | undefined = 550;
    const mail = await smtp({ refuse: () => answer });
    const { t, api, settled, messages } = await setup({ SMTP_URL: mail.url });
    const user = await makeUser(t.database.db);
    const refused = await makeAd(t.database.db, { userId: user.id });
    await api.approve(refused.id);
    const [failed] = await settled(refused.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed!.lastError).toMatch(/550/);

    answer = 451;
    const later = await makeAd(t.database.db, { userId: user.id });
    await api.approve(later.id);
    const queued = await waitFor(async () => {
      const [m] = (await messages({ adId: later.id })).messages;
      return m?.status === 'queued' && m.attempts === 1 && m;
    });
    expect(new Date(queued.nextAttemptAt!).getTime() - t.clock().getTime()).toBe(RETRY_DELAYS_MS[0]);
    expect(queued.lastError).toMatch(/451/);
    // Not due yet: a wake-up changes nothing.
    await t.app.advertiserOutbox.wake();
    answer = undefined;
    t.clock.advance(RETRY_DELAYS_MS[0]!);
    await t.app.advertiserOutbox.wake();
    const [done] = await settled(later.id);
    expect(done).toMatchObject({ status: 'sent', attempts: 2 });
    expect(mail.received).toHaveLength(1);
  });

  it('an SMTP server that went away: retries on the schedule, then failed; an admin retry delivers it once', async () => {
    const port = await freePort();
    const { t, api, rows, reSignIn } = await setup({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const user = await makeUser(t.database.db);
    const ad = await makeAd(t.database.db, { userId: user.id });
    await api.approve(ad.id);
    const start = t.clock().getTime();
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      const m = await waitFor(async () => {
        const [m] = await rows(ad.id);
        return m?.status === 'queued' && m.attempts === attempt && m;
      });
      expect(m.nextAttemptAt.getTime() - t.clock().getTime()).toBe(RETRY_DELAYS_MS[attempt - 1]);
      expect(m.lastError).toMatch(/ECONNREFUSED|connect/i);
      t.clock.advance(RETRY_DELAYS_MS[attempt - 1]!);
      await t.app.advertiserOutbox.wake();
    }
    const failed = await waitFor(async () => {
      const [m] = await rows(ad.id);
      return m?.status === 'failed' && m;
    });
    expect(failed.attempts).toBe(RETRY_DELAYS_MS.length + 1);
    expect(t.clock().getTime() - start).toBe(RETRY_DELAYS_MS.reduce((a, b) => a + b));

    const admin = await reSignIn();
    const list = await admin.send('GET', '/api/advertiser-messages?status=failed');
    expect(list.json<AdvertiserMessageListResponse>().messages.map((m) => m.id)).toEqual([failed.id]);

    const mail = await smtp({ port });
    const retried = await admin.send('POST', `/api/advertiser-messages/${failed.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<{ message: AdvertiserMessage }>().message).toMatchObject({ status: 'queued', attempts: 0 });
    const sent = await waitFor(async () => {
      const [m] = await rows(ad.id);
      return m?.status === 'sent' && m;
    });
    expect(sent.attempts).toBe(1);
    expect(mail.received).toHaveLength(1);
    // Only a failed message can be retried; unknown and malformed ids are refused.
    expect((await admin.send('POST', `/api/advertiser-messages/${failed.id}/retry`)).statusCode).toBe(409);
    expect((await admin.send('POST', '/api/advertiser-messages/999999/retry')).statusCode).toBe(404);
    expect((await admin.send('POST', '/api/advertiser-messages/abc/retry')).statusCode).toBe(400);
  });

  it('a decision that rolls back leaves no message; bulk decisions write one per ad', async () => {
    const mail = await smtp();
    const { t, api, messages } = await setup({ SMTP_URL: mail.url });
    const db = t.database.db;
    const user = await makeUser(db);
    const ad = await makeAd(db, { userId: user.id });
    // Fails at commit, after the decision and its message were written.
    await db.execute(sql`create function fail_at_commit() returns trigger language plpgsql as $$
      begin raise exception 'commit refused'; end $$`);
    await db.execute(sql`create constraint trigger fail_at_commit after update on advertisements
      deferrable initially deferred for each row execute function fail_at_commit()`);
    expect((await api.approve(ad.id)).statusCode).toBe(500);
    expect((await messages()).total).toBe(0);
    await db.execute(sql`drop trigger fail_at_commit on advertisements`);

    const ads = await Promise.all([1, 2, 3].map(() => makeAd(db, { userId: user.id })));
    const res = await api.bulk({
      ids: [...ads.map((a) => a.id), ad.id],
      status: 'rejected',
      rejectionReason: 'Duplicate ad',
    });
    expect(res.statusCode).toBe(200);
    const all = await waitFor(async () => {
      const list = await messages();
      return list.total === 4 && list.messages.every((m) => m.status === 'sent') && list;
    });
    expect(all.messages.map((m) => m.adId).sort()).toEqual([...ads.map((a) => a.id), ad.id].sort());
    await waitFor(() => mail.received.length >= 4);
    expect(mail.received).toHaveLength(4);
    expect(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from advertiser_messages`))[0]!.n).toBe(
      4,
    );
  });

  it("shows each message in the ad's history as notified: channel, state, attempts and the last error", async () => {
    const mail = await smtp({ refuse: () => 550 });
    const { t, api, settled } = await setup({ SMTP_URL: mail.url });
    const ad = await makeAd(t.database.db, { userId: (await makeUser(t.database.db)).id });
    expect((await api.reject(ad.id, 'Wrong category')).statusCode).toBe(200);
    await settled(ad.id);
    const history = await api.send('GET', `/api/advertisements/${ad.id}/history`);
    expect(history.statusCode).toBe(200);
    const events = history.json<{ events: { action: string; details?: Record<string, unknown> }[] }>().events;
    expect(events.map((e) => e.action)).toEqual(['submitted', 'rejected', 'notified']);
    expect(events[2]!.details).toMatchObject({ channel: 'email', status: 'failed', attempts: 1 });
    expect(String(events[2]!.details!.error)).toMatch(/Mailbox unavailable/);
  });

  it('with ADVERTISER_MESSAGES=false a decision writes no message', async () => {
    const mail = await smtp();
    const { t, api, messages } = await setup({ SMTP_URL: mail.url, ADVERTISER_MESSAGES: 'false' });
    const ad = await makeAd(t.database.db, { userId: (await makeUser(t.database.db)).id });
    expect((await api.approve(ad.id)).statusCode).toBe(200);
    expect((await messages()).total).toBe(0);
  });

  it('lists failures newest first, paged', async () => {
    const { t, api, messages, settled } = await setup({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      // No email address: failed at the first attempt.
      const ad = await makeAd(t.database.db, { userId: null });
      ids.push(ad.id);
      await api.approve(ad.id);
      t.clock.advance(1000);
      await settled(ad.id);
    }
    const first = await messages({ status: 'failed', pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.messages.map((m) => m.adId)).toEqual([ids[4], ids[3]]);
    expect(first.messages[0]).toMatchObject({ status: 'failed', lastError: 'No email address', attempts: 1 });
    const third = await messages({ status: 'failed', pageSize: 2, page: 3 });
    expect(third.messages.map((m) => m.adId)).toEqual([ids[0]]);
    expect((await messages({ status: 'sent' })).total).toBe(0);
    const bad = await api.send('GET', '/api/advertiser-messages?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
  });

  it('without configuration writes a real .eml (and .json for SMS) under DATA_DIR/outbox', async () => {
    const { t, api, settled } = await setup();
    const user = await makeUser(t.database.db, { email: 'ruwan@example.lk', mobile: '0771112223', isVerified: true });
    const ad = await makeAd(t.database.db, { userId: user.id, heading: 'Flat in Galle' });
    await api.reject(ad.id, 'Price is missing.');
    const sent = await settled(ad.id);
    expect(sent.map((m) => [m.channel, m.status]).sort()).toEqual([
      ['email', 'sent'],
      ['sms', 'sent'],
    ]);
    const dir = path.join(t.dataDir, 'outbox');
    const email = sent.find((m) => m.channel === 'email')!;
    const eml = fs.readFileSync(path.join(dir, `advertiser-message-${email.id}.eml`), 'utf8');
    expect(eml).toMatch(/^To: ruwan@example\.lk$/m);
    expect(eml).toMatch(/^Subject: Your ad was not approved: Flat in Galle$/m);
    expect(eml).toMatch(/^Message-ID: <advertiser-message-\d+@localhost>$/m);
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('Price is missing.');
    const sms = sent.find((m) => m.channel === 'sms')!;
    const json = JSON.parse(fs.readFileSync(path.join(dir, `advertiser-message-${sms.id}.json`), 'utf8'));
    const text = 'Your ad "Flat in Galle" was not approved. Reason: Price is missing.';
    // The SMS gateway's body: one GSM-7 part for English (docs/decisions/0035-strikes-and-languages.md).
    expect(json).toEqual({ to: '+94771112223', text, encoding: 'gsm7', parts: [text] });
    expect(t.app.advertiserOutbox.embeddedDir).toBe(dir);
  });

  it('two claims racing for one message: exactly one sends it', async () => {
    const mail = await smtp();
    const { t, api, messages } = await setup({ SMTP_URL: mail.url, MESSAGE_WORKER: 'false' });
    const user = await makeUser(t.database.db);
    const ads = await Promise.all([1, 2, 3, 4, 5].map(() => makeAd(t.database.db, { userId: user.id })));
    for (const ad of ads) await api.approve(ad.id);
    const list = (await messages()).messages;
    expect(list.every((m) => m.status === 'queued')).toBe(true);
    const outbox = t.app.advertiserOutbox;
    await Promise.all(list.flatMap((m) => [outbox.deliver(m.id), outbox.deliver(m.id), outbox.deliver(m.id)]));
    expect((await messages({ status: 'sent' })).total).toBe(5);
    expect(mail.received).toHaveLength(5);
    expect(new Set(mail.received.map((m) => m.messageId)).size).toBe(5);
  });

  it.skipIf(testDb !== 'postgres')('two server instances on one PostgreSQL deliver each message once', async () => {
    const mail = await smtp();
    const env = { SMTP_URL: mail.url };
    const a = await setup(env);
    const b = await setup(env, a.t);
    const user = await makeUser(a.t.database.db);
    const ads = await Promise.all(Array.from({ length: 30 }, () => makeAd(a.t.database.db, { userId: user.id })));
    await Promise.all(ads.map((ad, i) => (i % 2 ? a.api : b.api).approve(ad.id)));
    // Both instances also look for due messages at once: more chances to double a message.
    await Promise.all([a.t.app.advertiserOutbox.wake(), b.t.app.advertiserOutbox.wake()]);
    await waitFor(async () => (await a.messages({ status: 'sent' })).total === 30);
    await waitFor(() => mail.received.length >= 30);
    // Give a doubled delivery the chance to show: every job has finished by now.
    await waitFor(async () => {
      const r = await a.t.database.db.execute(
        sql`select count(*)::int as n from graphile_worker.jobs where task_identifier <> 'analyse_ad'`,
      );
      return rowsOf<{ n: number }>(r)[0]!.n === 0;
    });
    expect(mail.received).toHaveLength(30);
    expect(new Set(mail.received.map((m) => m.messageId)).size).toBe(30);
  });
});
