import { z } from 'zod';

/**
 * Dashboard and Common Notification (docs/product.md#dashboard, chart periods in docs/product.md#business-constants; docs/decisions/0007-dashboard.md). The figures' definitions
 * are in docs/decisions/0007-dashboard.md; the labels are the spec's, word for word.
 */

import { DEFAULT_MARKETPLACE_TIME_ZONE, CHART_PERIODS, MONTH_LABELS } from './dashboard-constants';

export * from './dashboard-constants';

/** Share of `part` in `whole` as a whole percentage (0 when `whole` is 0). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** GET /api/dashboard query: the period of the Ads Submitted donut. */
export const dashboardQuery = z.strictObject({
  period: z.enum(CHART_PERIODS).default('week'),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const count = z.number().int().min(0);

export const MODERATION_ACTIONS = ['approve', 'reject', 'delete', 'images'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** One moderation event: who did what to which ad, when. */
export const moderationActivity = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  adId: z.string(),
  adHeading: z.string(),
  adminId: z.string().nullable(),
  /** The admin's name (or username); null when that admin was deleted. */
  adminName: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type ModerationActivity = z.infer<typeof moderationActivity>;

export const dashboardResponse = z.object({
  /** The server's "now" the figures were computed at, and the zone of its calendar. */
  generatedAt: z.string(),
  timeZone: z.string(),
  cards: z.object({
    pending: count,
    pendingHighPriority: count,
    approved: count,
    approvedToday: count,
    rejected: count,
    rejectedLast30Days: count,
    unverifiedAdvertisers: count,
    advertisersNewToday: count,
  }),
  recentActivities: z.array(moderationActivity),
  adsSubmitted: z.object({
    period: z.enum(CHART_PERIODS),
    from: z.string(),
    to: z.string(),
    total: count,
    /** The largest categories (at most three) then Others; empty categories are left out. */
    slices: z.array(z.object({ name: z.string(), value: count })),
  }),
  revenue: z.object({
    year: z.number().int(),
    currency: z.literal('LKR'),
    months: z.array(z.object({ month: z.enum(MONTH_LABELS), sales: z.number().min(0) })).length(12),
  }),
  monthProgress: z.object({
    submitted: count,
    moderated: count,
    regular: count,
    digital: count,
    moderatedPercent: z.number().int().min(0).max(100),
    regularPercent: z.number().int().min(0).max(100),
    digitalPercent: z.number().int().min(0).max(100),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/**
 * Common Notification feed: ads waiting for review (kind `pending`, at = posting date, by = the
 * advertiser) and the other admins' moderation events (kind = the action, at = when, by = the
 * admin), newest first; a bulk action is one item naming its newest ad, with `count` ads.
 */
export const NOTIFICATION_KINDS = ['pending', ...MODERATION_ACTIONS] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationItem = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  adId: z.string(),
  adHeading: z.string(),
  by: z.string().nullable(),
  /** Set for moderation events: the admin who acted (own actions are never "unread"). */
  adminId: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
  /** The ads the item stands for: 1, or how many a bulk action took. */
  count: z.number().int().min(1),
  /** `count` is a lower bound: the bulk action was larger than the feed looks at. */
  atLeast: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationsResponse = z.object({ notifications: z.array(notificationItem) });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

const activityVerbs: Record<NotificationKind, string> = {
  pending: 'submitted',
  approve: 'approved',
  reject: 'rejected',
  delete: 'deleted',
  images: 'removed images from',
};

/** "Nimal Perera approved", "kasun.perera submitted": who did what (the ad's heading follows). */
export function activityLead(kind: NotificationKind, by: string | null): string {
  const who = by ?? (kind === 'pending' ? 'An advertiser' : 'A former administrator');
  return `${who} ${activityVerbs[kind]}`;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_MARKETPLACE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "18 Nov 2026, 14:05" in Sri Lankan time, whatever the browser's zone. */
export function formatActivityTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}
