import { AD_OVERDUE_HOURS } from '@backoffice/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A pending ad waiting this long or longer is due soon (amber). */
export const DUE_SOON_MS = 24 * HOUR;
/** A pending ad waiting longer than this is overdue (red): the dashboard's High Priority and the Overdue view. */
export const OVERDUE_MS = AD_OVERDUE_HOURS * HOUR;

/** How long an ad has waited, short: "5 min", "3 h", "2 d"; null for a date not in the past. */
export function formatAge(iso: string, now: number): string | null {
  const waited = now - Date.parse(iso);
  if (!Number.isFinite(waited) || waited < 0) return null;
  if (waited < HOUR) return `${Math.floor(waited / MINUTE)} min`;
  if (waited < DAY) return `${Math.floor(waited / HOUR)} h`;
  return `${Math.floor(waited / DAY)} d`;
}

/** The three steps of a pending ad's wait: under 24 h, 24 to 48 h, over 48 h. */
export type AgeStep = 'fresh' | 'dueSoon' | 'overdue';

export interface PendingAge {
  step: AgeStep;
  /** The age and, past 24 hours, the step in words (never colour alone): "5 h", "1 d · due soon", "3 d · overdue". */
  text: string;
}

/** The words each step adds to the age. */
export const ageStepText: Record<AgeStep, string | null> = {
  fresh: null,
  dueSoon: 'due soon',
  overdue: 'overdue',
};

/** Text colour of each step on the dark surfaces (AA contrast on slate-900). */
export const ageStepClass: Record<AgeStep, string> = {
  fresh: 'text-slate-400',
  dueSoon: 'text-amber-300',
  overdue: 'text-rose-300',
};

/** How long a pending ad has waited and how urgent that is; null for a date not in the past. */
export function pendingAge(iso: string, now: number): PendingAge | null {
  const age = formatAge(iso, now);
  if (age === null) return null;
  const waited = now - Date.parse(iso);
  const step: AgeStep = waited > OVERDUE_MS ? 'overdue' : waited >= DUE_SOON_MS ? 'dueSoon' : 'fresh';
  const words = ageStepText[step];
  return { step, text: words ? `${age} · ${words}` : age };
}
