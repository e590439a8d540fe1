import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PackageListQuery } from '@backoffice/contract';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/query-values';
import { packages, packageSubscriptions, type PackageRow } from '../../db/schema';

export type PackageWithCount = PackageRow & { subscriberCount: number };
export type PackageValues = Omit<PackageRow, 'id' | 'pid' | 'createdAt' | 'updatedAt'>;

/** docs/decisions/0005-packages-and-duties.md: distinct advertisers who bought the package (renewals count once; deleted users not at all). */
// Written out with aliases: drizzle leaves single-table columns unqualified, which would bind
// `id` to the subscription inside the subquery.
const subscriberCount = sql<number>`(
  select count(distinct s.user_id)::int
  from ${packageSubscriptions} s
  where s.package_id = ${packages}.id
)`.mapWith(Number);

const withCount = { ...getTableColumns(packages), subscriberCount };

/**
 * The packages the filters match (packageListQuery): oldest first unless sorted by a column, case
 * aside, ties by pid.
 */
export function listPackages(db: Executor, q: Partial<PackageListQuery> = {}): Promise<PackageWithCount[]> {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(packages.status, q.status));
  if (q.search) {
    const pattern = containsPattern(q.search);
    const columns = [packages.pid, packages.name, packages.type, packages.duration, packages.description];
    conditions.push(
      sql`(${sql.join(
        columns.map((c) => sql`${c} ilike ${pattern}`),
        sql` or `,
      )})`,
    );
  }
  const order = q.sort
    ? [sql`lower(${packages[q.sort]}) ${sql.raw(q.order === 'desc' ? 'desc' : 'asc')}`, asc(packages.pid)]
    : [asc(packages.createdAt), asc(packages.pid)];
  return db
    .select(withCount)
    .from(packages)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...order);
}

/** Every package, whatever the filters. */
export async function countPackages(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(packages);
  return Number(row?.n ?? 0);
}

export function findPackage(db: Executor, id: string): Promise<PackageWithCount | undefined> {
  return db
    .select(withCount)
    .from(packages)
    .where(eq(packages.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * Serialises pid generation across app servers for the rest of the transaction (docs/decisions/0011-database-files-and-instances.md): the next
 * `max + 1` is read only after the previous creator has committed.
 */
export async function lockPidSequence(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('packages.pid'))`);
}

/** The highest number N of any `PKG-N` pid (0 when there is none). */
export async function highestPidNumber(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(substring(${packages.pid} from 5)::int), 0)`.mapWith(Number) })
    .from(packages)
    .where(sql`${packages.pid} ~ '^PKG-[0-9]{1,9}$'`);
  return row?.n ?? 0;
}

export async function insertPackage(db: Executor, pid: string, values: PackageValues, at: Date): Promise<PackageRow> {
  const [row] = await db
    .insert(packages)
    .values({ ...values, pid, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

export async function updatePackage(
  db: Executor,
  id: string,
  values: PackageValues,
  at: Date,
): Promise<PackageRow | undefined> {
  const [row] = await db
    .update(packages)
    .set({ ...values, updatedAt: at })
    .where(eq(packages.id, id))
    .returning();
  return row;
}

/** Subscriptions stay, with package_id set to null by the foreign key, so revenue history stays true. */
export async function deletePackage(db: Executor, id: string): Promise<PackageRow | undefined> {
  const [row] = await db.delete(packages).where(eq(packages.id, id)).returning();
  return row;
}

/** The row as it is before an update, locked until the transaction ends. */
export function lockPackage(db: Executor, id: string): Promise<PackageRow | undefined> {
  return db
    .select()
    .from(packages)
    .where(eq(packages.id, id))
    .for('update')
    .then((r) => r[0]);
}
