import { sql } from 'drizzle-orm';
import type { ActivityEvent, ModerationFigures } from '@backoffice/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { packageBody } from '../support/catalogue-factories';
import { colombo, DAY, HOUR } from '../support/dashboard-factories';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, testClock, type TestApp } from '../support/test-app';

type Admin = Awaited<ReturnType<typeof makeAdmin>>;

/** The tests move the clock by days: the admins' sessions stay fresh at whatever time it shows. */
async function keepSessionsAlive(t: TestApp): Promise<void> {
  const now = t.clock().toISOString();
  await t.database.db.execute(
    sql`update sessions set last_seen_at = ${now}::timestamptz, expires_at = ${now}::timestamptz + interval '1 day'`,
  );
}

describeApi('activity log (GET /api/activity, GET /api/activity/count)', () => {
  let t: TestApp;
  let ruwan: Admin;
  let nimal: Admin;
  const cookies: Record<string, string> = {};
  const ads: Record<string, string> = {};
  let owner = '';
  let pkg = '';

  const send = async (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    await keepSessionsAlive(t);
    return t.app.inject({
      method,
      url,
      headers: { cookie: cookies[who]!, origin: ORIGIN },
      ...(payload ? { payload } : {}),
    });
  };
  const list = async (query: string) => {
    const res = await send('ruwan', 'GET', `/api/activity${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { events: ActivityEvent[]; total: number | null; page: number; pageSize: number };
  };
  const count = async (query: string) => (await send('ruwan', 'GET', `/api/activity/count${query}`)).json().total;
  const labels = (events: ActivityEvent[]) => events.map((e) => `${e.action} ${e.entityLabel}`);

  beforeAll(async () => {
    t = await buildTestApp({ clock: testClock(colombo('2026-11-01T09:00:00')) });
    const db = t.database.db;
    ruwan = await makeAdmin(db, { name: 'Ruwan Jayasinghe', username: 'ruwan' });
    nimal = await makeAdmin(db, { name: 'Nimal Perera', username: 'nimal' });
    cookies.ruwan = await signIn(t.app, ruwan.email);
    cookies.nimal = await signIn(t.app, nimal.email);
    const advertiser = await makeUser(db, { username: 'kasun' });
    owner = advertiser.id;
    const posted = colombo('2026-11-01T08:00:00');
    ads.toyota = (await makeAd(db, { heading: 'Toyota Aqua 2015', userId: owner, postingDate: posted })).id;
    ads.honda = (await makeAd(db, { heading: 'Honda Fit 2012', postingDate: posted })).id;
    ads.land = (await makeAd(db, { heading: 'Land in Kandy', userId: owner, postingDate: posted })).id;

    // The last minutes of 20 November and the first of 21 November, Colombo time.
    t.clock.set(colombo('2026-11-20T23:50:00'));
    await send('ruwan', 'PUT', `/api/advertisements/${ads.toyota}/status`, { status: 'approved' });
    t.clock.set(colombo('2026-11-21T00:10:00'));
    const reject = { status: 'rejected', rejectionReason: 'Duplicate advertisement' };
    await send('nimal', 'PUT', `/api/advertisements/${ads.honda}/status`, reject);
    t.clock.set(colombo('2026-11-22T10:00:00'));
    const created = await send('ruwan', 'POST', '/api/packages', packageBody({ name: 'Gold Toyota Dealers' }));
    pkg = created.json().package?._id ?? '';
    t.clock.set(colombo('2026-11-22T11:00:00'));
    await send('nimal', 'DELETE', `/api/advertisements/${ads.toyota}`);
    await send('nimal', 'PUT', `/api/advertisements/${ads.land}/status`, { status: 'approved' });
  });
  afterAll(() => t?.close());

  it('lists newest first with the actor, the label and whether the thing still exists', async () => {
    expect(pkg).not.toBe('');
    const { events, total, page, pageSize } = await list('');
    // Exactly ten entries fill the first page: whether more follow is left to the count call.
    expect([page, pageSize, events.length, total]).toEqual([1, 10, 10, null]);
    expect(await count('')).toBe(10);
    expect((await list('?pageSize=11')).total).toBe(10);
    expect(labels(events).slice(0, 5)).toEqual([
      'approved Land in Kandy',
      'deleted Toyota Aqua 2015',
      'created Gold Toyota Dealers',
      'rejected Honda Fit 2012',
      'approved Toyota Aqua 2015',
    ]);
    const [approved, deleted, created, rejected] = events;
    expect(deleted).toMatchObject({ entity: 'ad', entityId: ads.toyota, exists: false });
    expect(deleted!.actor).toEqual({ _id: nimal.id, name: 'Nimal Perera' });
    expect(created).toMatchObject({ entity: 'package', entityId: pkg, exists: true });
    expect(rejected).toMatchObject({ rejectionReason: 'Duplicate advertisement', exists: true });
    expect(approved!.at).toBe(colombo('2026-11-22T11:00:00').toISOString());
  });

  it('filters by entity and action, actor, advertiser and search on the label', async () => {
    expect(labels((await list('?entity=ad&action=approved')).events)).toEqual([
      'approved Land in Kandy',
      'approved Toyota Aqua 2015',
    ]);
    expect(labels((await list(`?actor=${nimal.id}`)).events)).toEqual([
      'approved Land in Kandy',
      'deleted Toyota Aqua 2015',
      'rejected Honda Fit 2012',
      'sign_in nimal',
    ]);
    expect(labels((await list(`?advertiser=${owner}&action=approved`)).events)).toEqual([
      'approved Land in Kandy',
      'approved Toyota Aqua 2015',
    ]);
    expect(labels((await list('?q=TOYOTA')).events)).toEqual([
      'deleted Toyota Aqua 2015',
      'created Gold Toyota Dealers',
      'approved Toyota Aqua 2015',
      'submitted Toyota Aqua 2015',
    ]);
    expect(labels((await list('?q=100%25')).events)).toEqual([]);
    expect(await count('?entity=ad&action=approved')).toBe(2);
    expect(await count(`?actor=${nimal.id}`)).toBe(4);
    expect(await count('?q=toyota')).toBe(4);
    expect(await count('?entity=session')).toBe(2);
  });

  it('takes from and to as whole Colombo calendar days, both included', async () => {
    expect(labels((await list('?from=2026-11-20&to=2026-11-20')).events)).toEqual(['approved Toyota Aqua 2015']);
    expect(labels((await list('?from=2026-11-21&to=2026-11-21')).events)).toEqual(['rejected Honda Fit 2012']);
    expect(labels((await list('?from=2026-11-20&to=2026-11-21')).events)).toHaveLength(2);
    expect(labels((await list('?from=2026-11-22')).events)).toHaveLength(3);
    expect(await count('?to=2026-11-21')).toBe(7);
    // The edges of what a date may say: everything, nothing, never a 500.
    expect((await list('?from=1900-01-01&to=9999-12-31&pageSize=100')).events).toHaveLength(10);
    expect(await count('?from=9999-12-31')).toBe(0);
    expect(await count('?to=1900-01-01')).toBe(0);
  });

  it('pages with a total only when the page shows the end, like the ads directory', async () => {
    const all = (await list('?pageSize=100')).events;
    expect(all.length).toBeGreaterThan(4);
    const first = await list('?pageSize=3');
    expect(first.total).toBeNull();
    expect(first.events).toEqual(all.slice(0, 3));
    const lastPage = Math.ceil(all.length / 3);
    const last = await list(`?pageSize=3&page=${lastPage}`);
    expect(last.total).toBe(all.length);
    expect(last.events).toEqual(all.slice((lastPage - 1) * 3));
    const beyond = await list(`?pageSize=3&page=${lastPage + 5}`);
    expect([beyond.events, beyond.total]).toEqual([[], null]);
  });

  it('refuses bad queries with a 400', async () => {
    for (const q of [
      '?page=0',
      '?pageSize=101',
      '?entity=shop',
      '?action=edited',
      '?actor=nobody',
      '?from=2026-13-01',
      '?to=yesterday',
      `?q=${'x'.repeat(201)}`,
      '?q=%01',
      '?extra=1',
    ]) {
      const res = await send('ruwan', 'GET', `/api/activity${q}`);
      expect([q, res.statusCode, res.json().success]).toEqual([q, 400, false]);
    }
    expect((await send('ruwan', 'GET', '/api/activity/count?page=2')).statusCode).toBe(400);
  });

  it('keeps the per-entity counts exact', async () => {
    const rows = rowsOf<{ ok: boolean }>(
      await t.database.db.execute(sql`select not exists (
        select entity, action, count(*) from audit_events group by 1, 2
        except select entity, action, sum(n) from audit_counts group by 1, 2 having sum(n) > 0) as ok`),
    );
    expect(rows[0]!.ok).toBe(true);
  });
});

describeApi('moderation figures (GET /api/dashboard/moderation)', () => {
  let t: TestApp;
  const NOW = colombo('2026-11-22T13:30:00');
  const cookies: Record<string, string> = {};
  let ruwan: Admin;
  let nimal: Admin;
  const send = async (who: string, method: 'GET' | 'PUT', url: string, payload?: unknown) => {
    await keepSessionsAlive(t);
    return t.app.inject({
      method,
      url,
      headers: { cookie: cookies[who]!, origin: ORIGIN },
      ...(payload ? { payload } : {}),
    });
  };
  const figures = async () => {
    const res = await send('ruwan', 'GET', '/api/dashboard/moderation');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ModerationFigures;
  };
  const ago = (ms: number) => new Date(NOW.getTime() - ms);

  beforeAll(async () => {
    t = await buildTestApp({ clock: testClock(NOW) });
    ruwan = await makeAdmin(t.database.db, { name: 'Ruwan Jayasinghe' });
    nimal = await makeAdmin(t.database.db, { name: 'Nimal Perera' });
    cookies.ruwan = await signIn(t.app, ruwan.email);
    cookies.nimal = await signIn(t.app, nimal.email);
  });
  afterAll(() => t?.close());

  it('answers nothing pending and no decisions on an empty trail', async () => {
    expect(await figures()).toEqual({
      success: true,
      oldestPendingAt: null,
      pendingOlderThan24h: 0,
      medianDecisionSeconds7d: null,
      decisionsByAdmin: [],
    });
  });

  it('gives the oldest pending ad, pending over 24 h, decisions per admin and the median wait', async () => {
    const db = t.database.db;
    await makeAd(db, { postingDate: ago(30 * HOUR) });
    await makeAd(db, { postingDate: ago(25 * HOUR) });
    await makeAd(db, { postingDate: ago(2 * HOUR) });
    const waits = [
      // [who, posted before decision, decided how long ago]
      ['nimal', 1 * HOUR, 3 * DAY],
      ['ruwan', 10 * HOUR, HOUR],
      ['ruwan', 4 * HOUR, HOUR],
      ['nimal', 2 * HOUR, 0],
      // Older than 7 days: left out of every figure.
      ['ruwan', 100 * HOUR, 8 * DAY],
    ] as const;
    for (const [who, wait, decidedAgo] of waits) {
      const ad = await makeAd(db, { postingDate: ago(decidedAgo + wait) });
      t.clock.set(ago(decidedAgo));
      const res = await send(who, 'PUT', `/api/advertisements/${ad.id}/status`, { status: 'approved' });
      expect(res.statusCode).toBe(200);
    }
    t.clock.set(NOW);
    expect(await figures()).toEqual({
      success: true,
      oldestPendingAt: ago(30 * HOUR).toISOString(),
      pendingOlderThan24h: 2,
      // 1, 2, 4 and 10 hours: the median is 3 hours.
      medianDecisionSeconds7d: 3 * 3600,
      decisionsByAdmin: [
        { actor: { _id: nimal.id, name: 'Nimal Perera' }, today: 1, last7Days: 2 },
        { actor: { _id: ruwan.id, name: 'Ruwan Jayasinghe' }, today: 2, last7Days: 2 },
      ],
    });
  });

  it('moves as soon as a decision is made, and as time passes', async () => {
    const before = await figures();
    const ad = await makeAd(t.database.db, { postingDate: ago(HOUR) });
    await send('ruwan', 'PUT', `/api/advertisements/${ad.id}/status`, { status: 'rejected', rejectionReason: 'Spam' });
    const after = await figures();
    expect(after.decisionsByAdmin.find((d) => d.actor._id === ruwan.id)).toMatchObject({ today: 3, last7Days: 3 });
    expect(after.medianDecisionSeconds7d).toBe(2 * 3600);
    expect(after.oldestPendingAt).toBe(before.oldestPendingAt);
    // Two days later, nobody decided anything today and the 3-day-old decision is 5 days old.
    t.clock.set(new Date(NOW.getTime() + 2 * DAY));
    const later = await figures();
    expect(later.decisionsByAdmin.map((d) => d.today)).toEqual([0, 0]);
    expect(later.pendingOlderThan24h).toBe(3);
  });
});
