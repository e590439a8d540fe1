import {
  DEFAULT_MARKETPLACE_TIME_ZONE,
  HIGH_PRIORITY_HOURS,
  MONTH_LABELS,
  NOTIFICATION_COUNT,
  OTHERS_CATEGORY,
  RECENT_ACTIVITY_COUNT,
  REJECTED_RECENT_DAYS,
  TOP_CATEGORY_COUNT,
  percentOf,
  type ChartPeriod,
  type DashboardResponse,
  type ModerationActivity,
  type NotificationItem,
} from '@backoffice/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { calendarAt, type Calendar } from '../../domain/calendar';
import * as repo from './dashboard-repository';
import { notificationFeed } from './notifications-repository';

const HOUR = 3_600_000;
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The three largest categories (ties by name), then the rest summed as Others; zeros left out. */
export function topCategories(counts: { category: string; n: number }[], top = TOP_CATEGORY_COUNT) {
  const sorted = counts.filter((c) => c.n > 0).sort((a, b) => b.n - a.n || a.category.localeCompare(b.category));
  const slices = sorted.slice(0, top).map((c) => ({ name: c.category, value: c.n }));
  const others = sorted.slice(top).reduce((sum, c) => sum + c.n, 0);
  if (others > 0) slices.push({ name: OTHERS_CATEGORY, value: others });
  return slices;
}

function toActivity(row: repo.ActivityRow): ModerationActivity {
  return {
    id: row.id,
    action: row.action,
    adId: row.ad_id,
    adHeading: row.ad_heading,
    adminId: row.admin_id,
    adminName: row.admin_name,
    reason: row.reason,
    at: iso(row.created_at),
  };
}

/**
 * How long the ads' figures may stand while ad_summary's version does not move: the 48-hour and
 * 30-day windows move with time, and an ad's type or posting date changed without its status,
 * category or district does not move the version.
 */
const AD_FIGURES_FRESH_MS = 60_000;

type AdFigures = { figures: repo.Figures; perCategory: { category: string; n: number }[] };

/** docs/decisions/0007-dashboard.md: the spec's dashboard figures from the database; definitions in docs/decisions/0007. */
export class DashboardService {
  /**
   * The ads' figures per version, minute, time zone, day and chart range. Every ad written and
   * every decision moves ad_summary's version in its own transaction, in the database, so another
   * instance's change shows here at the next request. Kept as promises: requests that arrive while
   * the figures are computed share that one computation.
   */
  private readonly adFiguresCache = new Map<string, Promise<AdFigures>>();

  /** The calendar of the current local day: its boundaries change only at local midnight. */
  private calendar: Calendar | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly timeZone = DEFAULT_MARKETPLACE_TIME_ZONE,
  ) {}

  private calendarAt(now: Date): Calendar {
    const c = this.calendar;
    if (c && now >= c.today.from && now < c.today.to) return c;
    return (this.calendar = calendarAt(now, this.timeZone));
  }

  private adFigures(
    version: string | null,
    now: Date,
    cal: Calendar,
    period: ChartPeriod,
    from: Db,
  ): Promise<AdFigures> {
    const range = cal[period];
    const compute = async (): Promise<AdFigures> => {
      const [figures, perCategory] = await Promise.all([
        repo.figures(from, {
          highPriorityCutoff: new Date(now.getTime() - HIGH_PRIORITY_HOURS * HOUR),
          today: cal.today,
          rejectedSince: new Date(now.getTime() - REJECTED_RECENT_DAYS * 24 * HOUR),
          month: cal.month,
        }),
        repo.adsPerCategory(from, range),
      ]);
      return { figures, perCategory };
    };
    if (version === null) return compute();
    const current = `${version}|${Math.floor(now.getTime() / AD_FIGURES_FRESH_MS)}|`;
    const key = `${current}${this.timeZone}|${iso(cal.today.from)}|${period}|${iso(range.from)}|${iso(range.to)}`;
    const cached = this.adFiguresCache.get(key);
    if (cached) return cached;
    // Figures of an older version or minute are never asked for again.
    for (const k of this.adFiguresCache.keys()) if (!k.startsWith(current)) this.adFiguresCache.delete(k);
    const computing = compute();
    this.adFiguresCache.set(key, computing);
    computing.catch(() => {
      if (this.adFiguresCache.get(key) === computing) this.adFiguresCache.delete(key);
    });
    return computing;
  }

  /** `from`: where the request's reads go (ModuleDeps.reader: the replica when fresh enough), the primary by default. */
  async dashboard(period: ChartPeriod, from: Db = this.db): Promise<DashboardResponse> {
    const now = this.clock();
    const cal = this.calendarAt(now);
    const range = cal[period];
    // The version first, so that the ads' figures computed after it are at least that new.
    const adsAndUsers = repo
      .userFigures(from, cal.today)
      .then(async (u) => ({ u, ads: await this.adFigures(u.version, now, cal, period, from) }));
    const [{ u, ads }, revenue, events] = await Promise.all([
      adsAndUsers,
      repo.revenuePerMonth(from, cal.year, cal.months),
      repo.latestModerationEvents(from, RECENT_ACTIVITY_COUNT),
    ]);
    const { figures: f, perCategory } = ads;
    const submitted = f.month_pending + f.month_approved + f.month_rejected;
    const moderated = f.month_approved + f.month_rejected;
    const regularPercent = percentOf(f.month_regular, submitted);
    return {
      generatedAt: now.toISOString(),
      timeZone: this.timeZone,
      cards: {
        pending: f.pending,
        // Ads pending for more than 48 h: all pending minus those posted within the last 48 h,
        // so the scan covers only recent submissions however long the backlog is.
        pendingHighPriority: Math.max(0, f.pending - f.pending_recent),
        approved: f.approved,
        approvedToday: f.approved_today,
        rejected: f.rejected,
        rejectedLast30Days: f.rejected_recent,
        unverifiedAdvertisers: u.unverified,
        advertisersNewToday: u.new_today,
      },
      recentActivities: events.map(toActivity),
      adsSubmitted: {
        period,
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        total: perCategory.reduce((sum, c) => sum + c.n, 0),
        slices: topCategories(perCategory),
      },
      revenue: {
        year: cal.yearNumber,
        currency: 'LKR',
        months: revenue.map((sales, i) => ({ month: MONTH_LABELS[i]!, sales: Math.round(sales * 100) / 100 })),
      },
      monthProgress: {
        submitted,
        moderated,
        regular: f.month_regular,
        digital: submitted - f.month_regular,
        moderatedPercent: percentOf(moderated, submitted),
        regularPercent,
        // The two shares always add up to 100 (rounding must not make 101).
        digitalPercent: submitted > 0 ? 100 - regularPercent : 0,
      },
    };
  }

  /** Common Notification as `viewerId` sees it: new ads and the other admins' actions, a bulk action once. */
  async notifications(viewerId: string): Promise<NotificationItem[]> {
    const rows = await notificationFeed(this.db, viewerId, NOTIFICATION_COUNT);
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      adId: r.ad_id,
      adHeading: r.ad_heading,
      by: r.by,
      adminId: r.admin_id,
      reason: r.reason,
      at: iso(r.at),
      count: Number(r.count),
      atLeast: r.at_least,
    }));
  }
}
