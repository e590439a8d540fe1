import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { reportMessages, type ListedReport, type ReportListResponse } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { adminClient } from '../support/ads-helpers';
import { databaseSnapshot } from '../support/db-snapshot';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { startSmtpServer, waitFor } from '../support/message-servers';
import { buildTestApp, describeApi } from '../support/test-app';

const TOKEN = 'public-site-token-0123456789';

/** The Bug Reports inbox's calls: GET /api/reports and PUT /api/reports/{id} (docs/decisions/0034-reports.md). */
describeApi('reports inbox', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup(env: Record<string, string> = {}) {
    const t = await buildTestApp({ env: { PUBLIC_REPORT_TOKENS: TOKEN, ...env } });
    cleanups.push(() => t.close());
    const admin = await makeAdmin(t.database.db);
    const api = adminClient(t.app, await signIn(t.app, admin.email));
    const report = async (payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/public/reports',
        headers: { authorization: `Bearer ${TOKEN}` },
        payload,
      });
      expect(res.statusCode).toBe(201);
      t.clock.advance(1000);
      return res.json<{ id: string }>().id;
    };
    const list = async (query: Record<string, string | number> = {}) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
      const res = await api.send('GET', `/api/reports?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ReportListResponse>();
    };
    const put = (id: string, body: object) => api.send('PUT', `/api/reports/${id}`, body);
    return { t, admin, api, report, list, put };
  }

  it('lists newest first with the ad and reporter, filters by kind, reason and state, searches, and pages by cursor', async () => {
    const { t, report, list, put } = await setup();
    const ad = await makeAd(t.database.db, { heading: 'Toyota Aqua 2015', status: 'pending' });
    const scam = await report({
      kind: 'ad',
      adId: ad.id,
      reason: 'scam',
      text: 'Wants a deposit by bank transfer',
      reporter: { email: 'saman@example.lk', address: '203.0.113.7' },
    });
    const bug = await report({ kind: 'bug', reason: 'other', text: 'The search page is blank', page: '/search?q=car' });
    const dup = await report({ kind: 'ad', adId: ad.id, reason: 'duplicate', text: 'Posted twice' });
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.reports.map((r) => r._id)).toEqual([dup, bug, scam]);
    const first = all.reports.find((r) => r._id === scam)!;
    expect(first).toMatchObject({
      kind: 'ad',
      reason: 'scam',
      count: 1,
      state: 'open',
      ad: { _id: ad.id, heading: 'Toyota Aqua 2015', status: 'pending' },
      reporter: { email: 'saman@example.lk', phone: null, address: '203.0.113.7' },
      assignee: null,
      replies: [],
    });
    expect(all.reports.find((r) => r._id === bug)).toMatchObject({ kind: 'bug', page: '/search?q=car' });
    expect(all.reports.find((r) => r._id === bug)!.ad).toBeUndefined();

    expect((await list({ kind: 'bug' })).reports.map((r) => r._id)).toEqual([bug]);
    expect((await list({ reason: 'duplicate' })).reports.map((r) => r._id)).toEqual([dup]);
    expect((await list({ q: 'deposit' })).reports.map((r) => r._id)).toEqual([scam]);
    expect((await list({ q: 'aqua' })).reports.map((r) => r._id)).toEqual([dup, scam]);
    expect((await list({ q: '100%_' })).reports).toEqual([]);
    expect((await put(bug, { state: 'resolved' })).statusCode).toBe(200);
    expect((await list({ state: 'open' })).reports.map((r) => r._id)).toEqual([dup, scam]);
    expect((await list({ state: 'resolved', kind: 'bug' })).total).toBe(1);

    // Keyset pages: every report once, in order, the total on the first page only.
    for (let i = 0; i < 4; i++) await report({ kind: 'bug', reason: 'other', text: `Bug ${i}` });
    const seen: string[] = [];
    let page = await list({ pageSize: 3 });
    expect(page.total).toBe(7);
    for (;;) {
      seen.push(...page.reports.map((r) => r._id));
      if (!page.nextCursor) break;
      page = await list({ pageSize: 3, cursor: page.nextCursor });
      expect(page.total).toBeUndefined();
    }
    expect(seen).toEqual((await list({ pageSize: 100 })).reports.map((r) => r._id));
    expect(new Set(seen).size).toBe(7);
  });

  it('refuses bad queries with a 400', async () => {
    const { api } = await setup();
    for (const qs of [
      'kind=shop',
      'reason=ugly',
      'state=closed',
      'cursor=abc',
      `cursor=${Buffer.from('["r","x"]').toString('base64url')}`,
      'pageSize=0',
      'pageSize=1000',
      `q=${'x'.repeat(201)}`,
      'other=1',
    ]) {
      const res = await api.send('GET', `/api/reports?${qs}`);
      expect(res.statusCode, qs).toBe(400);
    }
  });

  it('assigns to oneself, keeps a note, and refuses bad changes with a 4xx that changes nothing', async () => {
    const { t, admin, report, put } = await setup();
    const other = await makeAdmin(t.database.db);
    const id = await report({ kind: 'bug', reason: 'other', text: 'Logo is blurry' });
    const assigned = await put(id, { assignee: admin.id, note: 'Looking at it' });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<{ report: ListedReport }>().report).toMatchObject({
      assignee: { _id: admin.id },
      note: 'Looking at it',
      state: 'open',
    });
    const before = await databaseSnapshot(t.database.db);
    const bad: [string, object, number, string?][] = [
      [id, {}, 400, reportMessages.nothingToChange],
      [id, { assignee: other.id }, 400, reportMessages.badAssignee],
      [id, { reply: 'Thanks' }, 400, reportMessages.replyNeedsClose],
      [id, { state: 'resolved', reply: 'Thanks' }, 400, reportMessages.noReporterAddress],
      [id, { state: 'done' }, 400],
      [id, { note: 'x'.repeat(2001) }, 400],
      [id, { extra: 1 }, 400],
      ['00000000-0000-4000-8000-000000000000', { note: 'x' }, 404, reportMessages.notFound],
      ['not-an-id', { note: 'x' }, 400],
    ];
    for (const [target, body, status, message] of bad) {
      const res = await put(target, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await databaseSnapshot(t.database.db)).toEqual(before);
    expect((await put(id, { state: 'dismissed' })).statusCode).toBe(200);
    const again = await put(id, { state: 'resolved' });
    expect([again.statusCode, again.json().message]).toEqual([409, reportMessages.alreadyClosed]);
    // Every change is in the audit trail.
    const entries = rowsOf<{ action: string; details: { fields: string[]; to?: string } }>(
      await t.database.db.execute(
        sql`select action, details from audit_events where entity = 'report' and entity_id = ${id} order by at, id`,
      ),
    );
    expect(entries.map((e) => [e.action, e.details.fields, e.details.to])).toEqual([
      ['updated', ['assignee', 'note'], undefined],
      ['updated', ['state'], 'dismissed'],
    ]);
  });

  it('resolves with a reply delivered to the reporter through a real SMTP server, its status in the inbox', async () => {
    const mail = await startSmtpServer();
    cleanups.push(mail.close);
    const { t, report, list, put } = await setup({ SMTP_URL: mail.url, MAIL_FROM: 'Ads <no-reply@ads.example.lk>' });
    const ad = await makeAd(t.database.db, { heading: 'Land in <Kandy>', status: 'approved' });
    const id = await report({
      kind: 'ad',
      adId: ad.id,
      reason: 'scam',
      text: 'Fake owner',
      reporter: { email: 'nimali@example.lk', address: '198.51.100.4' },
    });
    const reply = 'Thank you: we removed the ad and blocked the advertiser.';
    const res = await put(id, { state: 'resolved', reply });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ report: ListedReport }>().report).toMatchObject({ state: 'resolved', reply });
    await waitFor(() => mail.received.length >= 1);
    const [sent] = mail.received;
    expect(sent!.to).toEqual(['nimali@example.lk']);
    expect(sent!.text).toMatch(/^Subject: About your report: Land in <Kandy>$/m);
    expect(sent!.text).toContain(reply);
    expect(sent!.text).toContain('<strong>Land in &lt;Kandy&gt;</strong>');
    const shown = await waitFor(async () => {
      const r = (await list()).reports.find((x) => x._id === id)!;
      return r.replies.length === 1 && r.replies[0]!.status === 'sent' && r;
    });
    expect(shown.replies).toEqual([{ channel: 'email', status: 'sent', lastError: null }]);
    expect(shown.closedAt).not.toBeNull();
    // The approved ad's open report is closed: it counts no more.
    const [counters] = rowsOf<{ open_reports: number }>(
      await t.database.db.execute(sql`select open_reports from ad_reports where ad_id = ${ad.id}`),
    );
    expect(counters!.open_reports).toBe(0);
  });
});
