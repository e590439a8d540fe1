/**
 * Calendar boundaries ("today", "this week" …) in a time zone, as UTC instants for SQL ranges.
 * Computed here rather than with `at time zone` in SQL so that PGlite and PostgreSQL agree
 * whatever time zone data each has, and so tests reason about plain instants.
 */

type LocalDate = { year: number; month: number; day: number; weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of `instant` in `timeZone`. */
function wallClock(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function offsetAt(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * `instant` as ISO 8601 in `timeZone`'s wall clock with its offset, to the second:
 * `2026-11-18T12:00:00+05:30` (the CSV exports' times).
 */
export function localTimestamp(instant: Date, timeZone: string): string {
  const offset = offsetAt(instant, timeZone);
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offset).toISOString().slice(0, 19);
  const minutes = Math.abs(offset) / 60_000;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The local calendar date of `instant` in `timeZone` (weekday 0 = Sunday). */
export function localDate(instant: Date, timeZone: string): LocalDate {
  const w = wallClock(instant, timeZone);
  return {
    year: w.year,
    month: w.month,
    day: w.day,
    weekday: new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay(),
  };
}

/** The instant local midnight starts on (year, month, day) in `timeZone`; day/month may overflow. */
export function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const naive = Date.UTC(year, month - 1, day);
  // Two passes settle the offset even across a daylight-saving change.
  let guess = naive - offsetAt(new Date(naive), timeZone);
  guess = naive - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

export type Range = { from: Date; to: Date };

export type Calendar = {
  today: Range;
  /** Monday 00:00 to the next Monday 00:00. */
  week: Range;
  month: Range;
  year: Range;
  /** The twelve months of this year, January first. */
  months: Range[];
  yearNumber: number;
};

export function calendarAt(now: Date, timeZone: string): Calendar {
  const { year, month, day, weekday } = localDate(now, timeZone);
  const at = (y: number, m: number, d: number) => localMidnight(y, m, d, timeZone);
  const monday = day - ((weekday + 6) % 7);
  return {
    today: { from: at(year, month, day), to: at(year, month, day + 1) },
    week: { from: at(year, month, monday), to: at(year, month, monday + 7) },
    month: { from: at(year, month, 1), to: at(year, month + 1, 1) },
    year: { from: at(year, 1, 1), to: at(year + 1, 1, 1) },
    months: Array.from({ length: 12 }, (_, i) => ({ from: at(year, i + 1, 1), to: at(year, i + 2, 1) })),
    yearNumber: year,
  };
}
