import { sql, type SQL } from 'drizzle-orm';
import { REPORTS_COUNT_LIMIT, type ReportListQuery } from '@backoffice/contract';
import { rowsOf, type Executor } from '../../db/client';
import { containsPattern } from '../../db/query-values';
import { e164Sql, type MessageChannels } from '../../messages/outbox-repository';
import { keptCounts, matchingKept, rareRanges, sumOf, type KeptCount } from './report-counts';

/**
 * Reports in SQL (docs/decisions/0034-reports.md): the inbox's keyset pages and totals, a report's
 * change, and what open reports do to their ad (its ad_reports row and the `reported` signal). The
 * public intake's statement is in report-intake-repository.ts.
 */

/**
 * The live stream's event of a report that arrived or changed (docs/decisions/0034-reports.md): a
 * row of ad_live_events in the report's transaction, numbered and sent after commit like the ads'
 * (`event: report`, the report's id); the other admins' inboxes load again.
 */
async function announce(db: Executor, reportIds: string[], adminId: string | null): Promise<void> {
  if (!reportIds.length) return;
  await db.execute(sql`insert into ad_live_events (type, ad_id, by_id)
    select 'report', id, ${adminId}::uuid from unnest(${`{${reportIds.join(',')}}`}::uuid[]) as id`);
}

/** The heading of the ad whose reports an admin dismisses, the ad locked against a decision or a delete meanwhile. */
export async function lockAd(db: Executor, adId: string): Promise<{ heading: string } | undefined> {
  const [row] = rowsOf<{ heading: string }>(
    await db.execute(sql`select heading from advertisements where id = ${adId}::uuid for update`),
  );
  return row;
}

/**
 * The ad's open reports changed by `reports` (one more, or fewer) and `weight`: its counters, and
 * for a pending ad the `reported` signal (its kind given by ad_reports' trigger while reports are
 * open, gone with the last).
 * Returns the counters after.
 */
export async function moveAdReports(
  db: Executor,
  adId: string,
  reports: number,
  weight: number,
): Promise<{ openReports: number; reportWeight: number; status: string } | undefined> {
  const [row] = rowsOf<{ open_reports: number; report_weight: number; status: string }>(
    await db.execute(sql`with ad as (select id, status, rule_priority, posting_date from advertisements
        where id = ${adId}::uuid),
      moved as (
        insert into ad_reports as r (ad_id, open_reports, report_weight, queue_priority, posting_date)
        select id, greatest(0, ${reports}::int), greatest(0, ${weight}::real),
          case when status = 'pending' and ${reports}::int > 0 then rule_priority + greatest(0, ${weight}::real) end,
          posting_date
        from ad
        on conflict (ad_id) do update set
          open_reports = greatest(0, r.open_reports + ${reports}::int),
          report_weight = case when r.open_reports + ${reports}::int <= 0 then 0
            else greatest(0, r.report_weight + ${weight}::real) end,
          queue_priority = case when (select status from ad) = 'pending' and r.open_reports + ${reports}::int > 0
            then (select rule_priority from ad) + greatest(0, r.report_weight + ${weight}::real) end
        returning open_reports, report_weight)
      select m.open_reports, m.report_weight, ad.status from moved m, ad`),
  );
  if (!row) return undefined;
  const after = { openReports: Number(row.open_reports), reportWeight: Number(row.report_weight), status: row.status };
  if (after.openReports > 0 && after.status === 'pending') {
    const evidence = JSON.stringify({ reports: after.openReports, weight: Math.round(after.reportWeight * 100) / 100 });
    await db.execute(sql`insert into ad_signals (ad_id, kind, evidence, strength)
      values (${adId}::uuid, 'reported', ${evidence}::jsonb, ${Math.min(1, after.reportWeight / 3)})
      on conflict (ad_id, kind) do update set evidence = excluded.evidence, strength = excluded.strength`);
  } else if (after.openReports === 0) {
    await db.execute(sql`delete from ad_signals where ad_id = ${adId}::uuid and kind = 'reported'`);
    await db.execute(sql`update advertisements set signal_kinds = array_remove(signal_kinds, 'reported')
      where id = ${adId}::uuid and signal_kinds @> array['reported']`);
  }
  return after;
}

export type ReportRow = {
  id: string;
  kind: 'ad' | 'bug';
  ad_id: string | null;
  ad_heading: string | null;
  ad_status: string | null;
  reason: string;
  text: string;
  page: string | null;
  reporter_email: string | null;
  reporter_phone: string | null;
  reporter_address: string | null;
  language: string;
  count: number;
  state: 'open' | 'resolved' | 'dismissed';
  assignee_id: string | null;
  assignee_name: string | null;
  note: string | null;
  reply: string | null;
  weight: number;
  created_at: Date | string;
  closed_at: Date | string | null;
  /** The reply's messages to the reporter, oldest first (advertiser_messages_report_idx). */
  replies: { channel: 'email' | 'sms'; status: 'queued' | 'sending' | 'sent' | 'failed'; lastError: string | null }[];
};

const selectReportsFrom = (source: SQL) => sql`select r.id, r.kind, r.ad_id,
    coalesce(a.heading, r.ad_heading) as ad_heading, a.status as ad_status, r.reason, r.text, r.page,
    r.reporter_email, r.reporter_phone, r.reporter_address, r.language, r.count, r.state, r.assignee_id,
    coalesce(nullif(u.name, ''), u.username) as assignee_name, r.note, r.reply, r.weight, r.created_at, r.closed_at,
    (select coalesce(json_agg(json_build_object('channel', m.channel, 'status', m.status, 'lastError', m.last_error)
      order by m.id), '[]') from advertiser_messages m where m.report_id = r.id) as replies
  from ${source} r
  left join advertisements a on a.id = r.ad_id
  left join users u on u.id = r.assignee_id`;
const selectReports = selectReportsFrom(sql`reports`);

/** `categories`: a scoped moderator's (docs/decisions/0033-roles.md): their ads' reports and bug reports. */
export type ReportFilter = ReportListQuery & { categories?: string[] | null };

function filters(q: Omit<ReportFilter, 'cursor' | 'pageSize'>): SQL[] {
  const where: SQL[] = [];
  if (q.categories) {
    const theirs = sql.join(
      q.categories.map((c) => sql`${c}`),
      sql`, `,
    );
    where.push(sql`(r.kind = 'bug' or r.ad_id in (select id from advertisements where category in (${theirs})))`);
  }
  if (q.kind) where.push(sql`r.kind = ${q.kind}`);
  if (q.reason) where.push(sql`r.reason = ${q.reason}`);
  if (q.state) where.push(sql`r.state = ${q.state}`);
  if (q.adId) where.push(sql`r.ad_id = ${q.adId}::uuid`);
  if (q.q) {
    const like = containsPattern(q.q);
    where.push(sql`(r.text ilike ${like} or r.ad_heading ilike ${like} or r.reporter_email = lower(${q.q})
      or r.reporter_phone = ${q.q} or r.id::text = lower(${q.q}))`);
  }
  return where;
}

const whereOf = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/**
 * One page newest first, keyset on (created_at, id): `after` is the last row shown, whose
 * created_at is read from its own row (no precision lost through JavaScript). One row more than the
 * page tells whether another page follows.
 *
 * Filtered by kind, reason or state (without a search or an ad), the kept totals (report_counts)
 * say how much of the table the filters match. A common match reads an ordered index and skips
 * the rows that do not match (a few per row shown). A rare one would read most of the table that
 * way (PostgreSQL 15 has no skip scan), so its page is the newest rows of each (kind, reason,
 * state) it allows that has reports, each a range of reports_kind_reason_state_created_idx, merged.
 */
export async function findReportsPage(
  db: Executor,
  q: ReportFilter,
  after: string | undefined,
  kept?: KeptCount[],
): Promise<ReportRow[]> {
  const keyset = after
    ? [sql`(r.created_at, r.id) < (select created_at, id from reports where id = ${after}::uuid)`]
    : [];
  const order = sql`order by r.created_at desc, r.id desc limit ${q.pageSize + 1}`;
  const ranges =
    q.q || q.adId || (!q.kind && !q.reason && !q.state) ? undefined : rareRanges(q, kept ?? (await keptCounts(db)));
  if (!ranges) {
    return rowsOf<ReportRow>(await db.execute(sql`${selectReports} ${whereOf([...filters(q), ...keyset])} ${order}`));
  }
  if (!ranges.length) return [];
  const others = [...filters({ ...q, kind: undefined, reason: undefined, state: undefined }), ...keyset];
  const branches = ranges.map((range) => sql`(select r.* from reports r ${whereOf([range, ...others])} ${order})`);
  return rowsOf<ReportRow>(
    await db.execute(sql`${selectReportsFrom(sql`(${sql.join(branches, sql` union all `)})`)} ${order}`),
  );
}

/**
 * The inbox's page and, on its first page, its total. Filtered by kind, reason or state only, the
 * kept totals are read once and serve both: the page's ranges and the total.
 */
export async function listReports(
  db: Executor,
  q: ReportFilter,
  after: string | undefined,
): Promise<{ rows: ReportRow[]; total: number | undefined }> {
  const onlyKept = !q.q && !q.adId && !q.categories;
  if (onlyKept && (q.kind || q.reason || q.state)) {
    const kept = await keptCounts(db);
    const rows = await findReportsPage(db, q, after, kept);
    return { rows, total: after ? undefined : keptTotal(q, kept) };
  }
  const [rows, total] = await Promise.all([
    findReportsPage(db, q, after),
    after ? Promise.resolve(undefined) : countReports(db, q),
  ]);
  return { rows, total };
}

/** The kept totals' count of the filters, shown as a counted one is (up to REPORTS_COUNT_LIMIT + 1). */
const keptTotal = (q: ReportFilter, kept: KeptCount[]) =>
  Math.min(REPORTS_COUNT_LIMIT + 1, sumOf(matchingKept(q, kept)));

/** The filters' reports, counted up to REPORTS_COUNT_LIMIT + 1 (an index range, not the whole table). */
export async function countReports(db: Executor, q: ReportFilter): Promise<number> {
  if (!q.q && !q.adId && !q.categories) {
    // Only kind, reason and state: the kept totals (migration 0031), shown as the counted ones are.
    return keptTotal(q, await keptCounts(db));
  }
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n
      from (select 1 from reports r ${whereOf(filters(q))} limit ${REPORTS_COUNT_LIMIT + 1}) counted`),
  );
  return Number(row?.n ?? 0);
}

export async function findReport(db: Executor, id: string, lock = false): Promise<ReportRow | undefined> {
  if (lock) await db.execute(sql`select 1 from reports where id = ${id}::uuid for update`);
  const [row] = rowsOf<ReportRow>(await db.execute(sql`${selectReports} where r.id = ${id}::uuid`));
  return row;
}

export type ReportChange = {
  state?: 'open' | 'resolved' | 'dismissed';
  assigneeId?: string | null;
  note?: string | null;
  reply?: string;
  closedBy?: string | null;
  at: Date;
};

export async function updateReport(db: Executor, id: string, c: ReportChange): Promise<void> {
  const set: SQL[] = [sql`updated_at = ${c.at.toISOString()}::timestamptz`];
  if (c.state !== undefined) {
    set.push(sql`state = ${c.state}`);
    const closed = c.state !== 'open';
    set.push(sql`closed_at = ${closed ? c.at.toISOString() : null}::timestamptz`);
    set.push(sql`closed_by = ${closed ? (c.closedBy ?? null) : null}::uuid`);
  }
  if (c.assigneeId !== undefined) set.push(sql`assignee_id = ${c.assigneeId}::uuid`);
  if (c.note !== undefined) set.push(sql`note = ${c.note}`);
  if (c.reply !== undefined) set.push(sql`reply = ${c.reply}`);
  await db.execute(sql`update reports set ${sql.join(set, sql`, `)} where id = ${id}::uuid`);
  await announce(db, [id], c.closedBy ?? null);
}

/** The ad's open reports closed as dismissed (the Reported view's action); their ids and weights. */
export async function dismissOpenReportsOf(
  db: Executor,
  adId: string,
  adminId: string,
  at: Date,
): Promise<{ id: string; weight: number }[]> {
  const iso = at.toISOString();
  const closed = rowsOf<{ id: string; weight: number }>(
    await db.execute(sql`update reports set state = 'dismissed', closed_at = ${iso}::timestamptz,
        closed_by = ${adminId}::uuid, updated_at = ${iso}::timestamptz
      where ad_id = ${adId}::uuid and state = 'open' returning id, weight`),
  );
  await announce(
    db,
    closed.map((r) => r.id),
    adminId,
  );
  return closed;
}

/**
 * The reply to a reporter in the outbox (docs/decisions/0022-advertiser-messages.md): one message per
 * active channel the reporter left an address for, in the reporter's language, delivered like a
 * decision's messages. Returns how many were written.
 */
export async function insertReplyMessages(
  db: Executor,
  r: { reportId: string; adId: string | null; heading: string; reply: string; language: string },
  to: { email: string | null; phone: string | null },
  c: MessageChannels,
  at: Date,
): Promise<number> {
  const rows: SQL[] = [];
  const iso = at.toISOString();
  const row = (channel: 'email' | 'sms', recipient: SQL) =>
    sql`(${r.adId}::uuid, ${r.reportId}::uuid, 'report_reply', ${channel}, (${recipient}), ${r.language},
      ${r.heading}, ${r.reply}, ${iso}::timestamptz, ${iso}::timestamptz, ${iso}::timestamptz)`;
  if (c.email && to.email) rows.push(row('email', sql`select ${to.email}::text`));
  if (c.sms && to.phone) rows.push(row('sms', e164Sql(sql`${to.phone}::text`)));
  if (!rows.length) return 0;
  await db.execute(sql`insert into advertiser_messages
      (ad_id, report_id, kind, channel, recipient, language, ad_heading, reason, next_attempt_at, created_at, updated_at)
    values ${sql.join(rows, sql`, `)}`);
  return rows.length;
}
