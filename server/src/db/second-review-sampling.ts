import { sql } from 'drizzle-orm';
import { DEFAULT_SECOND_REVIEW_RATE, ruleActorName } from '@backoffice/contract';
import { rowsOf, type Executor } from './client';

/**
 * Sampling decisions into second review (docs/decisions/0030-moderation-rules.md). Called in the
 * transaction of the decision, by whoever decides: a moderator's decision (the ads service) at the
 * `second_review_rate` setting, a rule's approval at the rule's own rate. Kept here, beside the
 * audit writer, because several modules decide ads.
 */
export type SampledDecision = {
  adId: string;
  adHeading: string;
  decision: 'approved' | 'rejected';
  rejectionReason: string | null;
  decidedAt: Date;
} & (
  | { decidedBy: string; rule?: undefined }
  | { decidedBy?: undefined; rule: { id: string; name: string; version: number } }
);

export const SECOND_REVIEW_RATE_KEY = 'second_review_rate';

/** The setting's stored value, as a scalar subquery for a statement that reads it beside its own work. */
export const secondReviewRateValue = sql<unknown>`(select value from moderation_settings where key = ${SECOND_REVIEW_RATE_KEY})`;

/** The share a stored value means (2 % when unset or out of range). */
export const secondReviewRateOf = (value: unknown): number =>
  typeof value === 'number' && value >= 0 && value <= 1 ? value : DEFAULT_SECOND_REVIEW_RATE;

/** The share of moderators' decisions sampled, from the settings (2 % unless an admin set it). */
export async function secondReviewRate(db: Executor): Promise<number> {
  const rows = rowsOf<{ value: unknown }>(await db.execute(sql`select ${secondReviewRateValue} as value`));
  return secondReviewRateOf(rows[0]?.value);
}

/** Copies the decision into second review with probability `rate`; whether it did. */
export async function maybeSampleDecision(
  db: Executor,
  d: SampledDecision,
  rate: number,
  random: () => number = Math.random,
): Promise<boolean> {
  if (!(random() < rate)) return false;
  const byName = d.rule
    ? sql`${ruleActorName(d.rule.name)}`
    : sql`(select coalesce(nullif(name, ''), username) from users where id = ${d.decidedBy}::uuid)`;
  await db.execute(sql`
    insert into second_reviews (ad_id, ad_heading, decision, rejection_reason, decided_by, decided_by_name,
      rule_id, rule_version, decided_at, sampled_at)
    values (${d.adId}::uuid, ${d.adHeading}, ${d.decision}, ${d.rejectionReason}, ${d.decidedBy ?? null}::uuid,
      coalesce(${byName}, 'Unknown'), ${d.rule?.id ?? null}::uuid, ${d.rule?.version ?? null}::int,
      ${d.decidedAt.toISOString()}::timestamptz, ${d.decidedAt.toISOString()}::timestamptz)`);
  return true;
}
