import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';

/** Plain panel surface (dashboard panels, forms). */
export interface PanelProps extends HTMLAttributes<HTMLDivElement> {
  /** No inner padding: for panels whose content (a table, a list) runs edge to edge. */
  flush?: boolean;
}

export function Panel({ className, flush = false, ...rest }: PanelProps) {
  return (
    <div className={cx('rounded-xl border border-slate-800 bg-slate-900', !flush && 'p-5', className)} {...rest} />
  );
}

export interface CardProps {
  label: ReactNode;
  value: ReactNode;
  /** Muted sub-line under the number. */
  sub?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

/** Count card: label, big number, muted sub-line (docs/ui-style.md). */
export function Card({ label, value, sub, icon, className }: CardProps) {
  return (
    <Panel className={cx('flex items-start justify-between gap-4', className)}>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-400">{label}</p>
        <p className="mt-2 text-3xl font-semibold tabular-nums text-slate-100">{value}</p>
        {sub != null && <p className="mt-1 text-sm text-slate-400">{sub}</p>}
      </div>
      {icon != null && (
        <div className="rounded-lg bg-indigo-500/15 p-2.5 text-indigo-300" aria-hidden="true">
          {icon}
        </div>
      )}
    </Panel>
  );
}
