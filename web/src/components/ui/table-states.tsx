import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './data-table';

/** A table whose rows could not be loaded: the message and Try again, across every column. */
export function FailedRow({
  columns,
  icon,
  message,
  onRetry,
}: {
  columns: number;
  icon?: ReactNode;
  message: string;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      columns={columns}
      icon={icon}
      message={message}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

/** The line under a table that says how many rows it shows. */
export function TableCount({ children }: { children: ReactNode }) {
  return <p className="border-t border-slate-800 px-4 py-3 text-sm text-slate-400 tabular-nums">{children}</p>;
}
