import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { focusRing } from './button';
import { cx } from './cx';

export type PageItem = number | 'ellipsis';

/**
 * The numbered buttons of a pager (docs/product.md#ads-moderation): the first page, the last page and the pages within 1
 * of the current one, with an ellipsis wherever numbers are skipped. Pages are 1-based; `current`
 * is clamped into 1..totalPages.
 */
export function pageWindow(current: number, totalPages: number): PageItem[] {
  const last = Math.max(1, Math.floor(totalPages));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const items: PageItem[] = [];
  let previous = 0;
  for (let p = 1; p <= last; p++) {
    if (p !== 1 && p !== last && Math.abs(p - page) > 1) continue;
    if (p - previous > 1) items.push('ellipsis');
    items.push(p);
    previous = p;
  }
  return items;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "Showing x to y of z entries" numbers for a 1-based page. */
export function shownRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  return { from: (page - 1) * pageSize + 1, to: Math.min(page * pageSize, total) };
}

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

function PagerButton({
  label,
  current,
  disabled,
  onClick,
  children,
}: {
  label: string;
  current?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      disabled={disabled}
      onClick={onClick}
      className={cx(
        'inline-flex h-8 min-w-8 items-center justify-center rounded-lg px-2 text-sm tabular-nums transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-40',
        focusRing,
        current
          ? 'bg-indigo-500 font-semibold text-white'
          : 'text-slate-300 hover:bg-slate-800 hover:text-slate-100 disabled:hover:bg-transparent',
      )}
    >
      {children}
    </button>
  );
}

/** Pager below a table (docs/ui-style.md): the entries line on the left, buttons on the right. */
export function Pager({ page, pageSize, total, onPageChange }: PagerProps) {
  const pages = pageCount(total, pageSize);
  const { from, to } = shownRange(page, pageSize, total);
  const atStart = page <= 1;
  const atEnd = page >= pages;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <p className="text-sm text-slate-400 tabular-nums">
        Showing {from} to {to} of {total} entries
      </p>
      <div className="flex items-center gap-1">
        <PagerButton label="First page" disabled={atStart} onClick={() => onPageChange(1)}>
          <ChevronsLeft className="size-4" aria-hidden="true" />
        </PagerButton>
        <PagerButton label="Previous page" disabled={atStart} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden="true" />
        </PagerButton>
        {pageWindow(page, pages).map((item, i) =>
          item === 'ellipsis' ? (
            <span key={`gap-${i}`} className="px-1 text-slate-400" aria-hidden="true">
              …
            </span>
          ) : (
            <PagerButton
              key={item}
              label={`Page ${item}`}
              current={item === page}
              onClick={() => item !== page && onPageChange(item)}
            >
              {item}
            </PagerButton>
          ),
        )}
        <PagerButton label="Next page" disabled={atEnd} onClick={() => onPageChange(page + 1)}>
          <ChevronRight className="size-4" aria-hidden="true" />
        </PagerButton>
        <PagerButton label="Last page" disabled={atEnd} onClick={() => onPageChange(pages)}>
          <ChevronsRight className="size-4" aria-hidden="true" />
        </PagerButton>
      </div>
    </nav>
  );
}
