import { sql, type SQL } from 'drizzle-orm';
import type { RuleCondition } from '@backoffice/contract';
import type { AdFacts } from '../../rules/evaluate';
import { activeStrikesSql } from '../strikes/strikes-service';

/**
 * What a rule knows of an ad's advertiser (docs/decisions/0030-moderation-rules.md), one SQL for
 * the live run's new ads (rules-apply-repository.ts) and a backtest's decided ads
 * (rules-backtest-repository.ts). The statement joins `users u` and `advertiser_ad_counts c` (on
 * c.user_id = u.id, kept by triggers, migration 0027); both may be absent (an ad without an
 * account): then the advertiser reads as a new, unverified one with nothing approved and no strikes.
 */

/**
 * The advertiser's active strikes at `now` (docs/decisions/0035-strikes-and-languages.md): the
 * strikes module's expression over `u.id` (0 when there is no account).
 */
export const activeStrikes = (now: Date): SQL => activeStrikesSql(sql`u.id`, now);

export type AdvertiserFact = keyof AdFacts['advertiser'];
const ALL_FACTS: ReadonlySet<AdvertiserFact> = new Set(['verified', 'accountAgeDays', 'activeStrikes', 'approvedAds']);

/**
 * The advertiser's facts these conditions read (`advertiser.approvedAds` → approvedAds). A backtest
 * asks only for those: the active strikes are a subquery over the audit trail per advertiser, which
 * a rule on approved ads alone need not pay for (bench:rules).
 */
export function factsRead(conditions: readonly RuleCondition[]): Set<AdvertiserFact> {
  const read = new Set<AdvertiserFact>();
  for (const c of conditions) {
    const [scope, fact] = c.field.split('.');
    if (scope === 'advertiser' && ALL_FACTS.has(fact as AdvertiserFact)) read.add(fact as AdvertiserFact);
  }
  return read;
}

/**
 * The advertiser's facts as columns: verified, account age in whole days (from the date they
 * joined, else the row's creation, as the new-account signal and the advertiser card read it),
 * active strikes and approved ads. A fact not in `read` is a constant (false or 0): no rule reads it.
 */
export function advertiserFactColumns(now: Date, read: ReadonlySet<AdvertiserFact> = ALL_FACTS): SQL {
  const at = now.toISOString();
  const column = (fact: AdvertiserFact, expression: SQL, unread: SQL) => (read.has(fact) ? expression : unread);
  return sql`${column('verified', sql`coalesce(u.is_verified, false)`, sql`false`)} as adv_verified,
    ${column(
      'accountAgeDays',
      sql`coalesce(greatest(0, floor(extract(epoch from (${at}::timestamptz - coalesce(u.join_date, u.created_at))) / 86400)), 0)::int`,
      sql`0`,
    )} as adv_age_days,
    ${column('activeStrikes', sql`coalesce(${activeStrikes(now)}, 0)::int`, sql`0`)} as adv_active_strikes,
    ${column('approvedAds', sql`coalesce(c.approved, 0)::int`, sql`0`)} as adv_approved_ads`;
}

/** The joins the columns read, after a table or subquery that has the advertiser's id as `userId`. */
export const advertiserJoins = (userId: SQL): SQL =>
  sql`left join users u on u.id = ${userId} left join advertiser_ad_counts c on c.user_id = u.id`;

export type AdvertiserFactRow = {
  adv_verified: boolean;
  adv_age_days: number;
  adv_active_strikes: number;
  adv_approved_ads: number;
};

export const advertiserOf = (r: AdvertiserFactRow): AdFacts['advertiser'] => ({
  verified: r.adv_verified,
  accountAgeDays: Number(r.adv_age_days),
  activeStrikes: Number(r.adv_active_strikes),
  approvedAds: Number(r.adv_approved_ads),
});
