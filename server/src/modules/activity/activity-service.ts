import {
  adMessages,
  DEFAULT_MARKETPLACE_TIME_ZONE,
  type ActivityEvent,
  type ActivityQuery,
  type ActivityResponse,
  type AdHistoryEvent,
  type AuditActor,
  type ModerationFigures,
} from '@backoffice/contract';
import { asc, eq, sql } from 'drizzle-orm';
import * as audit from '../../db/audit-repository';
import { rowsOf, type Db } from '../../db/client';
import { advertiserMessages, type AdvertiserMessageRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { NotFoundError } from '../../lib/errors';
import { totalShownByPage } from '../../lib/paging';
import { calendarAt, localMidnight } from '../../domain/calendar';

const HOUR = 3_600_000;
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * A deleted admin keeps their id and name as written (migration 0017); entries written before it
 * lost a deleted admin's id to the key, which set it null: `_id` is '' there.
 */
function actorOf(row: { actor_id: string | null; actor_name: string | null }): AuditActor | null {
  if (row.actor_name === null) return null;
  return { _id: row.actor_id ?? '', name: row.actor_name };
}

/**
 * A take-over written before it named its taker (`to`) gets the actor's name there, so every
 * take-over reads "previous → taker" (docs/decisions/0017-live-queue-and-claims.md).
 */
function detailsOf(row: audit.AuditRow) {
  const details = row.details;
  if (details && row.action === 'claim_taken_over' && details.to === undefined && row.actor_name !== null)
    return { ...details, to: row.actor_name };
  return details;
}

function optional(row: audit.AuditRow) {
  const details = detailsOf(row);
  return {
    ...(row.rejection_reason !== null ? { rejectionReason: row.rejection_reason } : {}),
    ...(details ? { details } : {}),
  };
}

function toHistoryEvent(row: audit.AuditRow): AdHistoryEvent {
  return { _id: row.id, action: row.action, actor: actorOf(row), at: iso(row.at), ...optional(row) };
}

function toActivityEvent(row: audit.AuditRow): ActivityEvent {
  return {
    _id: row.id,
    entity: row.entity,
    entityId: row.entity_id,
    entityLabel: row.entity_label,
    exists: Boolean(row.exists),
    action: row.action,
    actor: actorOf(row),
    at: iso(row.at),
    ...optional(row),
  };
}

/** A YYYY-MM-DD calendar day's local midnight in the marketplace's time zone (`next`: the day after). */
function midnight(day: string, timeZone: string, next = false): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return localMidnight(y, m, d + (next ? 1 : 0), timeZone);
}

/** How long cached moderation figures may stand while no ad changes: their windows move with time. */
const FIGURES_FRESH_MS = 60_000;

/**
 * A message to the advertiser as a `notified` entry of the ad's history, in its current state (it
 * moves from queued to sent or failed after the decision): at its sending, or its last attempt.
 */
function toNotifiedEvent(m: AdvertiserMessageRow): AdHistoryEvent {
  return {
    _id: `message-${m.id}`,
    action: 'notified',
    actor: null,
    at: (m.sentAt ?? m.updatedAt).toISOString(),
    details: {
      channel: m.channel,
      status: m.status,
      attempts: m.attempts,
      ...(m.lastError ? { error: m.lastError } : {}),
    },
  };
}

/** The audit trail's readers: an ad's history, the activity log and the moderation figures. */
export class ActivityService {
  private figures: { key: string; value: ModerationFigures } | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly timeZone = DEFAULT_MARKETPLACE_TIME_ZONE,
  ) {}

  /**
   * Oldest first; a deleted ad keeps its entries. An ad with none yet (written around the
   * submission trigger: a bulk load, an import with triggers off) has an empty history; an id that
   * is neither an ad nor in the trail is a 404.
   */
  async history(adId: string): Promise<AdHistoryEvent[]> {
    const rows = await audit.adHistory(this.db, adId);
    if (!rows.length) {
      const [ad] = rowsOf(await this.db.execute(sql`select 1 from advertisements where id = ${adId}::uuid`));
      if (!ad) throw new NotFoundError(adMessages.notFound);
    }
    const messages = await this.db
      .select()
      .from(advertiserMessages)
      .where(eq(advertiserMessages.adId, adId))
      .orderBy(asc(advertiserMessages.id));
    // Entries first at equal times: a decision comes before the message it sends.
    return [...rows.map(toHistoryEvent), ...messages.map(toNotifiedEvent)].sort(
      (a, b) => Date.parse(a.at) - Date.parse(b.at),
    );
  }

  private filter(q: Omit<ActivityQuery, 'page' | 'pageSize'>): audit.ActivityFilter {
    return {
      entity: q.entity,
      action: q.action,
      actor: q.actor,
      advertiser: q.advertiser,
      decisions: q.decisions === 'true',
      from: q.from ? midnight(q.from, this.timeZone) : undefined,
      to: q.to ? midnight(q.to, this.timeZone, true) : undefined,
      q: q.q || undefined,
    };
  }

  /**
   * Newest first; `total` only when the page shows the end of the matches (else GET /api/activity/count).
   * `from`, here, in the count and the figures: where a request's list reads go (ModuleDeps.reader:
   * the replica when fresh enough), the primary by default.
   */
  async list(q: ActivityQuery, from: Db = this.db): Promise<ActivityResponse> {
    const rows = await audit.activityPage(from, this.filter(q), {
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return {
      success: true,
      events: rows.map(toActivityEvent),
      total: totalShownByPage(q, rows.length),
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  count(q: Omit<ActivityQuery, 'page' | 'pageSize'>, from: Db = this.db): Promise<number> {
    return audit.countActivity(from, this.filter(q));
  }

  /**
   * The moderation manager's figures. Every decision and every new or removed pending ad moves
   * ad_summary's version, so figures computed at a version stay true until it moves, apart from
   * their time windows: they are kept for that version within the same minute.
   */
  async moderationFigures(from: Db = this.db): Promise<ModerationFigures> {
    const now = this.clock();
    const [v] = rowsOf<{ v: string | number | null }>(
      await from.execute(sql`select sum(v) as v from ad_summary_version`),
    );
    const key = `${v?.v ?? ''}:${Math.floor(now.getTime() / FIGURES_FRESH_MS)}`;
    if (this.figures?.key === key) return this.figures.value;

    const cal = calendarAt(now, this.timeZone);
    const [pending, decisions] = await Promise.all([
      rowsOf<{ oldest: Date | string | null; pending: string | number; recent: string | number }>(
        await from.execute(sql`select
          (select min(posting_date) from advertisements where status = 'pending') as oldest,
          (select coalesce(sum(n), 0) from ad_summary where status = 'pending') as pending,
          (select count(*) from advertisements where status = 'pending'
             and posting_date >= ${new Date(now.getTime() - 24 * HOUR).toISOString()}::timestamptz) as recent`),
      ),
      audit.decisionFigures(from, cal.today.from, new Date(now.getTime() - 7 * 24 * HOUR)),
    ]);
    const p = pending[0]!;
    const value: ModerationFigures = {
      success: true,
      oldestPendingAt: p.oldest === null ? null : iso(p.oldest),
      // All pending minus those posted in the last 24 h: the scan covers only recent submissions.
      pendingOlderThan24h: Math.max(0, Number(p.pending) - Number(p.recent)),
      medianDecisionSeconds7d: decisions.medianSeconds,
      decisionsByAdmin: decisions.byAdmin.map((r) => ({
        actor: actorOf(r)!,
        today: r.today,
        last7Days: r.week,
      })),
    };
    this.figures = { key, value };
    return value;
  }
}
