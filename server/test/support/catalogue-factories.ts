import { sql } from 'drizzle-orm';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import { duties, packages, packageSubscriptions, type DutyRow, type PackageRow } from '../../src/db/schema';
import { ORIGIN } from './test-app';

/** A valid POST /api/packages body; pass overrides. */
export function packageBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Property Plus',
    type: 'Regular',
    description: 'For land and house sellers.',
    price: 4500,
    duration: '60 days',
    maxAds: 15,
    features: ['Up to 15 ads', '10 photos per ad'],
    status: 'Active',
    popularity: 'Popular',
    icon: null,
    ...overrides,
  };
}

/** A valid POST /api/duties body; pass overrides. */
export function dutyBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '#D1234',
    title: 'Review submitted advertisements',
    description: 'Check new ads against the posting rules.',
    conditions: ['Review within <b>24 hours</b>.'],
    status: 'Active',
    ...overrides,
  };
}

let pidCounter = 9000;

/** A package row straight into the table (pid PKG-9001, … unless given). */
export async function makePackage(db: Db, overrides: Partial<typeof packages.$inferInsert> = {}): Promise<PackageRow> {
  pidCounter++;
  const [row] = await db
    .insert(packages)
    .values({
      pid: `PKG-${pidCounter}`,
      name: `Package ${pidCounter}`,
      type: 'Digital',
      description: 'A package.',
      price: 2500,
      duration: '30 days',
      maxAds: 5,
      features: ['Top of category'],
      ...overrides,
    })
    .returning();
  return row!;
}

export async function makeSubscription(
  db: Db,
  values: { packageId: string | null; userId: string | null; pricePaid?: number; startDate?: Date },
): Promise<void> {
  await db.insert(packageSubscriptions).values({
    pricePaid: 4500,
    startDate: new Date('2026-10-01T08:00:00Z'),
    ...values,
  });
}

export async function makeDuty(db: Db, overrides: Partial<typeof duties.$inferInsert> = {}): Promise<DutyRow> {
  const [row] = await db
    .insert(duties)
    .values({
      code: `#D${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
      title: 'A duty',
      description: 'Something to do.',
      conditions: ['First condition'],
      ...overrides,
    })
    .returning();
  return row!;
}

/** Row counts and checksums of the catalogue tables: "nothing written" compares two snapshots. */
export async function catalogueSnapshot(db: Db) {
  const result = await db.execute(sql`
    select
      (select count(*) from packages)::int as packages,
      (select coalesce(md5(string_agg(p::text, '|' order by p.id)), '') from packages p) as packages_sum,
      (select count(*) from package_subscriptions)::int as subscriptions,
      (select coalesce(md5(string_agg(s::text, '|' order by s.id)), '') from package_subscriptions s) as subscriptions_sum,
      (select count(*) from duties)::int as duties,
      (select coalesce(md5(string_agg(d::text, '|' order by d.id)), '') from duties d) as duties_sum
  `);
  return (result as unknown as { rows: unknown[] }).rows[0];
}

/** A signed-in admin's JSON requests (mutations carry the Origin, docs/decisions/0012-access-control.md). */
export function catalogueClient(app: App, cookie: string) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { cookie, origin: ORIGIN, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}
