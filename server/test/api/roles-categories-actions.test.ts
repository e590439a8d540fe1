import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { roleMessages } from '@backoffice/contract';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { addOpenReports } from '../support/report-factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';
import { rowsOf } from '../../src/db/client';
import { AD_ROUTES } from '../../src/modules/access/ad-scope';
import { analyseAds } from '../../src/modules/signals/signals-analysis';

/**
 * Issue 36.3 (docs/decisions/0033-roles.md, "Category scoping"): a moderator limited to categories
 * cannot act on, read or export an ad of another category, on any route about one ad.
 */
describeApi('roles: a scoped moderator and the ads of other categories', () => {
  let t: TestApp;
  let moderator = '';
  let administrator = '';
  let jobs = '';
  let vehicles = '';
  let review = '';
  let report = '';
  let message = '';
  let advertiser = '';
  const call = (method: string, url: string, cookie: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: { origin: ORIGIN, cookie }, payload });
  const snapshot = async () => {
    const tables = ['advertisements', 'ad_claims', 'second_reviews', 'reports', 'advertiser_messages', 'audit_events'];
    const out: Record<string, unknown> = {};
    for (const table of tables)
      out[table] = rowsOf(await t.database.db.execute(sql`select * from ${sql.identifier(table)} order by 1`));
    return JSON.stringify(out);
  };

  beforeAll(async () => {
    // No decision is sampled into second review: the list of second reviews below is exact.
    t = await buildTestApp({ random: () => 1 });
    const db = t.database.db;
    advertiser = (await makeUser(db)).id;
    jobs = (await makeAd(db, { category: 'Jobs', status: 'pending', heading: 'Scoped jobs ad' })).id;
    vehicles = (
      await makeAd(db, { category: 'Vehicles', status: 'approved', heading: 'Outside vehicles ad', userId: advertiser })
    ).id;
    const scoped = await makeAdmin(db, { role: 'moderator', categories: ['Jobs'] });
    moderator = await signIn(t.app, scoped.email);
    administrator = await signIn(t.app, (await makeAdmin(db)).email);
    const now = new Date().toISOString();
    review = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into second_reviews (ad_id, ad_heading, decision, decided_by_name, decided_at)
        values (${vehicles}, 'Outside vehicles ad', 'approved', 'Someone', ${now}) returning id`),
    )[0]!.id;
    report = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into reports (kind, ad_id, reason, text, reporter_key, day)
        values ('ad', ${vehicles}, 'scam', 'A scam', 'someone@example.com', ${now.slice(0, 10)}) returning id`),
    )[0]!.id;
    message = String(
      rowsOf<{ id: string | number }>(
        await db.execute(sql`
          insert into advertiser_messages (ad_id, kind, channel, ad_heading, status, next_attempt_at, created_at, updated_at)
          values (${vehicles}, 'approved', 'email', 'Outside vehicles ad', 'failed', ${now}, ${now}, ${now}) returning id`),
      )[0]!.id,
    );
  });
  afterAll(() => t?.close());

  /** A request of each route about one ad, for the ad (or the row about it) of `id`. */
  const requests = (id: string): Array<[string, string, object?]> => [
    ['GET', `/api/advertisements/${id}`],
    ['GET', `/api/advertisements/${id}/advertiser`],
    ['GET', `/api/advertisements/${id}/history`],
    ['GET', `/api/advertisements/${id}/signals`],
    ['GET', `/api/advertisements/${id}/duplicates`],
    ['PUT', `/api/advertisements/${id}/status`, { status: 'rejected', rejectionReason: 'Not allowed here' }],
    ['PUT', `/api/advertisements/${id}/images`, { images: [] }],
    ['POST', `/api/advertisements/${id}/claim`],
    ['DELETE', `/api/advertisements/${id}/claim`],
    ['POST', `/api/advertisements/${id}/dismiss-reports`],
    ['DELETE', `/api/users/${advertiser}/strikes/${id}`, { note: 'Removed' }],
    ['DELETE', `/api/advertisements/${id}`],
  ];

  it('names every route about one ad in the table the guard reads', () => {
    const aboutOne = t.app.routeList
      .filter((r) => r.method !== 'HEAD')
      .filter((r) => /^\/api\/advertisements\/:id(\/|$)/.test(r.url) || /:adId\b/.test(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(aboutOne.length).toBeGreaterThanOrEqual(12);
    expect(aboutOne.filter((key) => !AD_ROUTES[key])).toEqual([]);
  });

  it('refuses every route about an ad of another category with 403, and changes nothing', async () => {
    const before = await snapshot();
    const rows = [
      ...requests(vehicles),
      ['POST', `/api/second-reviews/${review}/answer`, { answer: 'disagree' }],
      ['POST', `/api/second-reviews/${review}/settle`, { action: 'kept' }],
      ['PUT', `/api/reports/${report}`, { state: 'dismissed' }],
      ['POST', `/api/advertiser-messages/${message}/retry`],
    ] as Array<[string, string, object?]>;
    for (const [method, url, payload] of rows) {
      const res = await call(method, url, moderator, payload);
      expect({ method, url, status: res.statusCode, message: res.json().message }).toEqual({
        method,
        url,
        status: 403,
        message: roleMessages.outsideCategories,
      });
    }
    expect(await snapshot()).toBe(before);
  });

  it('lets the moderator open and decide an ad of their categories, and an administrator any ad', async () => {
    expect((await call('GET', `/api/advertisements/${jobs}`, moderator)).statusCode).toBe(200);
    expect((await call('GET', `/api/advertisements/${jobs}/signals`, moderator)).statusCode).toBe(200);
    expect((await call('POST', `/api/advertisements/${jobs}/claim`, moderator)).statusCode).toBe(200);
    expect((await call('GET', `/api/advertisements/${vehicles}`, administrator)).statusCode).toBe(200);
    expect((await call('GET', `/api/advertisements/${vehicles}/history`, administrator)).statusCode).toBe(200);
    // An ad that does not exist stays a 404.
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/api/advertisements/${missing}`, moderator)).statusCode).toBe(404);
  });

  it('refuses a bulk decision by ids with one ad of another category, all or nothing', async () => {
    const before = await snapshot();
    const res = await call('POST', '/api/advertisements/bulk-status', moderator, {
      status: 'approved',
      ids: [jobs, vehicles],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(roleMessages.outsideCategories);
    expect(await snapshot()).toBe(before);
    const own = await call('POST', '/api/advertisements/bulk-status', moderator, { status: 'approved', ids: [jobs] });
    expect(own.statusCode).toBe(200);
    const ad = await call('GET', `/api/advertisements/${jobs}`, moderator);
    expect(ad.json().advertisement.status).toBe('approved');
  });

  it('exports only their categories, in the ads export and the Data Extract', async () => {
    for (const url of ['/api/advertisements/export?status=all', '/api/data-extract/ads/export?status=all']) {
      const mine = await call('GET', url, moderator);
      expect(mine.statusCode).toBe(200);
      expect(mine.body).toContain('Scoped jobs ad');
      expect(mine.body).not.toContain('Outside vehicles ad');
      const all = await call('GET', url, administrator);
      expect(all.body).toContain('Outside vehicles ad');
    }
    const count = await call('GET', '/api/data-extract/ads/count?status=all', moderator);
    expect(count.json().total).toBe(1);
  });

  it('lists the near-duplicates of their categories only', async () => {
    const db = t.database.db;
    const text = {
      heading: 'Brand new iPhone 15 Pro Max 256GB sealed box',
      details: 'Original Apple warranty, bought in Dubai, unopened, cash on delivery in Colombo only.',
      phone1: null,
    };
    const [a, b, c] = [
      await makeAd(db, { ...text, category: 'Jobs', username: 'copy.one' }),
      await makeAd(db, { ...text, category: 'Jobs', username: 'copy.two' }),
      await makeAd(db, { ...text, category: 'Vehicles', username: 'copy.three' }),
    ];
    await analyseAds({ db, storage: t.app.storage, clock: t.clock }, [a!.id, b!.id, c!.id]);
    const ids = async (cookie: string) =>
      (await call('GET', `/api/advertisements/${a!.id}/duplicates`, cookie))
        .json()
        .duplicates.map((d: { _id: string }) => d._id)
        .sort();
    expect(await ids(administrator)).toEqual([b!.id, c!.id].sort());
    expect(await ids(moderator)).toEqual([b!.id]);
  });

  it('lists the second reviews of their categories only', async () => {
    const now = new Date().toISOString();
    const own = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into second_reviews (ad_id, ad_heading, decision, decided_by_name, decided_at)
        values (${jobs}, 'Scoped jobs ad', 'approved', 'Someone', ${now}) returning id`),
    )[0]!.id;
    const ids = async (cookie: string) =>
      (await call('GET', '/api/second-reviews?state=open', cookie))
        .json()
        .items.map((i: { _id: string }) => i._id)
        .sort();
    expect(await ids(administrator)).toEqual([own, review].sort());
    expect(await ids(moderator)).toEqual([own]);
  });

  it('lists the messages about their categories’ ads only', async () => {
    const now = new Date().toISOString();
    await t.database.db.execute(sql`
      insert into advertiser_messages (ad_id, kind, channel, ad_heading, status, next_attempt_at, created_at, updated_at)
      values (${jobs}, 'approved', 'email', 'Scoped jobs ad', 'failed', ${now}, ${now}, ${now})`);
    const headings = async (cookie: string) =>
      (await call('GET', '/api/advertiser-messages?status=failed', cookie))
        .json()
        .messages.map((m: { adHeading: string }) => m.adHeading)
        .sort();
    expect(await headings(administrator)).toContain('Outside vehicles ad');
    const theirs = await headings(moderator);
    expect(theirs).toContain('Scoped jobs ad');
    expect(theirs).not.toContain('Outside vehicles ad');
  });

  it('lists the reports of their categories’ ads, and bug reports', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const insert = async (kind: string, adId: string | null) =>
      rowsOf<{ id: string }>(
        await t.database.db.execute(sql`
          insert into reports (kind, ad_id, ad_heading, reason, text, reporter_key, day)
          values (${kind}, ${adId}, 'A heading', 'other', 'Something', ${`r.${kind}.${adId}`}, ${day}) returning id`),
      )[0]!.id;
    const own = await insert('ad', jobs);
    const bug = await insert('bug', null);
    const ids = async (cookie: string) =>
      (await call('GET', '/api/reports?pageSize=100', cookie))
        .json()
        .reports.map((r: { _id: string }) => r._id)
        .sort();
    expect(await ids(administrator)).toEqual([own, bug, report].sort());
    expect(await ids(moderator)).toEqual([own, bug].sort());
    const count = await call('GET', '/api/reports?pageSize=1', moderator);
    expect(count.json().total).toBe(2);
  });

  it('shows only their categories in the Reported view', async () => {
    await addOpenReports(t.database.db, null, 1000);
    const res = await call('GET', '/api/advertisements/list?status=all&view=reported&pageSize=50', moderator);
    expect(res.statusCode).toBe(200);
    const ids = res.json().advertisements.map((a: { _id: string }) => a._id);
    expect(ids).toEqual([jobs]);
    const all = await call('GET', '/api/advertisements/list?status=all&view=reported&pageSize=50', administrator);
    expect(all.json().advertisements.map((a: { _id: string }) => a._id)).toContain(vehicles);
  });
});
