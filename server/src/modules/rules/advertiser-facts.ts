import { sql, type SQL } from 'drizzle-orm';
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

/**
 * The advertiser's facts as columns: verified, account age in whole days (from the date they
 * joined, else the row's creation, as the new-account signal and the advertiser card read it),
 * active strikes and approved ads.
 */
export function advertiserFactColumns(now: Date): SQL {
  const at = now.toISOString();
  return sql`coalesce(u.is_verified, false) as adv_verified,
    coalesce(greatest(0, floor(extract(epoch from (${at}::timestamptz - coalesce(u.join_date, u.created_at))) / 86400)), 0)::int
      as adv_age_days,
    coalesce(${activeStrikes(now)}, 0)::int as adv_active_strikes,
    coalesce(c.approved, 0)::int as adv_approved_ads`;
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
