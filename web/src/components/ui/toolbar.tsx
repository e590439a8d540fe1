import type { ReactNode } from 'react';
import { cx } from './cx';

/** The row of controls above a table: search first, then filters and actions. */
export function Toolbar({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx('flex flex-wrap items-center gap-2 p-4', className)}>{children}</div>;
}
