import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { DashboardResponse, NotificationsResponse } from '@backoffice/contract';
import { advertisements, packageSubscriptions, users } from '../../src/db/schema';
import { purgeAuditTrail } from '../support/audit-purge';
import { adminClient } from '../support/ads-helpers';
import { DAY, HOUR, colombo, makeModerationEvent, makeSubscription } from '../support/dashboard-factories';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, testClock, type TestApp } from '../support/test-app';

/** Wednesday 18 November 2026, 12:00 in Colombo (06:30 UTC). */
const NOW = colombo('2026-11-18T12:00:00');

describeApi('dashboard API (docs/decisions/0007-dashboard.md)', () => {
  let t: TestApp;
  let session: { api: ReturnType<typeof adminClient>; at: number } | undefined;
  let admin: Awaited<ReturnType<typeof makeAdmin>>;

  beforeAll(async () => {
    t = await buildTestApp({ clock: testClock(NOW) });
    admin = await makeAdmin(t.database.db, { name: 'Ruwan Jayasinghe', createdAt: new Date('2025-01-01T00:00:00Z') });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    t.clock.set(NOW);
    const db = t.database.db;
    await db.delete(advertisements);
    await purgeAuditTrail(db);
    await db.delete(packageSubscriptions);
    await db.delete(users).where(sql`not ${users.isAdmin}`);
  });

  /**
   * The admin's client. Sessions expire after 30 idle minutes of the server clock (docs/decisions/0012-access-control.md), and these
   * tests move that clock by hours: sign in again whenever it moved.
   */
  async function client() {
    const now = t.clock().getTime();
    if (!session || Math.abs(now - session.at) > 10 * 60_000) {
      session = { api: adminClient(t.app, await signIn(t.app, admin.email)), at: now };
    }
    return session.api;
  }
  const api = {
    send: async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string) => (await client()).send(method, url),
    approve: async (id: string) => (await client()).approve(id),
    reject: async (id: string, reason: string) => (await client()).reject(id, reason),
    remove: async (id: string) => (await client()).remove(id),
  };

  async function dashboard(query = ''): Promise<DashboardResponse> {
    const res = await api.send('GET', `/api/dashboard${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const db = () => t.database.db;
  const ago = (ms: number) => new Date(NOW.getTime() - ms);

  it('answers zeros, empty lists and twelve empty months on an empty database', async () => {
    const body = await dashboard();
    expect(body).toEqual({
      generatedAt: NOW.toISOString(),
      timeZone: 'Asia/Colombo',
      cards: {
        pending: 0,
        pendingHighPriority: 0,
        approved: 0,
        approvedToday: 0,
        rejected: 0,
        rejectedLast30Days: 0,
        unverifiedAdvertisers: 0,
        advertisersNewToday: 0,
      },
      recentActivities: [],
      adsSubmitted: {
        period: 'week',
        from: colombo('2026-11-16T00:00:00').toISOString(),
        to: colombo('2026-11-23T00:00:00').toISOString(),
        total: 0,
        slices: [],
      },
      revenue: {
        year: 2026,
        currency: 'LKR',
        months: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'].map((month) => ({
          month,
          sales: 0,
        })),
      },
      monthProgress: {
        submitted: 0,
        moderated: 0,
        regular: 0,
        digital: 0,
        moderatedPercent: 0,
        regularPercent: 0,
        digitalPercent: 0,
      },
    });
  });

  it('counts pending ads, and as high priority only those pending for more than 48 hours', async () => {
    await makeAd(db(), { status: 'pending', postingDate: ago(48 * HOUR) }); // exactly 48 h: not yet
    await makeAd(db(), { status: 'pending', postingDate: ago(48 * HOUR + 1) }); // just over
    await makeAd(db(), { status: 'pending', postingDate: ago(20 * DAY) });
    await makeAd(db(), { status: 'pending', postingDate: ago(HOUR) });
    await makeAd(db(), { status: 'pending', postingDate: new Date(NOW.getTime() + HOUR) }); // clock skew: recent
    // Old but no longer pending: not high priority.
    await makeAd(db(), { status: 'approved', postingDate: ago(9 * DAY), moderatedAt: ago(8 * DAY) });
    const { cards } = await dashboard();
    expect(cards.pending).toBe(5);
    expect(cards.pendingHighPriority).toBe(2);

    // Two hours later the exactly-48-h ad has crossed too; the one-hour-old one has not.
    t.clock.advance(2 * HOUR);
    expect((await dashboard()).cards.pendingHighPriority).toBe(3);
  });

  it('counts approvals of today (Colombo calendar day, by moderation time) and rejections of the last 30 days', async () => {
    const midnight = colombo('2026-11-18T00:00:00'); // 2026-11-17T18:30Z
    const approved = (moderatedAt: Date) =>
      makeAd(db(), { status: 'approved', postingDate: ago(40 * DAY), moderatedAt });
    await approved(midnight); // first instant of today
    await approved(new Date(midnight.getTime() - 1)); // last instant of yesterday
    await approved(ago(1)); // a moment ago
    await approved(new Date('2026-11-18T00:00:00Z')); // 05:30 in Colombo: today (but "yesterday" in a UTC-12 zone)
    const rejected = (moderatedAt: Date) =>
      makeAd(db(), { status: 'rejected', rejectionReason: 'Spam', postingDate: ago(90 * DAY), moderatedAt });
    await rejected(ago(30 * DAY)); // exactly 30 days: included
    await rejected(ago(30 * DAY + 1)); // just outside
    await rejected(ago(DAY));
    await rejected(midnight); // rejected today: a rejection, never an approval
    await makeAd(db(), { status: 'rejected', rejectionReason: 'Old', postingDate: ago(400 * DAY), moderatedAt: null });

    const { cards } = await dashboard();
    expect(cards.approved).toBe(4);
    expect(cards.approvedToday).toBe(3);
    expect(cards.rejected).toBe(5);
    expect(cards.rejectedLast30Days).toBe(3);

    // At 23:59:59.999 the same three approvals are still "today"; at midnight none are.
    t.clock.set(new Date(colombo('2026-11-19T00:00:00').getTime() - 1));
    expect((await dashboard()).cards.approvedToday).toBe(3);
    t.clock.set(colombo('2026-11-19T00:00:00'));
    expect((await dashboard()).cards.approvedToday).toBe(0);
  });

  it('counts unverified advertisers and advertisers registered today, never admins', async () => {
    const midnight = colombo('2026-11-18T00:00:00');
    await makeUser(db(), { isVerified: false, createdAt: midnight });
    await makeUser(db(), { isVerified: false, createdAt: new Date(midnight.getTime() - 1) });
    await makeUser(db(), { isVerified: true, createdAt: ago(1) });
    await makeUser(db(), { isVerified: false, createdAt: ago(300 * DAY) });
    await makeAdmin(db(), { isVerified: false, createdAt: ago(1) });
    const { cards } = await dashboard();
    expect(cards.unverifiedAdvertisers).toBe(3);
    expect(cards.advertisersNewToday).toBe(2);
    await db()
      .delete(users)
      .where(sql`${users.isAdmin} and ${users.id} <> ${admin.id}`);
  });

  it('shows ads submitted per category in the chosen period: the three largest plus Others', async () => {
    const put = async (category: string, n: number, postingDate: Date) => {
      for (let i = 0; i < n; i++) await makeAd(db(), { category, postingDate, status: i % 2 ? 'approved' : 'pending' });
    };
    const monday = colombo('2026-11-16T00:00:00');
    // This week (from Monday 00:00 Colombo).
    await put('Land sale', 4, monday);
    await put('Vehicles', 3, ago(HOUR));
    await put('House sale', 2, ago(DAY));
    await put('Electronics', 1, ago(DAY));
    await put('Vacancies', 1, ago(2 * DAY));
    // Last Sunday 23:59:59.999: this month, not this week.
    await put('Vacancies', 5, new Date(monday.getTime() - 1));
    // October 31 (this year, not this month).
    await put('Services', 9, colombo('2026-10-31T23:59:59'));
    // Last year.
    await put('Land sale', 50, colombo('2025-12-31T23:59:59'));
    // First instant of this year.
    await put('Mobile phones', 1, colombo('2026-01-01T00:00:00'));

    const week = (await dashboard('?period=week')).adsSubmitted;
    expect(week.period).toBe('week');
    expect(week.total).toBe(11);
    expect(week.slices).toEqual([
      { name: 'Land sale', value: 4 },
      { name: 'Vehicles', value: 3 },
      { name: 'House sale', value: 2 },
      { name: 'Others', value: 2 },
    ]);

    const month = (await dashboard('?period=month')).adsSubmitted;
    expect(month.from).toBe('2026-10-31T18:30:00.000Z');
    expect(month.to).toBe('2026-11-30T18:30:00.000Z');
    expect(month.total).toBe(16);
    expect(month.slices).toEqual([
      { name: 'Vacancies', value: 6 },
      { name: 'Land sale', value: 4 },
      { name: 'Vehicles', value: 3 },
      { name: 'Others', value: 3 },
    ]);

    const year = (await dashboard('?period=year')).adsSubmitted;
    expect(year.total).toBe(26);
    expect(year.slices).toEqual([
      { name: 'Services', value: 9 },
      { name: 'Vacancies', value: 6 },
      { name: 'Land sale', value: 4 },
      { name: 'Others', value: 7 },
    ]);
  });

  it('leaves out Others when three categories or fewer have ads, and breaks ties by name', async () => {
    await makeAd(db(), { category: 'Vehicles', postingDate: ago(HOUR) });
    await makeAd(db(), { category: 'Electronics', postingDate: ago(HOUR) });
    await makeAd(db(), { category: 'Land sale', postingDate: ago(HOUR) });
    await makeAd(db(), { category: 'Land sale', postingDate: ago(HOUR) });
    await makeAd(db(), { category: 'Services', postingDate: ago(30 * DAY) }); // another month
    expect((await dashboard()).adsSubmitted.slices).toEqual([
      { name: 'Land sale', value: 2 },
      { name: 'Electronics', value: 1 },
      { name: 'Vehicles', value: 1 },
    ]);
  });

  it('sums package subscription revenue (LKR) per Colombo calendar month of the current year', async () => {
    await makeSubscription(db(), 1500, colombo('2026-01-01T00:00:00')); // JAN (still 2025 in UTC)
    await makeSubscription(db(), 999.5, colombo('2026-01-31T23:59:59'));
    await makeSubscription(db(), 4000, colombo('2026-02-01T00:00:00'));
    await makeSubscription(db(), 2500.25, colombo('2026-11-18T09:00:00'));
    await makeSubscription(db(), 2500.25, colombo('2026-11-01T00:00:00'));
    await makeSubscription(db(), 7000, colombo('2026-12-31T23:59:59'));
    await makeSubscription(db(), 123, colombo('2025-12-31T23:59:59')); // last year
    await makeSubscription(db(), 456, colombo('2027-01-01T00:00:00')); // next year
    const { revenue } = await dashboard();
    expect(revenue.year).toBe(2026);
    expect(revenue.currency).toBe('LKR');
    expect(Object.fromEntries(revenue.months.map((m) => [m.month, m.sales]))).toEqual({
      JAN: 2499.5,
      FEB: 4000,
      MAR: 0,
      APR: 0,
      MAY: 0,
      JUN: 0,
      JUL: 0,
      AUG: 0,
      SEP: 0,
      OCT: 0,
      NOV: 5000.5,
      DEC: 7000,
    });
  });

  it('takes the year of the Colombo calendar at the turn of the year', async () => {
    // 00:10 on 1 January 2027 in Colombo is still 31 December 2026 in UTC.
    t.clock.set(colombo('2027-01-01T00:10:00'));
    await makeSubscription(db(), 300, colombo('2027-01-01T00:05:00'));
    const body = await dashboard('?period=year');
    expect(body.revenue.year).toBe(2027);
    expect(body.revenue.months[0]).toEqual({ month: 'JAN', sales: 300 });
    expect(body.adsSubmitted.from).toBe(colombo('2027-01-01T00:00:00').toISOString());
    // The week of Friday 1 January 2027 started on Monday 28 December 2026.
    expect((await dashboard()).adsSubmitted.from).toBe(colombo('2026-12-28T00:00:00').toISOString());
  });

  it("shows this month's progress: share moderated, count submitted, Regular and Digital shares", async () => {
    const inMonth = colombo('2026-11-01T00:00:00');
    await makeAd(db(), { status: 'pending', adType: 'regular', postingDate: inMonth });
    await makeAd(db(), { status: 'approved', adType: 'digital', postingDate: ago(DAY), moderatedAt: ago(HOUR) });
    await makeAd(db(), { status: 'rejected', adType: 'digital', postingDate: ago(DAY), moderatedAt: ago(HOUR) });
    await makeAd(db(), { status: 'approved', adType: 'digital', postingDate: ago(2 * DAY), moderatedAt: ago(HOUR) });
    await makeAd(db(), { status: 'pending', adType: 'digital', postingDate: ago(HOUR) });
    await makeAd(db(), { status: 'approved', adType: 'digital', postingDate: ago(3 * DAY), moderatedAt: ago(HOUR) });
    // Last month (moderated this month, but submitted before it).
    await makeAd(db(), {
      status: 'approved',
      adType: 'regular',
      postingDate: new Date(inMonth.getTime() - 1),
      moderatedAt: ago(HOUR),
    });
    const { monthProgress } = await dashboard();
    expect(monthProgress).toEqual({
      submitted: 6,
      moderated: 4,
      regular: 1,
      digital: 5,
      moderatedPercent: 67,
      regularPercent: 17,
      digitalPercent: 83,
    });
  });

  it('lists the three latest moderation events: who did what to which ad, when', async () => {
    const ads = [];
    for (let i = 0; i < 4; i++) ads.push(await makeAd(db(), { heading: `Toyota Aqua ${i}`, postingDate: ago(DAY) }));
    expect((await api.approve(ads[0]!.id)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await api.reject(ads[1]!.id, 'Duplicate advertisement')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await api.remove(ads[2]!.id)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await api.approve(ads[3]!.id)).statusCode).toBe(200);
    const { recentActivities } = await dashboard();
    expect(recentActivities.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        action: 'approve',
        adId: ads[3]!.id,
        adHeading: 'Toyota Aqua 3',
        adminId: admin.id,
        adminName: 'Ruwan Jayasinghe',
        reason: null,
        at: new Date(NOW.getTime() + 180_000).toISOString(),
      },
      {
        action: 'delete',
        adId: ads[2]!.id,
        adHeading: 'Toyota Aqua 2',
        adminId: admin.id,
        adminName: 'Ruwan Jayasinghe',
        reason: null,
        at: new Date(NOW.getTime() + 120_000).toISOString(),
      },
      {
        action: 'reject',
        adId: ads[1]!.id,
        adHeading: 'Toyota Aqua 1',
        adminId: admin.id,
        adminName: 'Ruwan Jayasinghe',
        reason: 'Duplicate advertisement',
        at: new Date(NOW.getTime() + 60_000).toISOString(),
      },
    ]);
    // The moderation just done shows in the cards too.
    t.clock.set(NOW);
    const { cards } = await dashboard();
    expect(cards).toMatchObject({ approved: 2, approvedToday: 2, rejected: 1, rejectedLast30Days: 1, pending: 0 });
  });

  it('orders events of the same instant by insertion and names a deleted admin as nobody', async () => {
    await makeModerationEvent(db(), { entityLabel: 'First', at: ago(HOUR) });
    await makeModerationEvent(db(), { entityLabel: 'Second', at: ago(HOUR), action: 'images_updated', actorId: null });
    await makeModerationEvent(db(), { entityLabel: 'Older', at: ago(2 * HOUR) });
    const { recentActivities } = await dashboard();
    expect(recentActivities.map((a) => [a.adHeading, a.adminName])).toEqual([
      ['Second', null],
      ['First', null],
      ['Older', null],
    ]);
  });

  it('refuses bad input with a 400 and outsiders with 401/403', async () => {
    for (const q of ['?period=decade', '?period=', '?period=week&x=1', '?period[]=week']) {
      const res = await api.send('GET', `/api/dashboard${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect((await api.send('GET', '/api/notifications?limit=5')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    const user = await makeUser(db());
    const other = await signIn(t.app, user.email).catch(() => null);
    expect(other).toBeNull(); // advertisers cannot sign in at all (docs/decisions/0012-access-control.md)
  });

  it('feeds Common Notification with pending ads and moderation events, newest first', async () => {
    const old = await makeAd(db(), { heading: 'Old pending', username: 'nimal.perera', postingDate: ago(3 * DAY) });
    const fresh = await makeAd(db(), { heading: 'Fresh pending', username: 'kamal.silva', postingDate: ago(HOUR) });
    const done = await makeAd(db(), { heading: 'Soon approved', postingDate: ago(2 * HOUR) });
    await makeAd(db(), {
      heading: 'Approved long ago',
      status: 'approved',
      postingDate: ago(DAY),
      moderatedAt: ago(DAY),
    });
    expect((await api.approve(done.id)).statusCode).toBe(200); // at NOW

    const res = await api.send('GET', '/api/notifications');
    expect(res.statusCode).toBe(200);
    const { notifications } = res.json() as NotificationsResponse;
    // The viewer's own approval is not news to them (server/test/api/notifications.test.ts: others' are).
    expect(notifications.map((n) => [n.kind, n.adHeading, n.by, n.adminId, n.at])).toEqual([
      ['pending', 'Fresh pending', 'kamal.silva', null, ago(HOUR).toISOString()],
      ['pending', 'Old pending', 'nimal.perera', null, ago(3 * DAY).toISOString()],
    ]);
    expect(notifications[0]!.adId).toBe(fresh.id);
    expect(notifications[1]!.id).toBe(`ad:${old.id}`);
  });

  it('keeps the notification feed to the newest 30 items', async () => {
    for (let i = 0; i < 20; i++) await makeAd(db(), { heading: `Ad ${i}`, postingDate: ago((i + 1) * HOUR) });
    for (let i = 0; i < 20; i++)
      await makeModerationEvent(db(), { entityLabel: `Event ${i}`, at: ago(i * HOUR + 30 * 60_000) });
    const { notifications } = (await api.send('GET', '/api/notifications')).json() as NotificationsResponse;
    expect(notifications).toHaveLength(30);
    const times = notifications.map((n) => n.at);
    expect(times).toEqual([...times].sort().reverse());
    // Events at 0.5 h, 1.5 h … and ads at 1 h, 2 h … ago interleave: 15 of each are the newest 30.
    expect(notifications.filter((n) => n.kind === 'pending')).toHaveLength(15);
  });
});
