// Kept apart from the schemas (dashboard.ts) so that a screen reading them loads no part of zod.

/**
 * The marketplace's time zone unless the server's MARKETPLACE_TIME_ZONE names another: every date and
 * time is shown in it, and "today", "this week", "this month" and "this year" are its calendar periods
 * (docs/decisions/0023-time-zone-and-dates.md).
 */
export const DEFAULT_MARKETPLACE_TIME_ZONE = 'Asia/Colombo';
/** The page meta element the server names its time zone in. */
export const TIME_ZONE_META = 'marketplace-time-zone';

/** True when `zone` is an IANA zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** docs/product.md#business-constants: chart periods week, month, year. */
export const CHART_PERIODS = ['week', 'month', 'year'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

export const HIGH_PRIORITY_HOURS = 48;
export const REJECTED_RECENT_DAYS = 30;
export const RECENT_ACTIVITY_COUNT = 3;
export const TOP_CATEGORY_COUNT = 3;
export const NOTIFICATION_COUNT = 30;
export const OTHERS_CATEGORY = 'Others';
export const MONTH_LABELS = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;

export const dashboardText = {
  searchPlaceholder: 'Search for...',
  pendingAds: 'Pending Ads',
  highPriority: (n: number) => `(${n} High Priority)`,
  approvedAds: 'Approved Ads',
  addedToday: (n: number) => `(${n} Added Today)`,
  rejectedAds: 'Rejected Ads',
  last30Days: (n: number) => `(${n} last 30 days)`,
  verifyAdvertiser: 'Verify Advertiser',
  newToday: (n: number) => `(${n} New Today)`,
  recentActivities: 'Recent Activities',
  viewAll: 'View All',
  adsSubmitted: 'Ads Submitted',
  periods: { week: 'This Week', month: 'This Month', year: 'This Year' } satisfies Record<ChartPeriod, string>,
  revenue: 'Revenue',
  /** Spec: fixed label "Jan 2024 - Dec 2024"; here the current year. */
  revenueRange: (year: number) => `Jan ${year} - Dec ${year}`,
  sales: 'Sales',
  monthProgress: 'This month Progress',
  regularAds: 'Regular Ads',
  digitalAds: 'Digital Ads',
  notifications: 'Common Notification',
  noNotifications: 'No notifications yet.',
} as const;
