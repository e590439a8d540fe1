import { formatCalendarDay } from '../../lib/dates';

/** "2026-12-01" → "1 Dec 2026": a calendar day, which no time zone shifts. */
export function formatBannerDate(day: string): string {
  return formatCalendarDay(day);
}

/** The table's Display Date Range and the view's displaying date. */
export function formatDateRange(startDate: string, endDate: string): string {
  return `${formatBannerDate(startDate)} – ${formatBannerDate(endDate)}`;
}

export function formatViews(views: number): string {
  return views.toLocaleString('en-LK');
}
