import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdStats, UserCountQuery, UserListQuery, UserStatusFilter } from '@backoffice/contract';
import type { Db, Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { asPlaceholder, asValue, containsPattern, type Bind } from '../../db/query-values';
import { advertisements, auditEvents, userCounts, users, type NewUserRow, type UserRow } from '../../db/schema';

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}

export async function insertUser(db: Executor, row: NewUserRow): Promise<UserRow> {
  const [created] = await db.insert(users).values(row).returning();
  return created!;
}

export async function countAdmins(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isAdmin, true));
  return row?.n ?? 0;
}

// ---- User management (docs/product.md#user-management, docs/product.md#calls; docs/decisions/0004-users.md) ----

/** The values a users query takes (db/query-values.ts). */
type UserBinding = 'admin' | 'pattern' | 'digits';

/** The parts a search has besides the text columns: its shape, when prepared. */
function searchParts(q: string) {
  const digits = q.replace(/[\s()+-]/g, '');
  // Only text that can be part of an id's text is looked for there (its own trigram index).
  return { id: /^[0-9a-f-]+$/i.test(q), digits: /^\d{3,}$/.test(digits) ? `%${digits}%` : null };
}

/**
 * Search over name, username, email, mobile and id, case-insensitively. A query that is a phone
 * number (digits with spaces, dashes or a leading +) also matches mobiles written with other spacing.
 */
function searchCondition(q: string, bind: Bind<UserBinding> = asValue): SQL {
  const pattern = bind('pattern', containsPattern(q));
  const { id, digits } = searchParts(q);
  const parts: SQL[] = [
    sql`${users.name} ilike ${pattern}`,
    sql`${users.username} ilike ${pattern}`,
    sql`${users.email} ilike ${pattern}`,
    sql`${users.mobile} ilike ${pattern}`,
  ];
  if (id) parts.push(sql`${users.id}::text ilike ${pattern}`);
  if (digits)
    parts.push(sql`regexp_replace(coalesce(${users.mobile}, ''), '[^0-9]', '', 'g') like ${bind('digits', digits)}`);
  return or(...parts)!;
}

/**
 * An advertiser's status (docs/decisions/0018-exports-and-bulk.md). Part of a prepared query's
 * shape, never a value: each status is its own plan. Pending is a semi-join on the (user_id, status)
 * index of ads, so a page stops as soon as it has its users.
 */
export function userStatusCondition(status: UserStatusFilter): SQL | undefined {
  switch (status) {
    case 'active':
      return sql`${users.isVerified}`;
    case 'inactive':
      return sql`not ${users.isVerified}`;
    case 'pending':
      // Qualified by hand: drizzle leaves columns bare in a one-table select, and a bare "id" here is the ad's.
      return sql`exists (select 1 from ${advertisements} a where a.user_id = ${users}.id and a.status = 'pending')`;
    case 'all':
      return undefined;
  }
}

/** The list's filter: role, status and search (shared by the page, the count and the CSV export). */
export function listFilter(q: UserCountQuery, bind: Bind<UserBinding> = asValue): SQL | undefined {
  const role = eq(users.isAdmin, bind('admin', q.role === 'admin'));
  return and(role, userStatusCondition(q.status), q.q ? searchCondition(q.q, bind) : undefined);
}

/** Without a search or a status, totals come from user_counts rather than from counting users. */
const keptTotal = (q: UserCountQuery) => !q.q && q.status === 'all';

/**
 * One page of users, newest first, each with its ad counts, in a single query: the page's ids are
 * chosen first (so the counts are computed for those few users only), then each is joined
 * laterally with its ads' counts, which the (user_id, status) index serves. Without a search the
 * same statement reads the role's count kept in user_counts (`kept`; null when the page is empty).
 * Prepared once per shape (search or not, and which parts the search has; docs/decisions/0009).
 */
export async function findUsersPage(
  db: Db,
  q: UserListQuery,
): Promise<{ rows: Array<{ user: UserRow; adStats: AdStats }>; kept: number | null }> {
  const parts = q.q ? searchParts(q.q) : undefined;
  const search = parts ? `search${parts.id ? ':id' : ''}${parts.digits ? ':digits' : ''}` : 'role';
  const shape = q.status === 'all' ? search : `${search}:${q.status}`;
  // A search is planned for its words each time (the unnamed statement, docs/decisions/0009).
  const query = prepared(db, `users_page:${shape}`, (name) => usersPageQuery(db, q).prepare(parts ? '' : name));
  const rows = await query.execute({
    admin: q.role === 'admin',
    pattern: q.q ? containsPattern(q.q) : undefined,
    digits: parts?.digits ?? undefined,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return {
    rows: rows.map((r) => ({
      user: r.user,
      adStats: { approved: r.approved ?? 0, pending: r.pending ?? 0, rejected: r.rejected ?? 0 },
    })),
    kept: keptTotal(q) ? (rows[0]?.kept ?? null) : null,
  };
}

function usersPageQuery(db: Db, q: UserListQuery) {
  const stats = db
    .select({
      approved: sql<number>`(count(*) filter (where ${advertisements.status} = 'approved'))::int`.as('approved'),
      pending: sql<number>`(count(*) filter (where ${advertisements.status} = 'pending'))::int`.as('pending'),
      rejected: sql<number>`(count(*) filter (where ${advertisements.status} = 'rejected'))::int`.as('rejected'),
    })
    .from(advertisements)
    .where(eq(advertisements.userId, users.id))
    .as('stats');
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where(listFilter(q, asPlaceholder))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  const kept = !keptTotal(q)
    ? sql<null>`null`
    : sql`(select ${userCounts.n} from ${userCounts} where ${userCounts.isAdmin} = ${sql.placeholder('admin')})`.mapWith(
        Number,
      );
  return db
    .select({ user: users, approved: stats.approved, pending: stats.pending, rejected: stats.rejected, kept })
    .from(users)
    .leftJoinLateral(stats, sql`true`)
    .where(inArray(users.id, pageIds))
    .orderBy(desc(users.createdAt), desc(users.id));
}

/** Users a list query matches: without a search, the role's count kept by triggers (user_counts). */
export async function countUsers(db: Executor, q: UserCountQuery): Promise<number> {
  if (keptTotal(q)) {
    const [kept] = await db
      .select({ n: userCounts.n })
      .from(userCounts)
      .where(eq(userCounts.isAdmin, q.role === 'admin'));
    return Number(kept?.n ?? 0);
  }
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(listFilter(q));
  return row?.n ?? 0;
}

/** Approved, pending and rejected ads of one user. */
export async function adStatsOf(db: Executor, userId: string): Promise<AdStats> {
  const rows = await db
    .select({ status: advertisements.status, n: sql<number>`count(*)::int` })
    .from(advertisements)
    .where(eq(advertisements.userId, userId))
    .groupBy(advertisements.status);
  const out: AdStats = { approved: 0, pending: 0, rejected: 0 };
  for (const r of rows) out[r.status] = r.n;
  return out;
}

export function lockUser(db: Executor, id: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .for('update')
    .limit(1)
    .then((rows) => rows[0]);
}

/** Another user already using this email or username (case-insensitively). */
export async function findTakenFields(
  db: Executor,
  fields: { email: string; username: string },
  exceptId: string,
): Promise<{ email: boolean; username: boolean }> {
  const rows = await db
    .select({
      email: sql<boolean>`lower(${users.email}) = lower(${fields.email})`,
      username: sql<boolean>`lower(${users.username}) = lower(${fields.username})`,
    })
    .from(users)
    .where(
      and(
        ne(users.id, exceptId),
        or(
          sql`lower(${users.email}) = lower(${fields.email})`,
          sql`lower(${users.username}) = lower(${fields.username})`,
        ),
      ),
    )
    .limit(2);
  return { email: rows.some((r) => r.email), username: rows.some((r) => r.username) };
}

export async function updateUser(
  db: Executor,
  id: string,
  set: Partial<Omit<NewUserRow, 'id' | 'createdAt'>>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  return row!;
}

/** The users of `ids` that exist, locked in id order (two bulk calls never wait on each other in a circle). */
export function lockUsers(
  db: Executor,
  ids: string[],
): Promise<Array<Pick<UserRow, 'id' | 'username' | 'isAdmin' | 'isVerified'>>> {
  return db
    .select({ id: users.id, username: users.username, isAdmin: users.isAdmin, isVerified: users.isVerified })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.id))
    .for('update');
}

/** Marks the users verified in one statement. */
export async function verifyUsers(db: Executor, ids: string[]): Promise<void> {
  if (ids.length) await db.update(users).set({ isVerified: true }).where(inArray(users.id, ids));
}

/** Ads carry their advertiser's username (docs/product.md#entities): keep it in step with a rename. */
export async function renameAdsOfUser(db: Executor, userId: string, username: string): Promise<void> {
  await db.update(advertisements).set({ username }).where(eq(advertisements.userId, userId));
}

/**
 * Deletes every ad of the user in one statement, records a `deleted` audit entry for each (as
 * deleting one ad does, with the reason in details), and returns the distinct image paths those ads held.
 */
export async function deleteAdsOfUser(
  db: Executor,
  userId: string,
  event: { adminId: string; at: Date; reason: string },
): Promise<string[]> {
  const result = await db.execute(sql`
    with gone as (
      delete from ${advertisements} where ${advertisements.userId} = ${userId}
      returning id, heading, images, user_id
    ), logged as (
      insert into ${auditEvents} (entity, entity_id, entity_label, action, actor_id, actor_name, at, details, advertiser_id)
      select 'ad', id, heading, 'deleted', ${event.adminId}::uuid,
        (select coalesce(nullif(u.name, ''), u.username) from ${users} u where u.id = ${event.adminId}::uuid),
        ${event.at.toISOString()}::timestamptz, jsonb_build_object('reason', ${event.reason}::text), user_id
      from gone
    )
    select distinct unnest(images) as path from gone
  `);
  return (result as unknown as { rows: Array<{ path: string }> }).rows.map((r) => r.path);
}

export async function deleteUserRow(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.delete(users).where(eq(users.id, id)).returning();
  return row;
}

/** True when some user still shows this picture (large demo sets share a few files). */
export async function profilePictureInUse(db: Executor, picture: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(users)
    .where(eq(users.profilePicture, picture))
    .limit(1);
  return Boolean(row);
}
