/** "2026-12-01" → "Dec 1, 2026". Dates are calendar days: formatted in UTC so no time zone shifts them. */
export function formatBannerDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

/** The table's Display Date Range and the view's displaying date. */
export function formatDateRange(startDate: string, endDate: string): string {
  return `${formatBannerDate(startDate)} – ${formatBannerDate(endDate)}`;
}

export function formatViews(views: number): string {
  return views.toLocaleString('en-LK');
}
