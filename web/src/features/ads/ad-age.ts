const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long an ad has waited, short: "5 min", "3 h", "2 d"; null for a date not in the past. */
export function formatAge(iso: string, now: number): string | null {
  const waited = now - Date.parse(iso);
  if (!Number.isFinite(waited) || waited < 0) return null;
  if (waited < HOUR) return `${Math.floor(waited / MINUTE)} min`;
  if (waited < DAY) return `${Math.floor(waited / HOUR)} h`;
  return `${Math.floor(waited / DAY)} d`;
}
