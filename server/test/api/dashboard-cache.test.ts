import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '@backoffice/contract';
import { advertisements, users } from '../../src/db/schema';
import { adminClient } from '../support/ads-helpers';
import { HOUR, colombo } from '../support/dashboard-factories';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, testClock, testDb, type TestApp } from '../support/test-app';

/** Wednesday 18 November 2026, 12:00 in Colombo. */
const NOW = colombo('2026-11-18T12:00:00');

type Client = ReturnType<typeof adminClient>;

async function dashboard(api: Client, period = 'week'): Promise<DashboardResponse> {
  const res = await api.send('GET', `/api/dashboard?period=${period}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The figures a change of the ads can move, without the time the answer was made. */
const adFigures = (d: DashboardResponse) => ({ cards: d.cards, adsSubmitted: d.adsSubmitted, month: d.monthProgress });

/**
 * The dashboard keeps the figures that only the ads decide for ad_summary's version (a counter in
 * the database that every committed change of the ads moves), the minute, the day and the range:
 * every answer must still be the one a fresh computation would give.
 */
describeApi('dashboard figures kept for the ads version', () => {
  let t: TestApp;
  let api: Client;
  let email: string;
  /** Sessions expire after 30 idle minutes of the server clock, which some tests move by hours. */
  const signInNow = async () => (api = adminClient(t.app, await signIn(t.app, email)));

  beforeAll(async () => {
    t = await buildTestApp({ clock: testClock(NOW) });
    email = (await makeAdmin(t.database.db)).email;
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    t.clock.set(NOW);
    await t.database.db.delete(advertisements);
    await signInNow();
  });

  const posted = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * HOUR);

  it('answers a decision, on every period, at the next request', async () => {
    const db = t.database.db;
    const ads = [];
    for (let i = 0; i < 4; i++) ads.push(await makeAd(db, { status: 'pending', postingDate: posted(1 + i) }));
    const before = { week: await dashboard(api, 'week'), year: await dashboard(api, 'year') };
    // Asked again with nothing changed: the same figures.
    expect(adFigures(await dashboard(api, 'week'))).toEqual(adFigures(before.week));

    expect((await api.approve(ads[0]!.id)).statusCode).toBe(200);
    for (const period of ['week', 'year'] as const) {
      const after = await dashboard(api, period);
      expect(after.cards).toMatchObject({
        pending: before[period].cards.pending - 1,
        approved: before[period].cards.approved + 1,
        approvedToday: before[period].cards.approvedToday + 1,
      });
    }

    expect((await api.reject(ads[1]!.id, 'Duplicate advertisement')).statusCode).toBe(200);
    expect((await dashboard(api)).cards).toMatchObject({ pending: 2, rejected: 1, rejectedLast30Days: 1 });

    expect((await api.remove(ads[2]!.id)).statusCode).toBe(200);
    const removed = await dashboard(api, 'year');
    expect(removed.cards.pending).toBe(1);
    expect(removed.adsSubmitted.total).toBe(3);
  });

  it('answers an ad written straight into the database, as another process would', async () => {
    const db = t.database.db;
    await makeAd(db, { status: 'pending', postingDate: posted(2) });
    const before = await dashboard(api);
    await makeAd(db, { status: 'pending', postingDate: posted(3) });
    const after = await dashboard(api);
    expect(after.cards.pending).toBe(before.cards.pending + 1);
    expect(after.adsSubmitted.total).toBe(before.adsSubmitted.total + 1);
  });

  it('moves "today" at local midnight although no ad changed', async () => {
    const db = t.database.db;
    t.clock.set(colombo('2026-11-18T23:59:00'));
    await signInNow();
    const ad = await makeAd(db, { status: 'pending', postingDate: posted(2) });
    expect((await api.approve(ad.id)).statusCode).toBe(200);
    expect((await dashboard(api)).cards.approvedToday).toBe(1);
    t.clock.set(colombo('2026-11-19T00:00:30'));
    expect((await dashboard(api)).cards.approvedToday).toBe(0);
  });

  it('moves the 48-hour window with the clock within a minute, and shows a change the version does not see as soon', async () => {
    const db = t.database.db;
    const ad = await makeAd(db, { status: 'pending', postingDate: posted(47.99), adType: 'digital' });
    expect((await dashboard(api)).cards.pendingHighPriority).toBe(0);
    // An ad's type changed without its status, category or district leaves the version alone.
    await db.update(advertisements).set({ adType: 'regular' }).where(eq(advertisements.id, ad.id));
    t.clock.advance(61_000);
    const later = await dashboard(api);
    expect(later.cards.pendingHighPriority).toBe(1);
    expect(later.monthProgress.regular).toBe(1);
  });

  it('still counts advertisers at every request: the ads version does not follow them', async () => {
    const before = await dashboard(api);
    await makeUser(t.database.db, { isVerified: false, createdAt: NOW });
    const after = await dashboard(api);
    expect(after.cards.unverifiedAdvertisers).toBe(before.cards.unverifiedAdvertisers + 1);
    expect(after.cards.advertisersNewToday).toBe(before.cards.advertisersNewToday + 1);
    await t.database.db.delete(users).where(sql`not ${users.isAdmin}`);
  });
});

describe.skipIf(testDb !== 'postgres')('dashboard figures across two server instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("never answers with figures older than the other instance's last decision", async () => {
    a = await buildTestApp({ clock: testClock(NOW) });
    b = await buildTestApp({ sameDatabaseAs: a, clock: a.clock });
    const admin = await makeAdmin(a.database.db);
    const onA = adminClient(a.app, await signIn(a.app, admin.email));
    const onB = adminClient(b.app, await signIn(b.app, admin.email));
    const ads = [];
    for (let i = 0; i < 6; i++)
      ads.push(await makeAd(a.database.db, { status: 'pending', postingDate: new Date(NOW.getTime() - HOUR) }));

    for (const [i, ad] of ads.entries()) {
      // Both instances hold this version's figures before the decision.
      expect((await dashboard(onA)).cards.approved).toBe(i);
      expect((await dashboard(onB)).cards.approved).toBe(i);
      const decider = i % 2 ? onA : onB;
      expect((await decider.approve(ad.id)).statusCode).toBe(200);
      for (const api of [onA, onB]) {
        const after = await dashboard(api);
        expect(after.cards).toMatchObject({ approved: i + 1, approvedToday: i + 1, pending: ads.length - i - 1 });
      }
    }
  });
});
