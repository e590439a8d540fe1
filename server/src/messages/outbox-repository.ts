import { and, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AdvertiserMessageListQuery } from '@backoffice/contract';
import type { Executor } from '../db/client';
import { advertisements, advertiserMessages, type AdvertiserMessageRow } from '../db/schema';

/** A claimed message stays 'sending' this long; past it, an attempt that died with its process is taken again. */
export const SENDING_LEASE_MS = 5 * 60_000;

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
  q: AdvertiserMessageListQuery & { categories?: string[] | null },
): Promise<{ rows: AdvertiserMessageRow[]; total: number }> {
  const conditions: SQL[] = [];
  // A scoped moderator's categories (docs/decisions/0033-roles.md): messages about their ads only.
  if (q.categories) {
    const theirs = db.select({ id: advertisements.id }).from(advertisements);
    conditions.push(inArray(advertiserMessages.adId, theirs.where(inArray(advertisements.category, q.categories))));
  }
  if (q.status) conditions.push(eq(advertiserMessages.status, q.status));
  if (q.adId) conditions.push(eq(advertiserMessages.adId, q.adId));
  if (q.userId) conditions.push(eq(advertiserMessages.userId, q.userId));
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
 * A mobile in E.164 by its shape, in SQL, so that a decision's messages are written by one
 * statement; delivery texts it only if libphonenumber-js finds it valid (`phone.ts`'s smsRecipient;
 * server/test/api/advertiser-messages-record.test.ts holds the two to toE164's answers).
 */
export const e164Sql = (mobile: SQL): SQL => sql`(select case
    when d ~ '^\\+94[0-9]{9}$' then d
    when d ~ '^0094[0-9]{9}$' then '+' || substr(d, 3)
    when d ~ '^94[0-9]{9}$' then '+' || d
    when d ~ '^0[0-9]{9}$' then '+94' || substr(d, 2)
    when d ~ '^[1-9][0-9]{8}$' then '+94' || d
    when d ~ '^\\+[1-9][0-9]{7,14}$' then d
  end from (select regexp_replace(${mobile}, '[[:space:]().-]', '', 'g') as d) p)`;

export type DecisionMessage = {
  adId: string;
  userId: string | null;
  kind: 'approved' | 'rejected' | 'deleted';
  heading: string;
  reason: string | null;
};

export type MessageChannels = {
  email: boolean;
  sms: boolean;
  /** No SMS gateway: an SMS file is written only for advertisers with a number to send it to. */
  smsOnlyWithNumber: boolean;
};

/**
 * The insert of the decisions' messages, one per channel and decision in the decisions' order, with
 * each advertiser's language and address as they are now (email; the mobile in E.164 when the account is verified),
 * one statement however many decisions; null when there is nothing to write. Decisions run it as a
 * CTE of their audit entry's statement: no round trip of its own. Each advertiser is read by key (the
 * lateral subquery's `limit 1` keeps it from being flattened into a join): the decisions' set is a
 * function the planner guesses at 100 rows, so a join read every user (10 ms an approve at 10,000
 * advertisers in the statement's kept generic plan).
 */
export function decisionMessagesInsert(
  decisions: readonly DecisionMessage[],
  now: Date,
  c: MessageChannels,
): SQL | null {
  if ((!c.email && !c.sms) || !decisions.length) return null;
  const at = now.toISOString();
  if (decisions.length === 1 && !(c.sms && c.smsOnlyWithNumber)) return oneDecisionMessages(decisions[0]!, at, c);
  return sql`insert into advertiser_messages
      (ad_id, user_id, kind, channel, recipient, ad_heading, reason, language, next_attempt_at, created_at, updated_at)
    select d.ad_id, d.user_id, d.kind, ch.channel, ch.recipient, d.heading, d.reason, coalesce(u.language, 'en'),
      ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    from rows from (jsonb_to_recordset(${JSON.stringify(decisions)}::jsonb)
        as ("adId" uuid, "userId" uuid, kind text, heading text, reason text))
      with ordinality d(ad_id, user_id, kind, heading, reason, n)
    left join lateral (select language, email, is_verified, mobile from users where users.id = d.user_id limit 1) u on true
    cross join lateral (values
        (1, 'email', nullif(trim(u.email), '')),
        (2, 'sms', case when u.is_verified then ${e164Sql(sql`u.mobile`)} end)) ch(n, channel, recipient)
    where (ch.channel = 'email' and ${c.email})
       or (ch.channel = 'sms' and ${c.sms} and (ch.recipient is not null or not ${c.smsOnlyWithNumber}))
    order by d.n, ch.n`;
}

/**
 * One decision's messages (every approve, reject and delete but the bulk ones by match): rows of
 * plain values, each address read by a subquery on the users' key. A third of the planning and
 * execution time of the general form above, which the decision pays on every request.
 */
function oneDecisionMessages(d: DecisionMessage, at: string, c: MessageChannels): SQL {
  const user = sql`from users where id = ${d.userId}::uuid`;
  const row = (channel: 'email' | 'sms', recipient: SQL) =>
    sql`(${d.adId}::uuid, ${d.userId}::uuid, ${d.kind}, ${channel}, (${recipient}), ${d.heading}, ${d.reason},
      coalesce((select language ${user}), 'en'), ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)`;
  const rows: SQL[] = [];
  if (c.email) rows.push(row('email', sql`select nullif(trim(email), '') ${user}`));
  if (c.sms) rows.push(row('sms', sql`select case when is_verified then ${e164Sql(sql`mobile`)} end ${user}`));
  return sql`insert into advertiser_messages
      (ad_id, user_id, kind, channel, recipient, ad_heading, reason, language, next_attempt_at, created_at, updated_at)
    values ${sql.join(rows, sql`, `)}`;
}

/** `decisionMessagesInsert` on its own, with the new rows' ids. */
export async function insertDecisionMessages(
  db: Executor,
  decisions: readonly DecisionMessage[],
  now: Date,
  c: MessageChannels,
): Promise<number[]> {
  const insert = decisionMessagesInsert(decisions, now, c);
  if (!insert) return [];
  const result = await db.execute(sql`${insert} returning id`);
  return (result as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
}
