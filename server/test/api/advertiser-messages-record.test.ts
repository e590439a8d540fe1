import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { e164Sql } from '../../src/messages/outbox-repository';
import { smsRecipient, toE164 } from '../../src/messages/phone';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { startSmtpServer, waitFor } from '../support/message-servers';
import { buildTestApp, describeApi, testDb } from '../support/test-app';

/**
 * The decision's side of the outbox (docs/decisions/0022-advertiser-messages.md): one statement
 * writes its messages, with the mobile in E.164 worked out in SQL; the jobs come after the commit.
 */
describeApi('writing a decision’s messages', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /**
   * SQL writes a candidate by the number's shape; delivery sends it only if libphonenumber-js finds
   * it a valid number in E.164 (smsRecipient). Together: what is texted is what toE164 makes of the
   * form, or nothing (issue 38).
   */
  it('writes mobiles in E.164 in SQL; what delivery then texts is what toE164 makes of the form', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    const forms = [
      '077 123 4567',
      '0771234567',
      '+94 77 123 4567',
      '94771234567',
      '0094771234567',
      '(077) 123-4567',
      '077.123.4567',
      '+447700900123',
      '+1 415 555 0100',
      '0094 77 123 456',
      '77 123 4567',
      '12345',
      '+0771234567',
      '071234567x',
      '',
      '\t0771234567 ',
    ];
    for (const form of forms) {
      const [row] = rowsOf<{ e164: string | null }>(
        await t.database.db.execute(sql`select ${e164Sql(sql`${form}::text`)} as e164`),
      );
      const texted = row!.e164 === null ? null : smsRecipient(row!.e164);
      expect([form, texted]).toEqual([form, toE164(form)]);
    }
  });

  it.skipIf(testDb !== 'postgres')(
    'a message whose job was never added (a crash right after the commit) is delivered by the next look for due ones',
    async () => {
      const mail = await startSmtpServer();
      cleanups.push(mail.close);
      const t = await buildTestApp({ env: { SMTP_URL: mail.url } });
      cleanups.push(() => t.close());
      const user = await makeUser(t.database.db, { email: 'kamal@example.lk' });
      const ad = await makeAd(t.database.db, { userId: user.id, heading: 'Bicycle' });
      const outbox = t.app.advertiserOutbox;
      // Written and committed as a decision does, but never followed by afterCommit.
      const ids = await t.database.db.transaction((tx) =>
        outbox.record(tx, { adId: ad.id, userId: user.id, kind: 'approved', heading: 'Bicycle', reason: null }),
      );
      expect(ids).toHaveLength(1);
      const jobs = async () =>
        rowsOf<{ n: number }>(
          await t.database.db.execute(
            sql`select count(*)::int as n from graphile_worker.jobs where task_identifier <> 'analyse_ad'`,
          ),
        )[0]!.n;
      expect(await jobs()).toBe(0);
      await outbox.wake();
      await waitFor(() => mail.received.length >= 1);
      await waitFor(async () => (await outbox.find(ids[0]!))?.status === 'sent' && (await jobs()) === 0);
      expect(mail.received.map((m) => m.to)).toEqual([['kamal@example.lk']]);
    },
  );

  it.skipIf(testDb !== 'postgres')(
    'a bulk decision of more than 500 ads writes every message and queues one job that delivers them',
    async () => {
      const t = await buildTestApp({ env: { MESSAGE_WORKER: 'false' } });
      cleanups.push(() => t.close());
      const admin = await makeAdmin(t.database.db);
      const api = adminClient(t.app, await signIn(t.app, admin.email));
      const user = await makeUser(t.database.db);
      await t.database.db.execute(sql`insert into advertisements (user_id, title, heading, username, category, district)
      select ${user.id}::uuid, 'Ad ' || i, 'Heading ' || i, ${user.username}, 'Vehicles', 'Colombo'
      from generate_series(1, 520) i`);
      const res = await api.bulk({ status: 'approved', match: { status: 'pending' }, max: 520 });
      expect(res.json()).toMatchObject({ ok: 520, failed: 0 });
      // No delivering process here, so no look for due messages: only the job added after the commits.
      await waitFor(async () => {
        const [r] = rowsOf<{ jobs: number; messages: number }>(
          await t.database.db
            .execute(sql`select (select count(*)::int from graphile_worker.jobs where task_identifier <> 'analyse_ad') as jobs,
            (select count(*)::int from advertiser_messages) as messages`),
        );
        // An email and a text (the advertiser's mobile is verified) for each ad.
        return r!.messages === 1040 && r!.jobs === 1;
      });
    },
  );
});
