import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SecondReviewAnswer } from '@backoffice/contract';
import { rowsOf, type Executor } from '../../db/client';
import { SECOND_REVIEW_RATE_KEY } from '../../db/second-review-sampling';
import { advertisements, moderationRuleVersions, moderationSettings, secondReviews, users } from '../../db/schema';

/** SQL of second review (docs/decisions/0030-moderation-rules.md): the sampled decisions and their answers. */

export type ReviewRow = typeof secondReviews.$inferSelect;
/** A review with its ad as it is now (null fields: the ad is gone). */
export type ReviewWithAd = {
  review: ReviewRow;
  adStatus: string | null;
  adHeading: string | null;
  adUserId: string | null;
};

export type ReviewListState = 'open' | 'disagreed' | 'answered';

const displayName = (userId: string) =>
  sql<string>`(select coalesce(nullif(${users.name}, ''), ${users.username}) from ${users} where ${users.id} = ${userId}::uuid)`;

/**
 * Open: unanswered items someone else decided whose ad is still there (the reviewer looks at it),
 * oldest sampled first. Disagreed: disagreements no senior moderator has settled yet; answered:
 * every answer; both newest answer first. Keyset after the previous page's last item.
 */
export async function listPage(
  db: Executor,
  q: { state: ReviewListState; viewerId: string; after?: string; limit: number; categories?: string[] | null },
): Promise<ReviewWithAd[]> {
  const r = secondReviews;
  const open = q.state === 'open';
  // A scoped moderator's categories (docs/decisions/0033-roles.md): reviews of their ads only.
  const conditions: (SQL | undefined)[] = [q.categories ? inArray(advertisements.category, q.categories) : undefined];
  if (open) {
    conditions.push(
      isNull(r.answer),
      or(isNull(r.decidedBy), ne(r.decidedBy, q.viewerId)),
      isNotNull(advertisements.id),
    );
  } else if (q.state === 'disagreed') {
    conditions.push(eq(r.answer, 'disagree'), isNull(r.settledAt));
  } else {
    conditions.push(isNotNull(r.answer));
  }
  if (q.after) {
    const key = open ? sql`${r.sampledAt}, ${r.id}` : sql`${r.answeredAt}, ${r.id}`;
    const cursor = open
      ? sql`(select c.sampled_at, c.id from ${r} c where c.id = ${q.after}::uuid)`
      : sql`(select c.answered_at, c.id from ${r} c where c.id = ${q.after}::uuid)`;
    conditions.push(open ? sql`(${key}) > ${cursor}` : sql`(${key}) < ${cursor}`);
  }
  return db
    .select({
      review: r,
      adStatus: advertisements.status,
      adHeading: advertisements.heading,
      adUserId: advertisements.userId,
    })
    .from(r)
    .leftJoin(advertisements, eq(advertisements.id, r.adId))
    .where(and(...conditions))
    .orderBy(...(open ? [asc(r.sampledAt), asc(r.id)] : [desc(r.answeredAt), desc(r.id)]))
    .limit(q.limit);
}

export async function findReview(db: Executor, id: string): Promise<ReviewWithAd | undefined> {
  const [row] = await db
    .select({
      review: secondReviews,
      adStatus: advertisements.status,
      adHeading: advertisements.heading,
      adUserId: advertisements.userId,
    })
    .from(secondReviews)
    .leftJoin(advertisements, eq(advertisements.id, secondReviews.adId))
    .where(eq(secondReviews.id, id))
    .limit(1);
  return row;
}

/**
 * Records the answer only while the item is unanswered and the reviewer did not decide it: one
 * conditional update, so of two racing reviewers exactly one answers. Undefined when refused.
 */
export async function answerReview(
  tx: Executor,
  id: string,
  a: { reviewerId: string; answer: SecondReviewAnswer; note: string | null; at: Date },
): Promise<ReviewRow | undefined> {
  const r = secondReviews;
  const [row] = await tx
    .update(r)
    .set({
      reviewerId: a.reviewerId,
      reviewerName: sql`coalesce(${displayName(a.reviewerId)}, 'Unknown')`,
      answer: a.answer,
      note: a.note,
      answeredAt: a.at,
    })
    .where(and(eq(r.id, id), isNull(r.answer), or(isNull(r.decidedBy), ne(r.decidedBy, a.reviewerId))))
    .returning();
  return row;
}

/** Marks a disagreement settled, once: one conditional update. Undefined when refused. */
export async function settleReview(tx: Executor, id: string, at: Date): Promise<ReviewRow | undefined> {
  const r = secondReviews;
  const [row] = await tx
    .update(r)
    .set({ settledAt: at })
    .where(and(eq(r.id, id), eq(r.answer, 'disagree'), isNull(r.settledAt)))
    .returning();
  return row;
}

export async function adExists(db: Executor, adId: string): Promise<boolean> {
  const rows = await db
    .select({ id: advertisements.id })
    .from(advertisements)
    .where(eq(advertisements.id, adId))
    .limit(1);
  return rows.length > 0;
}

/** The rule version that made a decision, as saved (kept after the rule is deleted). */
export async function ruleVersion(
  db: Executor,
  ruleId: string,
  version: number,
): Promise<{ name: string; action: string } | undefined> {
  const [row] = await db
    .select({ name: moderationRuleVersions.name, action: moderationRuleVersions.action })
    .from(moderationRuleVersions)
    .where(and(eq(moderationRuleVersions.ruleId, ruleId), eq(moderationRuleVersions.version, version)))
    .limit(1);
  return row ? { name: row.name, action: row.action.type } : undefined;
}

/** Writes the second review rate (insert or replace). */
export async function writeRate(tx: Executor, rate: number, adminId: string, at: Date): Promise<void> {
  await tx
    .insert(moderationSettings)
    .values({ key: SECOND_REVIEW_RATE_KEY, value: rate, updatedAt: at, updatedBy: adminId })
    .onConflictDoUpdate({
      target: moderationSettings.key,
      set: { value: rate, updatedAt: at, updatedBy: adminId },
    });
}

/** Locks the setting's row (when there is one), so two saves record their `from` one after the other. */
export async function lockRate(tx: Executor): Promise<void> {
  await tx.execute(sql`select 1 from moderation_settings where key = ${SECOND_REVIEW_RATE_KEY} for update`);
}

export type AgreementRow = { kind: 'moderator' | 'rule'; id: string; name: string; reviewed: number; agreed: number };

/**
 * Answers since `since`, per moderator who decided and per rule that decided: how many were
 * reviewed and how many the reviewer agreed with. Names as they are now, else as copied.
 */
export async function agreement(db: Executor, since: Date): Promise<AgreementRow[]> {
  const at = since.toISOString();
  const result = await db.execute(sql`
    select 'moderator' as kind, r.decided_by::text as id,
      coalesce((select coalesce(nullif(u.name, ''), u.username) from users u where u.id = r.decided_by),
        max(r.decided_by_name)) as name,
      count(*)::int as reviewed, (count(*) filter (where r.answer = 'agree'))::int as agreed
    from second_reviews r
    where r.answer is not null and r.answered_at >= ${at}::timestamptz and r.decided_by is not null
    group by r.decided_by
    union all
    select 'rule', r.rule_id::text,
      coalesce((select m.name from moderation_rules m where m.id = r.rule_id),
        (select v.name from moderation_rule_versions v where v.rule_id = r.rule_id order by v.version desc limit 1),
        regexp_replace(max(r.decided_by_name), '^Rule: ', '')),
      count(*)::int, (count(*) filter (where r.answer = 'agree'))::int
    from second_reviews r
    where r.answer is not null and r.answered_at >= ${at}::timestamptz and r.rule_id is not null
    group by r.rule_id
    order by 1, 3, 2`);
  return rowsOf<AgreementRow>(result).map((row) => ({
    ...row,
    reviewed: Number(row.reviewed),
    agreed: Number(row.agreed),
  }));
}
