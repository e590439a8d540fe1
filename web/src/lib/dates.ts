import { DEFAULT_MARKETPLACE_TIME_ZONE, TIME_ZONE_META, isTimeZone } from '@backoffice/contract';

/**
 * Every date and time the screens show, in the marketplace's time zone whatever the browser's
 * (docs/decisions/0023-time-zone-and-dates.md). The server names the zone in the page it serves;
 * without it (the Vite dev server, tests) the default applies.
 */
let zone: string | undefined;

export function marketplaceTimeZone(): string {
  if (zone === undefined) {
    const named = typeof document === 'undefined' ? null : document.querySelector(`meta[name="${TIME_ZONE_META}"]`);
    const value = named?.getAttribute('content') ?? '';
    zone = isTimeZone(value) ? value : DEFAULT_MARKETPLACE_TIME_ZONE;
  }
  return zone;
}

/** Tests only: forget the zone read, so the next format reads the page again. */
export function resetTimeZoneForTests(): void {
  zone = undefined;
  formatters.clear();
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsOf(date: Date, withTime: boolean) {
  const key = `${marketplaceTimeZone()}|${withTime}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: marketplaceTimeZone(),
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    } as Intl.DateTimeFormatOptions);
    formatters.set(key, f);
  }
  const parts = f.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // en-GB writes September "Sept"; the screens use three letters throughout.
  const month = part('month').slice(0, 3);
  return { day: part('day'), month, year: part('year'), hour: part('hour'), minute: part('minute') };
}

function toDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The ads table's "short month, year, day": "Nov 2026, 22". */
export function formatMonthYearDay(iso: string | null | undefined, missing = '-'): string {
  const date = toDate(iso);
  if (!date) return missing;
  const p = partsOf(date, false);
  return `${p.month} ${p.year}, ${p.day}`;
}

/** Every other date: "22 Nov 2026". */
export function formatDate(iso: string | null | undefined, missing = '-'): string {
  const date = toDate(iso);
  if (!date) return missing;
  const p = partsOf(date, false);
  return `${p.day} ${p.month} ${p.year}`;
}

/** Every time: "22 Nov 2026, 14:05". */
export function formatDateTime(iso: string | null | undefined, missing = '-'): string {
  const date = toDate(iso);
  if (!date) return missing;
  const p = partsOf(date, true);
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}

const calendarDay = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day ("2026-12-01", a banner's dates) is no instant: no zone moves it. "1 Dec 2026". */
export function formatCalendarDay(day: string): string {
  const m = calendarDay.exec(day);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return day;
  return `${Number(m[3])} ${month} ${m[1]}`;
}
