import { sql, type SQL } from 'drizzle-orm';
import { REPEAT_OFFENDER_STRIKES, STRIKE_EXPIRY_DAYS, type Strike, type UserStrikes } from '@backoffice/contract';
import { rowsOf, type Executor } from '../../db/client';

/**
 * Strikes (docs/decisions/0035-strikes-and-languages.md): an advertiser's strikes are the
 * rejections of their ads in the audit trail (`rejected` entries of ads, by advertiser; one per ad),
 * less those an admin removed (strike_removals, one row per ad). Nothing counts them apart from
 * the decisions, so no counter can drift; expiry is a comparison with "now".
 */

/** The setting (moderation_settings) holding the days a strike stays active; 90 without it. */
export const STRIKE_EXPIRY_KEY = 'strike_expiry_days';
/** The most strikes a list holds (the newest). */
export const STRIKE_LIST_LIMIT = 100;

/** The days a strike stays active, as SQL: the setting when it is a whole number from 1, else 90. */
export const strikeExpiryDaysSql: SQL = sql`coalesce((select case when jsonb_typeof(value) = 'number'
    and (value #>> '{}')::numeric >= 1 then (value #>> '{}')::numeric::int end
  from moderation_settings where key = ${STRIKE_EXPIRY_KEY}), ${STRIKE_EXPIRY_DAYS}::int)`;

/** The rejections that are strikes of the advertiser `userId` (an SQL expression: a column or a parameter). */
const strikeEntries = (userId: SQL) => sql`audit_events e
  where e.advertiser_id = ${userId} and e.entity = 'ad' and e.action = 'rejected' and e.entity_id is not null
    and not exists (select 1 from strike_removals r where r.ad_id = e.entity_id)`;

/**
 * The advertiser's active strikes at `now`, as an SQL expression (an int): for other statements to
 * carry, such as the rules' advertiser facts and the signals' analysis (`userId` may be a column,
 * e.g. sql`a.user_id`). Uses the audit trail's advertiser index.
 */
export function activeStrikesSql(userId: SQL, now: Date | SQL): SQL {
  const at = now instanceof Date ? sql`${now.toISOString()}::timestamptz` : now;
  return sql`(select count(distinct e.entity_id)::int from ${strikeEntries(userId)}
    and e.at > ${at} - make_interval(days => ${strikeExpiryDaysSql}))`;
}

export async function expiryDays(db: Executor): Promise<number> {
  const [row] = rowsOf<{ days: number }>(await db.execute(sql`select ${strikeExpiryDaysSql} as days`));
  return Number(row?.days ?? STRIKE_EXPIRY_DAYS);
}

/** The advertiser's strikes not removed (expired ones too), newest first, and how many are active. */
export async function strikesOf(db: Executor, userId: string, now: Date): Promise<UserStrikes> {
  const result = await db.execute(sql`
    with days as (select ${strikeExpiryDaysSql} as n),
    s as (
      select distinct on (e.entity_id) e.id, e.entity_id, e.entity_label, e.rejection_reason, e.at
      from ${strikeEntries(sql`${userId}::uuid`)}
      order by e.entity_id, e.at desc)
    select s.id, s.entity_id as ad_id, s.entity_label as heading, coalesce(s.rejection_reason, '') as reason,
      s.at, s.at + make_interval(days => days.n) as expires_at, days.n as days,
      ${activeStrikesSql(sql`${userId}::uuid`, now)} as active
    from s cross join days
    order by s.at desc, s.id desc
    limit ${STRIKE_LIST_LIMIT}`);
  type Row = {
    id: string | number;
    ad_id: string;
    heading: string;
    reason: string;
    at: Date | string;
    expires_at: Date | string;
    days: number;
    active: number;
  };
  const rows = rowsOf<Row>(result);
  const iso = (v: Date | string) => new Date(v).toISOString();
  const list: Strike[] = rows.map((r) => ({
    _id: String(r.id),
    adId: r.ad_id,
    heading: r.heading,
    reason: r.reason,
    at: iso(r.at),
    expiresAt: iso(r.expires_at),
  }));
  const active = rows[0] ? Number(rows[0].active) : 0;
  const days = rows[0] ? Number(rows[0].days) : await expiryDays(db);
  return { active, repeatOffender: active >= REPEAT_OFFENDER_STRIKES, expiryDays: days, list };
}

/** The strike the ad's rejection gave the advertiser, if it is theirs and not removed. */
export async function findStrike(
  db: Executor,
  userId: string,
  adId: string,
): Promise<{ heading: string; reason: string | null } | undefined> {
  const [row] = rowsOf<{ heading: string; reason: string | null }>(
    await db.execute(sql`select e.entity_label as heading, e.rejection_reason as reason
      from ${strikeEntries(sql`${userId}::uuid`)} and e.entity_id = ${adId}::uuid
      order by e.at desc limit 1`),
  );
  return row;
}

/** Records the removal; false when the strike was removed meanwhile (the ad's row exists). */
export async function insertRemoval(
  db: Executor,
  r: { adId: string; userId: string; note: string; removedBy: string; at: Date },
): Promise<boolean> {
  const result = await db.execute(sql`insert into strike_removals (ad_id, user_id, note, removed_by, removed_at)
    values (${r.adId}::uuid, ${r.userId}::uuid, ${r.note}, ${r.removedBy}::uuid, ${r.at.toISOString()}::timestamptz)
    on conflict (ad_id) do nothing returning ad_id`);
  return rowsOf(result).length > 0;
}
