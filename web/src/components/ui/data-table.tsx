import type { ReactNode, ThHTMLAttributes } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { focusRing } from './button';
import { cx } from './cx';

export type SortOrder = 'asc' | 'desc';

/** Table surface: rounded card, horizontal scroll, sticky header, text-sm (docs/ui-style.md). */
export function TableFrame({ children, busy, label }: { children: ReactNode; busy?: boolean; label: string }) {
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} aria-busy={busy || undefined} className="w-full border-collapse text-left text-sm">
        {children}
      </table>
    </div>
  );
}

export const theadClass =
  'sticky top-0 z-10 bg-slate-800/60 text-xs font-semibold tracking-wide text-slate-400 uppercase';
export const thClass = 'h-11 px-3 align-middle whitespace-nowrap';
export const tdClass = 'h-11 px-3 py-2 align-middle';
export const rowClass = 'border-t border-slate-800 transition-colors hover:bg-slate-800/40';

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cx(thClass, className)} {...rest} />;
}

export interface SortableHeaderProps {
  label: string;
  /** True when the table is sorted by this column. */
  active: boolean;
  order: SortOrder;
  onSort: () => void;
  /** The pointer or focus reached the button: a click may follow (used to fetch ahead). */
  onIntent?: () => void;
  className?: string;
}

/** A header cell whose button sorts; the sorted column shows its direction and sets aria-sort. */
export function SortableHeader({ label, active, order, onSort, onIntent, className }: SortableHeaderProps) {
  const Arrow = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cx(thClass, className)}
    >
      <button
        type="button"
        onClick={onSort}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        className={cx(
          '-mx-1 inline-flex items-center gap-1.5 rounded px-1 py-0.5 uppercase hover:text-slate-100',
          active && 'text-slate-100',
          focusRing,
        )}
      >
        {label}
        <Arrow className={cx('size-3.5', !active && 'opacity-40')} aria-hidden="true" />
      </button>
    </th>
  );
}

/** Placeholder rows while the first page loads (docs/ui-style.md: skeletons, never a blank screen). */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} className="border-t border-slate-800" aria-hidden="true" data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} className={tdClass}>
              <div
                className="h-3.5 animate-pulse rounded bg-slate-800"
                style={{ width: `${50 + ((r + c) % 4) * 12}%` }}
              />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** Empty state inside a table body: icon, message and an action. */
export function EmptyState({
  columns,
  icon,
  message,
  action,
}: {
  columns: number;
  icon?: ReactNode;
  message: string;
  action?: ReactNode;
}) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-14">
        <div className="flex flex-col items-center gap-3 text-center">
          {icon != null && (
            <div className="rounded-full bg-slate-800 p-3 text-slate-400" aria-hidden="true">
              {icon}
            </div>
          )}
          <p className="text-slate-300">{message}</p>
          {action}
        </div>
      </td>
    </tr>
  );
}

export const checkboxClass =
  'size-4 cursor-pointer rounded border-slate-600 bg-slate-800 accent-indigo-500 disabled:cursor-not-allowed disabled:opacity-40 ' +
  focusRing;
