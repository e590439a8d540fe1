import type { ReactNode } from 'react';
import { cx } from './cx';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (Add, Export …). */
  actions?: ReactNode;
  /** A tighter row on a dense screen (`mb-3`). */
  className?: string;
}

/** The heading row every screen starts with. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cx('mb-6 flex flex-wrap items-start justify-between gap-4', className)}>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-100">{title}</h1>
        {description != null && <p className="mt-1 text-sm text-slate-400">{description}</p>}
      </div>
      {actions != null && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}
