import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { MAX_REPORT_TEXT, reportMessages } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { databaseSnapshot } from '../support/db-snapshot';
import { makeAd } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

const TOKEN = 'public-site-token-0123456789';
const NEXT = 'rotated-token-abcdefghijklmnop';

/** POST /api/public/reports (docs/decisions/0034-reports.md): the intake's token, de-duplication, throttles and bad input. */
describeApi('public report intake', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup(env: Record<string, string> = {}) {
    const t = await buildTestApp({
      env: { PUBLIC_REPORT_TOKENS: `${TOKEN}, ${NEXT}`, MESSAGE_WORKER: 'false', ...env },
    });
    cleanups.push(() => t.close());
    const report = (payload: unknown, token: string | null = TOKEN, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/reports',
        headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers },
        payload: payload as object,
      });
    return { t, report };
  }

  const reports = async (t: TestApp) =>
    rowsOf<{ id: string; kind: string; count: number; ad_id: string | null; reporter_key: string; weight: number }>(
      await t.database.db.execute(
        sql`select id, kind, count, ad_id, reporter_key, weight from reports order by created_at, id`,
      ),
    );

  it('answers 404 when PUBLIC_REPORT_TOKENS is unset, whatever is sent', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/reports',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { kind: 'bug', reason: 'other', text: 'Broken' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('stores a report sent with either token, with no cookie, no Origin and no CORS headers', async () => {
    const { t, report } = await setup();
    const ad = await makeAd(t.database.db, { heading: 'Cheap iPhone 15', status: 'approved' });
    const first = await report({
      kind: 'ad',
      adId: ad.id,
      reason: 'scam',
      text: 'Asked me to pay in advance',
      reporter: { email: 'Saman@Example.lk', address: '203.0.113.7' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ success: true, id: expect.any(String) });
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.headers['access-control-allow-origin']).toBeUndefined();
    const second = await report({ kind: 'bug', reason: 'other', text: 'Search is broken', page: '/search' }, NEXT);
    expect(second.statusCode).toBe(201);
    const rows = (await reports(t)).sort((a, b) => a.kind.localeCompare(b.kind));
    expect(rows.map((r) => [r.kind, r.ad_id, r.reporter_key])).toEqual([
      ['ad', ad.id, 'email:saman@example.lk'],
      ['bug', null, 'anonymous'],
    ]);
    // The approved ad counts the open report (the Reported view reads it).
    const [counters] = rowsOf<{ open_reports: number; report_weight: number }>(
      await t.database.db.execute(sql`select open_reports, report_weight from ad_reports where ad_id = ${ad.id}`),
    );
    expect(counters).toEqual({ open_reports: 1, report_weight: 1 });
  });

  it('refuses a missing or wrong token with a 401 and stores nothing', async () => {
    const { t, report } = await setup();
    const body = { kind: 'bug', reason: 'other', text: 'Broken' };
    const before = await databaseSnapshot(t.database.db);
    for (const [token, headers] of [
      [null, {}],
      ['wrong-token-wrong-token-wrong', {}],
      [`${TOKEN}x`, {}],
      [null, { authorization: TOKEN }],
      [null, { authorization: `Basic ${TOKEN}` }],
    ] as const) {
      const res = await report(body, token, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(reportMessages.badToken);
    }
    expect(await databaseSnapshot(t.database.db)).toEqual(before);
  });

  it('answers an unknown ad with a 404 and every bad body with a 400 naming the field, storing nothing', async () => {
    const { t, report } = await setup();
    const ad = await makeAd(t.database.db);
    const before = await databaseSnapshot(t.database.db);
    const missing = await report({
      kind: 'ad',
      adId: '00000000-0000-4000-8000-000000000000',
      reason: 'scam',
      text: 'x',
    });
    expect([missing.statusCode, missing.json().message]).toEqual([404, reportMessages.adNotFound]);
    const good = { kind: 'ad', adId: ad.id, reason: 'scam', text: 'Fake' };
    const bad: [unknown, string][] = [
      [{ ...good, kind: 'shop' }, 'kind'],
      [{ ...good, reason: 'ugly' }, 'reason'],
      [{ ...good, text: '' }, 'text'],
      [{ ...good, text: '   ' }, 'text'],
      [{ ...good, text: 'x'.repeat(MAX_REPORT_TEXT + 1) }, 'text'],
      [{ ...good, text: undefined }, 'text'],
      [{ ...good, adId: 'not-a-uuid' }, 'adId'],
      [{ ...good, adId: undefined }, 'adId'],
      [{ kind: 'bug', adId: ad.id, reason: 'other', text: 'x' }, 'adId'],
      [{ ...good, reporter: { email: 'not-an-email', address: '1.2.3.4' } }, 'reporter.email'],
      [{ ...good, reporter: { phone: 'call me', address: '1.2.3.4' } }, 'reporter.phone'],
      [{ ...good, reporter: { email: 'a@b.lk' } }, 'reporter.address'],
      [{ ...good, reporter: { address: '1.2.3.4', language: 'fr' } }, 'reporter.language'],
      [{ ...good, page: 'x'.repeat(2001) }, 'page'],
      [{ ...good, extra: true }, '_'],
      [[], '_'],
    ];
    for (const [body, field] of bad) {
      const res = await report(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      const json = res.json();
      expect(json.success).toBe(false);
      if (field !== '_') expect(Object.keys(json.errors ?? {}), field).toContain(field);
    }
    expect(await databaseSnapshot(t.database.db)).toEqual(before);
  });

  it('counts the same reporter and ad on the same day as one report, and a new day as another', async () => {
    const { t, report } = await setup();
    const ad = await makeAd(t.database.db, { status: 'approved' });
    const body = {
      kind: 'ad',
      adId: ad.id,
      reason: 'scam',
      text: 'Fake',
      reporter: { phone: '077 123 4567', address: 'a' },
    };
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await report(body)).json().id);
    expect(new Set(ids).size).toBe(1);
    // Another reporter is another report.
    await report({ ...body, reporter: { email: 'x@example.lk', address: 'b' } });
    t.clock.advance(24 * 3_600_000);
    const nextDay = (await report(body)).json().id;
    expect(nextDay).not.toBe(ids[0]);
    expect(
      (await reports(t))
        .map((r) => r.count)
        .sort()
        .reverse(),
    ).toEqual([3, 1, 1]);
    const [ad1] = rowsOf<{ open_reports: number }>(
      await t.database.db.execute(sql`select open_reports from ad_reports where ad_id = ${ad.id}`),
    );
    expect(ad1!.open_reports).toBe(3);
  });

  it('throttles per token (every token its own window) and per reporter address, with Retry-After', async () => {
    const { t, report } = await setup({ REPORTS_PER_MINUTE: '4', REPORTS_PER_REPORTER: '2' });
    const bug = (address: string) => ({ kind: 'bug', reason: 'other', text: 'Broken', reporter: { address } });
    expect((await report(bug('a'))).statusCode).toBe(201);
    expect((await report(bug('a'))).statusCode).toBe(201);
    const byAddress = await report(bug('a'));
    expect([byAddress.statusCode, byAddress.json().message]).toEqual([429, reportMessages.throttled]);
    expect(Number(byAddress.headers['retry-after'])).toBeGreaterThan(0);
    // The token's fourth in the minute passes (another address; the refused one counted); its fifth does not, the other token's does.
    expect((await report(bug('b'))).statusCode).toBe(201);
    const byToken = await report(bug('c'));
    expect(byToken.statusCode).toBe(429);
    expect((await report(bug('c'), NEXT)).statusCode).toBe(201);
    expect(await reports(t)).toHaveLength(4);
    // A minute later the token may send again; the address waits for its hour.
    t.clock.advance(60_000);
    expect((await report(bug('d'))).statusCode).toBe(201);
    expect((await report(bug('a'))).statusCode).toBe(429);
    t.clock.advance(3_600_000);
    expect((await report(bug('a'))).statusCode).toBe(201);
  });
});
