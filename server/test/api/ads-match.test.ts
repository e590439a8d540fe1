import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { adMessages, MAX_MATCH_BATCH } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { advertisements } from '../../src/db/schema';
import { purgeAuditTrail } from '../support/audit-purge';
import { adminClient, adsSnapshot, summaryMatchesTable } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, testDb, type TestApp } from '../support/test-app';

/** Select all matching on POST /api/advertisements/bulk-status (docs/decisions/0018-exports-and-bulk.md). */
describeApi('bulk-status with a match', () => {
  let t: TestApp;
  let api: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    api = adminClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(advertisements);
    await purgeAuditTrail(t.database.db);
  });

  const db = () => t.database.db;
  const seed = async (n: number, overrides: Parameters<typeof makeAd>[1] = {}) => {
    const ads = [];
    for (let i = 0; i < n; i++) ads.push(await makeAd(db(), { status: 'pending', ...overrides }));
    return ads;
  };
  /** How many decisions each ad has in the audit trail: an ad decided twice would show 2. */
  const eventsPerAd = async () =>
    rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from audit_events where action in ('approved', 'rejected') group by entity_id`,
      ),
    ).map((r) => r.n);
  const statusCounts = async () =>
    Object.fromEntries(
      rowsOf<{ status: string; n: number }>(
        await db().execute(sql`select status, count(*)::int as n from advertisements group by status`),
      ).map((r) => [r.status, r.n]),
    );

  it('decides the matching pending ads in batches, oldest first, and tells how many remain', async () => {
    const vehicles = await seed(25, { category: 'Vehicles' });
    await seed(5, { category: 'Land sale' });
    await makeAd(db(), { category: 'Vehicles', status: 'approved' });

    const first = await api.bulk({ status: 'approved', match: { status: 'pending', category: 'Vehicles' }, max: 10 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, ok: 10, failed: 0, remaining: 15 });
    const approved = await db()
      .select({ id: advertisements.id })
      .from(advertisements)
      .where(
        sql`${advertisements.status} = 'approved' and ${advertisements.category} = 'Vehicles' and ${advertisements.moderatedAt} is not null`,
      );
    // Oldest first: the first ten seeded.
    expect(approved.map((r) => r.id).sort()).toEqual(
      vehicles
        .slice(0, 10)
        .map((a) => a.id)
        .sort(),
    );

    const rest = await api.bulk({ status: 'approved', match: { status: 'pending', category: 'Vehicles' }, max: 1000 });
    expect(rest.json()).toEqual({ success: true, ok: 15, failed: 0, remaining: 0 });
    const done = await api.bulk({ status: 'approved', match: { status: 'pending', category: 'Vehicles' }, max: 5 });
    expect(done.json()).toEqual({ success: true, ok: 0, failed: 0, remaining: 0 });
    expect(await statusCounts()).toEqual({ approved: 26, pending: 5 });
    expect(await summaryMatchesTable(db())).toBe(true);
  });

  it('never decides twice an ad another admin decided in between', async () => {
    const ads = await seed(30);
    const first = await api.bulk({ status: 'approved', match: { status: 'pending' }, max: 10 });
    expect(first.json()).toMatchObject({ ok: 10, remaining: 20 });
    // Another admin rejects five of those still pending, one by one.
    for (const ad of ads.slice(20, 25)) expect((await api.reject(ad.id, 'Duplicate')).statusCode).toBe(200);
    const rest = await api.bulk({ status: 'approved', match: { status: 'pending' }, max: 100 });
    expect(rest.json()).toEqual({ success: true, ok: 15, failed: 0, remaining: 0 });
    expect(await statusCounts()).toEqual({ approved: 25, rejected: 5 });
    expect(await eventsPerAd()).toEqual(Array(30).fill(1));
  });

  it('leaves out ads another admin is reviewing, and counts them as remaining', async () => {
    const ads = await seed(12);
    const reviewer = await signIn(t.app, (await makeAdmin(db())).email);
    for (const ad of ads.slice(0, 2)) {
      const claimed = await t.app.inject({
        method: 'POST',
        url: `/api/advertisements/${ad.id}/claim`,
        headers: { cookie: reviewer, origin: ORIGIN },
        payload: {},
      });
      expect(claimed.statusCode).toBe(200);
    }
    const res = await api.bulk({ status: 'approved', match: { status: 'pending' }, max: 100 });
    expect(res.json()).toEqual({ success: true, ok: 10, failed: 0, remaining: 2 });
    const again = await api.bulk({ status: 'approved', match: { status: 'pending' }, max: 100 });
    expect(again.json()).toEqual({ success: true, ok: 0, failed: 0, remaining: 2 });
    expect(await statusCounts()).toEqual({ approved: 10, pending: 2 });
  });

  it('decides each ad once when two admins select all matching at the same time', async () => {
    await seed(60);
    const other = adminClient(t.app, await signIn(t.app, (await makeAdmin(db())).email));
    const [a, b] = await Promise.all([
      api.bulk({ status: 'approved', match: { status: 'pending' }, max: 40 }),
      other.bulk({ status: 'rejected', rejectionReason: 'Spam', match: { status: 'pending' }, max: 40 }),
    ]);
    const [ra, rb] = [a.json(), b.json()];
    expect(ra.ok + rb.ok).toBe(60);
    expect(ra.failed + rb.failed).toBe(0);
    expect(await statusCounts()).toEqual({ approved: ra.ok, rejected: rb.ok });
    expect(await eventsPerAd()).toEqual(Array(60).fill(1));
  });

  it('matches the list filters and search, and only ads submitted by `before`', async () => {
    const early = await seed(3, {
      district: 'Kandy',
      heading: 'Blue van for hire',
      postingDate: new Date('2026-01-01T00:00:00Z'),
    });
    await seed(2, { district: 'Kandy', heading: 'Red car', postingDate: new Date('2026-01-01T00:00:00Z') });
    await seed(2, { district: 'Galle', heading: 'Blue van too', postingDate: new Date('2026-01-01T00:00:00Z') });
    await seed(4, { district: 'Kandy', heading: 'Blue VAN late', postingDate: new Date('2026-03-01T00:00:00Z') });
    const res = await api.bulk({
      status: 'rejected',
      rejectionReason: 'Sold out',
      match: { status: 'pending', district: 'Kandy', q: 'van' },
      max: 1000,
      before: '2026-02-01T00:00:00Z',
    });
    expect(res.json()).toEqual({ success: true, ok: 3, failed: 0, remaining: 0 });
    const rejected = await db()
      .select({ id: advertisements.id, reason: advertisements.rejectionReason })
      .from(advertisements)
      .where(eq(advertisements.status, 'rejected'));
    expect(rejected.map((r) => r.id).sort()).toEqual(early.map((a) => a.id).sort());
    expect(new Set(rejected.map((r) => r.reason))).toEqual(new Set(['Sold out']));
    const later = await api.bulk({
      status: 'approved',
      match: { status: 'pending', district: 'Kandy', q: 'van' },
      max: 2,
    });
    expect(later.json()).toEqual({ success: true, ok: 2, failed: 0, remaining: 2 });
  });

  it('refuses a bad body with a 400 and changes nothing; rejecting needs a reason', async () => {
    await seed(3);
    const before = await adsSnapshot(db());
    const bodies: [unknown, string | undefined][] = [
      [{ status: 'rejected', match: { status: 'pending' }, max: 10 }, adMessages.reasonRequired],
      [
        { status: 'rejected', rejectionReason: '   ', match: { status: 'pending' }, max: 10 },
        adMessages.reasonRequired,
      ],
      [{ status: 'approved', match: { status: 'pending' }, max: MAX_MATCH_BATCH + 1 }, undefined],
      [{ status: 'approved', match: { status: 'pending' }, max: 0 }, undefined],
      [{ status: 'approved', match: { status: 'approved' }, max: 10 }, undefined],
      [{ status: 'approved', match: { status: 'pending', extra: 1 }, max: 10 }, undefined],
      [{ status: 'approved', match: { status: 'pending' } }, undefined],
      [{ status: 'approved', match: { status: 'pending' }, max: 10, before: 'yesterday' }, undefined],
      [{ status: 'approved', match: { status: 'pending' }, ids: [], max: 10 }, undefined],
    ];
    for (const [body, message] of bodies) {
      const res = await api.bulk(body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await adsSnapshot(db())).toEqual(before);
  });

  it('keeps the ids form as it was', async () => {
    const [a, b] = await seed(2);
    const res = await api.bulk({ status: 'rejected', ids: [a!.id, b!.id] });
    expect([res.statusCode, res.json().message]).toEqual([400, adMessages.reasonRequired]);
    const ok = await api.bulk({ status: 'approved', ids: [a!.id] });
    expect(ok.json()).toEqual({ success: true, results: [{ id: a!.id, ok: true }] });
  });

  it.runIf(testDb === 'postgres')('decides 1,000 pending ads in one call', async () => {
    await db().execute(sql`
      insert into advertisements (title, heading, details, username, category, district, posting_date)
      select 'Ad ' || i, 'Heading ' || i, '', 'kasun', 'Land sale', 'Colombo', timestamptz '2026-01-01' + i * interval '1 minute'
      from generate_series(1, 1200) as i`);
    const res = await api.bulk({ status: 'approved', match: { status: 'pending' }, max: 1000 });
    expect(res.json()).toEqual({ success: true, ok: 1000, failed: 0, remaining: 200 });
  });
});
