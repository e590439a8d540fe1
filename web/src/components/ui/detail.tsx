import type { ReactNode } from 'react';
import { cx } from './cx';

export interface DetailProps {
  label: string;
  children: ReactNode;
  /** Classes of the pair's box (a framed card, say). */
  className?: string;
  /** Classes of the value (tabular-nums for figures). */
  valueClassName?: string;
}

/** One label/value pair of a view panel or a profile; place inside a `<dl>`. */
export function Detail({ label, children, className, valueClassName }: DetailProps) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">{label}</dt>
      <dd className={cx('mt-1 text-sm break-words text-slate-100', valueClassName)}>{children}</dd>
    </div>
  );
}
