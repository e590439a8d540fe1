import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AD_OVERDUE_HOURS, HIGH_PRIORITY_HOURS, type Advertisement } from '@backoffice/contract';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * The ads directory's views (issue 32.5, docs/decisions/0014-ad-moderation-rules.md "Views"), the
 * price on every ad, and the heading sort without regard to case (issue 32.10).
 */
describeApi('ads list views, price and heading order', () => {
  let t: TestApp;
  let asNimal: ReturnType<typeof adminClient>;
  let asSunil: ReturnType<typeof adminClient>;
  const HOUR = 3_600_000;
  const ago = (ms: number) => new Date(t.clock().getTime() - ms);
  const ids = (rows: Advertisement[]) => rows.map((r) => r._id);

  beforeAll(async () => {
    t = await buildTestApp({ env: { CLAIMS_PER_ADMIN: '100' } });
    const nimal = await makeAdmin(t.database.db, { name: 'Nimal Perera' });
    const sunil = await makeAdmin(t.database.db, { name: 'Sunil Silva' });
    asNimal = adminClient(t.app, await signIn(t.app, nimal.email));
    asSunil = adminClient(t.app, await signIn(t.app, sunil.email));
  });
  afterAll(() => t?.close());

  /** Every page of a query walked with Next (keyset cursors), as the pager does. */
  async function walk(query: Record<string, string | number>): Promise<string[]> {
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 1; page < 50; page++) {
      const res = await asNimal.list({ ...query, page, ...(after ? { after } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      seen.push(...ids(body.advertisements));
      if (body.advertisements.length < Number(query.pageSize)) return seen;
      after = body.cursors.end;
    }
    throw new Error('too many pages');
  }

  it('answers each ad with its price in rupees, or null', async () => {
    const priced = await makeAd(t.database.db, { price: 4_500_000, heading: 'Priced house' });
    const unpriced = await makeAd(t.database.db, { heading: 'Unpriced house' });
    const rows: Advertisement[] = (await asNimal.list({ q: 'priced house', pageSize: 10 })).json().advertisements;
    expect(rows.find((r) => r._id === priced.id)?.price).toBe(4_500_000);
    expect(rows.find((r) => r._id === unpriced.id)?.price).toBeNull();
    const approved = await asNimal.approve(priced.id);
    expect(approved.json().advertisement.price).toBe(4_500_000);
    await expect(makeAd(t.database.db, { price: -1 })).rejects.toThrow();
  });

  it('overdue lists pending ads older than 48 hours, and agrees with the High Priority figure', async () => {
    expect(AD_OVERDUE_HOURS).toBe(HIGH_PRIORITY_HOURS);
    const old = await makeAd(t.database.db, { postingDate: ago(AD_OVERDUE_HOURS * HOUR + 1000), category: 'Vehicles' });
    const fresh = await makeAd(t.database.db, { postingDate: ago(AD_OVERDUE_HOURS * HOUR - 1000) });
    const decided = await makeAd(t.database.db, { postingDate: ago(100 * HOUR), status: 'approved' });
    const res = await asNimal.list({ view: 'overdue', pageSize: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const shown = ids(body.advertisements);
    expect(shown).toContain(old.id);
    expect(shown).not.toContain(fresh.id);
    expect(shown).not.toContain(decided.id);
    expect(body.advertisements.every((r: Advertisement) => r.status === 'pending')).toBe(true);
    expect(body.total).toBe(shown.length);
    const dashboard = (await asNimal.send('GET', '/api/dashboard')).json();
    expect(dashboard.cards.pendingHighPriority).toBe(body.total);
    expect((await asNimal.count({ view: 'overdue' })).json().total).toBe(body.total);

    // A view narrows like any other filter.
    const vehicles = (await asNimal.list({ view: 'overdue', category: 'Vehicles', pageSize: 100 })).json();
    expect(ids(vehicles.advertisements)).toEqual([old.id]);
    expect(vehicles.total).toBe(1);
    expect((await asNimal.count({ view: 'overdue', category: 'Vehicles' })).json().total).toBe(1);
    const none = (await asNimal.list({ view: 'overdue', status: 'approved' })).json();
    expect([none.advertisements.length, none.total]).toEqual([0, 0]);

    // Time moves the boundary: the fresh ad becomes overdue two seconds later.
    t.clock.advance(2000);
    const later = (await asNimal.list({ view: 'overdue', pageSize: 100 })).json();
    expect(ids(later.advertisements)).toContain(fresh.id);
    expect(later.total).toBe(body.total + 1);
  });

  it('mine lists only the ads whose live claim the caller holds', async () => {
    const [a, b, c] = [await makeAd(t.database.db), await makeAd(t.database.db), await makeAd(t.database.db)];
    await asNimal.send('POST', `/api/advertisements/${a.id}/claim`);
    await asNimal.send('POST', `/api/advertisements/${b.id}/claim`);
    await asSunil.send('POST', `/api/advertisements/${c.id}/claim`);
    const mine = (await asNimal.list({ view: 'mine', sort: 'postingDate', order: 'asc' })).json();
    expect(ids(mine.advertisements)).toEqual([a.id, b.id]);
    expect(mine.total).toBe(2);
    expect(mine.advertisements[0].claim.by.name).toBe('Nimal Perera');
    expect((await asNimal.count({ view: 'mine' })).json().total).toBe(2);
    const sunils = (await asSunil.list({ view: 'mine' })).json();
    expect(ids(sunils.advertisements)).toEqual([c.id]);
    // A decision ends the claim, so the ad leaves the view.
    expect((await asNimal.approve(a.id)).statusCode).toBe(200);
    expect(ids((await asNimal.list({ view: 'mine' })).json().advertisements)).toEqual([b.id]);
    const paged = await walk({ view: 'mine', pageSize: 1 });
    expect(paged).toEqual([b.id]);
  });

  it('exports a view as the list shows it to the admin who asks (My claims, Overdue)', async () => {
    const [a, b] = [await makeAd(t.database.db), await makeAd(t.database.db)];
    await asSunil.send('POST', `/api/advertisements/${a.id}/claim`);
    await asNimal.send('POST', `/api/advertisements/${b.id}/claim`);
    /** The ids of an export's rows, and of the list's rows for the same view, in the same order. */
    const both = async (client: typeof asNimal, view: string) => {
      const res = await client.send('GET', `/api/advertisements/export?view=${view}`);
      expect(res.statusCode, res.body).toBe(200);
      const [, ...rows] = parse(res.body, { bom: true }) as string[][];
      const listed = ids((await client.list({ view, pageSize: 100 })).json().advertisements);
      return { exported: rows.map((r) => r[0]), listed };
    };
    const sunils = await both(asSunil, 'mine');
    expect(sunils.exported).toContain(a.id);
    expect(sunils.exported).not.toContain(b.id);
    expect(sunils.exported).toEqual(sunils.listed);
    const overdue = await both(asNimal, 'overdue');
    expect(overdue.exported.length).toBeGreaterThan(0);
    expect(overdue.exported).toEqual(overdue.listed);
    expect((await asNimal.send('GET', '/api/advertisements/export?view=urgent')).statusCode).toBe(400);
  });

  it('lists the ads decided today and in the last 30 days exactly as the dashboard counts them', async () => {
    const DAY = 24 * HOUR;
    const decided = (status: 'approved' | 'rejected', ms: number) =>
      makeAd(t.database.db, { status, moderatedAt: ago(ms), postingDate: ago(ms + DAY) });
    const approvedNow = await decided('approved', 1000);
    const approvedLongAgo = await decided('approved', 40 * DAY);
    const rejectedRecently = await decided('rejected', 29 * DAY);
    const rejectedLongAgo = await decided('rejected', 31 * DAY);
    const cards = (await asNimal.send('GET', '/api/dashboard?period=week')).json().cards;
    const all = async (query: Record<string, string>) => {
      const res = await asNimal.list({ ...query, pageSize: 100 });
      expect(res.statusCode, res.body).toBe(200);
      const count = (await asNimal.count(query)).json().total;
      return { ids: ids(res.json().advertisements), count };
    };
    const today = await all({ status: 'approved', decided: 'today' });
    expect(today.ids).toContain(approvedNow.id);
    expect(today.ids).not.toContain(approvedLongAgo.id);
    expect([today.ids.length, today.count]).toEqual([cards.approvedToday, cards.approvedToday]);
    const recent = await all({ status: 'rejected', decided: 'last30Days' });
    expect(recent.ids).toContain(rejectedRecently.id);
    expect(recent.ids).not.toContain(rejectedLongAgo.id);
    expect([recent.ids.length, recent.count]).toEqual([cards.rejectedLast30Days, cards.rejectedLast30Days]);
    // Pending ads were never decided; an unknown range is refused.
    expect((await all({ status: 'pending', decided: 'today' })).ids).toEqual([]);
    expect((await asNimal.list({ decided: 'yesterday' })).statusCode).toBe(400);
  });

  it('refuses an unknown view with 400', async () => {
    const res = await asNimal.list({ view: 'urgent' });
    expect(res.statusCode).toBe(400);
    expect((await asNimal.count({ view: 'urgent' })).statusCode).toBe(400);
  });

  it('pages pending oldest first with cursors, each pending ad once, in posting order', async () => {
    const all = await walk({ status: 'pending', sort: 'postingDate', order: 'asc', pageSize: 100 });
    const paged = await walk({ status: 'pending', sort: 'postingDate', order: 'asc', pageSize: 2 });
    expect(paged).toEqual(all);
    expect(paged.length).toBeGreaterThan(4);
    const rows: Advertisement[] = (
      await asNimal.list({ status: 'pending', sort: 'postingDate', order: 'asc', pageSize: 100 })
    ).json().advertisements;
    const dates = rows.map((r) => Date.parse(r.postingDate));
    expect(dates).toEqual([...dates].sort((x, y) => x - y));
  });

  it('sorts headings without regard to case, and cursor pages follow the same order', async () => {
    const headings = ['Zebra crossing flat', 'apple orchard land', 'Mango grove', 'banana estate', 'APRICOT villa'];
    for (const heading of headings) await makeAd(t.database.db, { heading, district: 'Heading-test' });
    const order = (rows: Advertisement[]) => rows.map((r) => r.heading);
    const asc = (await asNimal.list({ district: 'Heading-test', sort: 'heading', order: 'asc' })).json();
    expect(order(asc.advertisements)).toEqual([
      'apple orchard land',
      'APRICOT villa',
      'banana estate',
      'Mango grove',
      'Zebra crossing flat',
    ]);
    const paged = await walk({ district: 'Heading-test', sort: 'heading', order: 'asc', pageSize: 2 });
    expect(paged).toEqual(ids(asc.advertisements));
    const desc = await walk({ district: 'Heading-test', sort: 'heading', order: 'desc', pageSize: 2 });
    expect(desc).toEqual(ids(asc.advertisements).reverse());
    // Previous from the last page comes back the same way.
    const query = { district: 'Heading-test', sort: 'heading', order: 'asc', pageSize: 2 };
    const last = (await asNimal.list({ ...query, last: 1, page: 3 })).json();
    expect(order(last.advertisements)).toEqual(['Zebra crossing flat']);
    const before = (await asNimal.list({ ...query, page: 2, before: last.cursors.start })).json();
    expect(order(before.advertisements)).toEqual(['banana estate', 'Mango grove']);
  });
});
