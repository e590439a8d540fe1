import { and, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { UserStatusFilter } from '@backoffice/contract';
import type { Db, Executor } from '../../db/client';
import { keyColumns, keyOrder, keysetBatches, type Keyset } from '../../db/keyset';
import { advertisements, users } from '../../db/schema';
import { listFilter } from './users-repository';

/** The users CSV export (docs/decisions/0018-exports-and-bulk.md): User Management's filters and a joining period. */
export type UserExportFilter = { q?: string; status: UserStatusFilter; from?: Date; to?: Date };

// A user's join date is the day they joined; accounts made before it was recorded use their creation.
const joinedAt = sql`coalesce(${users.joinDate}, ${users.createdAt})`;

function inInstantRange(value: SQL, range: { from?: Date; to?: Date }): SQL | undefined {
  return and(
    range.from ? sql`${value} >= ${range.from.toISOString()}::timestamptz` : undefined,
    range.to ? sql`${value} < ${range.to.toISOString()}::timestamptz` : undefined,
  );
}

function userWhere(f: UserExportFilter): SQL | undefined {
  return and(listFilter({ role: 'advertiser', q: f.q, status: f.status }), inInstantRange(joinedAt, f));
}

const adCount = (status: 'approved' | 'pending' | 'rejected') =>
  // Qualified by hand: drizzle leaves columns bare in a one-table select, and a bare "id" is the ad's here.
  sql<number>`(select count(*) from ${advertisements} a where a.user_id = ${users}.id and a.status = ${status})::int`;

/** Advertisers in User Management's order (newest first), with their ads' counts. */
export function userBatches(db: Db, f: UserExportFilter, size: number) {
  const keyset: Keyset = { columns: [users.createdAt, users.id], descending: true };
  const { passwordHash: _secret, ...columns } = getTableColumns(users);
  return keysetBatches(keyset, size, (after, limit) =>
    db
      .select({
        ...columns,
        approved: adCount('approved'),
        pending: adCount('pending'),
        rejected: adCount('rejected'),
        ...keyColumns(keyset),
      })
      .from(users)
      .where(and(userWhere(f), after))
      .orderBy(...keyOrder(keyset))
      .limit(limit),
  );
}

export async function countUsersToExport(db: Executor, f: UserExportFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(userWhere(f));
  return row?.n ?? 0;
}
