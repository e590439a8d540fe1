import { and, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AdvertiserMessageListQuery } from '@backoffice/contract';
import type { Executor } from '../db/client';
import { advertiserMessages, users, type AdvertiserMessageRow, type NewAdvertiserMessageRow } from '../db/schema';

/** A claimed message stays 'sending' this long; past it, an attempt that died with its process is taken again. */
export const SENDING_LEASE_MS = 5 * 60_000;

export type Recipient = { email: string | null; mobile: string | null };

/** The advertiser's email and (when the account is verified) mobile, at the time of the decision. */
export async function findRecipient(db: Executor, userId: string | null): Promise<Recipient> {
  if (!userId) return { email: null, mobile: null };
  const [row] = await db
    .select({ email: users.email, mobile: users.mobile, verified: users.isVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return { email: null, mobile: null };
  return { email: row.email.trim() || null, mobile: row.verified ? row.mobile : null };
}

/** findRecipient for several advertisers in one statement, by user id (unknown ids are left out). */
export async function findRecipients(db: Executor, userIds: string[]): Promise<Map<string, Recipient>> {
  const found = new Map<string, Recipient>();
  const ids = [...new Set(userIds)];
  if (!ids.length) return found;
  const rows = await db
    .select({ id: users.id, email: users.email, mobile: users.mobile, verified: users.isVerified })
    .from(users)
    .where(inArray(users.id, ids));
  for (const row of rows)
    found.set(row.id, { email: row.email.trim() || null, mobile: row.verified ? row.mobile : null });
  return found;
}

export async function insertMessages(db: Executor, rows: NewAdvertiserMessageRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await db.insert(advertiserMessages).values(rows).returning({ id: advertiserMessages.id });
  return inserted.map((r) => r.id);
}

const due = (now: Date): SQL =>
  and(inArray(advertiserMessages.status, ['queued', 'sending']), lte(advertiserMessages.nextAttemptAt, now))!;

/** Messages whose attempt is due: queued ones whose time has come and claims whose lease ran out. */
export async function dueIds(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: advertiserMessages.id })
    .from(advertiserMessages)
    .where(due(now))
    .orderBy(advertiserMessages.nextAttemptAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Takes a due message for one attempt, committed before anything is sent: of several workers
 * that race for it, exactly one gets the row. The lease is written as the next attempt's time.
 */
export async function claim(db: Executor, id: number, now: Date): Promise<AdvertiserMessageRow | undefined> {
  const [row] = await db
    .update(advertiserMessages)
    .set({
      status: 'sending',
      attempts: sql`${advertiserMessages.attempts} + 1`,
      claimedAt: now,
      nextAttemptAt: new Date(now.getTime() + SENDING_LEASE_MS),
      updatedAt: now,
    })
    .where(and(eq(advertiserMessages.id, id), due(now)))
    .returning();
  return row;
}

/** Records an attempt's outcome, unless a later attempt has taken the row meanwhile. */
export async function finish(
  db: Executor,
  claimed: Pick<AdvertiserMessageRow, 'id' | 'attempts'>,
  outcome:
    | { status: 'sent'; at: Date }
    | { status: 'queued'; at: Date; error: string; nextAttemptAt: Date }
    | { status: 'failed'; at: Date; error: string },
): Promise<void> {
  const change =
    outcome.status === 'sent'
      ? { status: 'sent' as const, sentAt: outcome.at, lastError: null }
      : outcome.status === 'queued'
        ? { status: 'queued' as const, lastError: outcome.error, nextAttemptAt: outcome.nextAttemptAt }
        : { status: 'failed' as const, lastError: outcome.error };
  await db
    .update(advertiserMessages)
    .set({ ...change, claimedAt: null, updatedAt: outcome.at })
    .where(
      and(
        eq(advertiserMessages.id, claimed.id),
        eq(advertiserMessages.status, 'sending'),
        eq(advertiserMessages.attempts, claimed.attempts),
      ),
    );
}

export async function listMessages(
  db: Executor,
  q: AdvertiserMessageListQuery,
): Promise<{ rows: AdvertiserMessageRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(advertiserMessages.status, q.status));
  if (q.adId) conditions.push(eq(advertiserMessages.adId, q.adId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(advertiserMessages)
      .where(where)
      .orderBy(desc(advertiserMessages.createdAt), desc(advertiserMessages.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(advertiserMessages).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export function findMessage(db: Executor, id: number): Promise<AdvertiserMessageRow | undefined> {
  return db
    .select()
    .from(advertiserMessages)
    .where(eq(advertiserMessages.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/** A failed message queued again for now, with a fresh retry schedule (attempts start over). */
export async function requeueFailed(db: Executor, id: number, now: Date): Promise<AdvertiserMessageRow | undefined> {
  const [row] = await db
    .update(advertiserMessages)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: now, updatedAt: now })
    .where(and(eq(advertiserMessages.id, id), eq(advertiserMessages.status, 'failed')))
    .returning();
  return row;
}

/**
 * `phone.ts`'s toE164 in SQL, so that a decision's messages are written by one statement (the
 * unit test holds the two to the same answers).
 */
export const e164Sql = (mobile: SQL): SQL => sql`(select case
    when d ~ '^\\+94[0-9]{9}$' then d
    when d ~ '^0094[0-9]{9}$' then '+' || substr(d, 3)
    when d ~ '^94[0-9]{9}$' then '+' || d
    when d ~ '^0[0-9]{9}$' then '+94' || substr(d, 2)
    when d ~ '^\\+[1-9][0-9]{7,14}$' then d
  end from (select regexp_replace(${mobile}, '[[:space:]().-]', '', 'g') as d) p)`;

export type DecisionMessages = {
  adId: string;
  userId: string | null;
  kind: 'approved' | 'rejected' | 'deleted';
  heading: string;
  reason: string | null;
  now: Date;
  email: boolean;
  sms: boolean;
  /** No SMS gateway: an SMS file is written only for advertisers with a number to send it to. */
  smsOnlyWithNumber: boolean;
};

/**
 * A decision's messages, one per channel, with the advertiser's address as it is now (email;
 * the mobile in E.164 when the account is verified), in one statement: one round trip in the
 * decision's transaction.
 */
export async function insertDecisionMessages(db: Executor, m: DecisionMessages): Promise<number[]> {
  if (!m.email && !m.sms) return [];
  const now = m.now.toISOString();
  const result = await db.execute(sql`insert into advertiser_messages
      (ad_id, user_id, kind, channel, recipient, ad_heading, reason, next_attempt_at, created_at, updated_at)
    select ${m.adId}::uuid, ${m.userId}::uuid, ${m.kind}, c.channel, c.recipient, ${m.heading}, ${m.reason},
      ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
    from (select nullif(trim(u.email), '') as email,
            case when u.is_verified then ${e164Sql(sql`u.mobile`)} end as mobile
          from (select 1) one left join users u on u.id = ${m.userId}::uuid) r
    cross join lateral (values (1, 'email', r.email), (2, 'sms', r.mobile)) c(n, channel, recipient)
    where (c.channel = 'email' and ${m.email})
       or (c.channel = 'sms' and ${m.sms} and (c.recipient is not null or not ${m.smsOnlyWithNumber}))
    order by c.n
    returning id`);
  return (result as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
}
