import type { ReactNode } from 'react';
import { cx } from './cx';

export type BadgeTone = 'emerald' | 'amber' | 'rose' | 'sky' | 'violet' | 'slate';

/** Full class strings so Tailwind sees them (docs/ui-style.md badge recipe). */
export const badgeTones: Record<BadgeTone, string> = {
  emerald: 'bg-emerald-500/15 text-emerald-300 ring-emerald-500/30',
  amber: 'bg-amber-500/15 text-amber-300 ring-amber-500/30',
  rose: 'bg-rose-500/15 text-rose-300 ring-rose-500/30',
  sky: 'bg-sky-500/15 text-sky-300 ring-sky-500/30',
  violet: 'bg-violet-500/15 text-violet-300 ring-violet-500/30',
  slate: 'bg-slate-500/15 text-slate-300 ring-slate-500/30',
};

export function Badge({ tone, children, className }: { tone: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        badgeTones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Status colours shared by every screen: approved/Active green, pending amber, rejected/Inactive rose. */
const statusTones: Record<string, BadgeTone> = {
  approved: 'emerald',
  active: 'emerald',
  pending: 'amber',
  rejected: 'rose',
  inactive: 'rose',
};

export function statusTone(status: string): BadgeTone {
  return statusTones[status.toLowerCase()] ?? 'slate';
}

/** A status word in its colour; the label is the status with a capital first letter. */
export function StatusBadge({ status }: { status: string }) {
  const label = status.charAt(0).toUpperCase() + status.slice(1);
  return <Badge tone={statusTone(status)}>{label}</Badge>;
}
