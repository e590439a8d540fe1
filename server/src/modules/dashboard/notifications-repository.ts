import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { decisionsWhere } from '../../db/audit-repository';
import { advertisements, auditEvents } from '../../db/schema';
import { legacyAction, legacyReason } from './dashboard-repository';

export type NotificationRow = {
  id: string;
  kind: 'pending' | 'approve' | 'reject' | 'delete' | 'images';
  ad_id: string;
  ad_heading: string;
  by: string | null;
  admin_id: string | null;
  reason: string | null;
  at: Date | string;
  /** The ads the item stands for: more than one for a bulk action. */
  count: number;
  /** The group reached the end of the entries looked at: `count` is a lower bound. */
  at_least: boolean;
};

/**
 * Entries one run of a bulk action writes follow each other this closely (each ad of a bulk
 * decision, each ad deleted with its advertiser); two decisions taken by hand do not.
 */
const BULK_GAP_SECONDS = 1;

/**
 * How many of the newest decisions (other admins') are looked at to make the feed: a bulk action
 * larger than this shows as "at least" this many.
 */
export const NOTIFICATION_SCAN = 1000;

/**
 * Common Notification (docs/decisions/0028-verification-queue-and-confirmations.md): the newest
 * pending ads (backward scan of (status, posting_date, id)) and the decisions of the admins other
 * than `viewerId` (the decisions index, newest first), merged newest first. Consecutive decisions of
 * one admin with the same action and reason, each within BULK_GAP_SECONDS of the next, are one
 * bulk action and one item, named by its newest ad and counting them all.
 */
export function notificationFeed(db: Executor, viewerId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .execute(
      sql`
    with recent as (
      select e.id, ${legacyAction} as kind, e.entity_id, e.entity_label, e.actor_name, e.actor_id,
        ${legacyReason} as reason, e.at, row_number() over (order by e.at desc, e.id desc) as n
      from ${auditEvents} e
      where ${decisionsWhere} and e.actor_id is distinct from ${viewerId}::uuid
      order by e.at desc, e.id desc
      limit ${NOTIFICATION_SCAN}
    ), marked as (
      select r.*, case when lag(r.actor_id) over w is not distinct from r.actor_id
          and lag(r.actor_name) over w is not distinct from r.actor_name
          and lag(r.kind) over w = r.kind and lag(r.reason) over w is not distinct from r.reason
          and lag(r.at) over w - r.at <= ${BULK_GAP_SECONDS} * interval '1 second'
        then 0 else 1 end as starts
      from recent r window w as (order by r.n)
    ), grouped as (
      select m.*, sum(m.starts) over (order by m.n) as grp from marked m
    ), bulk as (
      select min(g.n) as first_n, count(*)::int as count,
        bool_or(g.n = ${NOTIFICATION_SCAN}) as at_least
      from grouped g group by g.grp
    )
    select * from (
      (select 'ad:' || a.id::text as id, 'pending' as kind, a.id::text as ad_id, a.heading as ad_heading,
         a.username as by, null::text as admin_id, null::text as reason, a.posting_date as at,
         1 as count, false as at_least, 0::bigint as seq
       from ${advertisements} a
       where a.status = 'pending'
       order by a.posting_date desc, a.id desc
       limit ${limit})
      union all
      (select 'event:' || g.id::text, g.kind, g.entity_id::text, g.entity_label, g.actor_name, g.actor_id::text,
         g.reason, g.at, b.count, b.at_least, g.id
       from bulk b join grouped g on g.n = b.first_n
       order by b.first_n
       limit ${limit})
    ) feed
    order by at desc, seq desc, id desc
    limit ${limit}
  `,
    )
    .then((result) => rowsOf<NotificationRow>(result));
}
