import { Link } from 'react-router';
import { liveText } from '@backoffice/contract';
import { cx, focusRing } from '../../components/ui';
import type { AdQueue, AdsFilters, AdsSort } from './use-ads-table-state';

export type AdsViewId = 'all' | 'pending' | AdQueue;

/**
 * The directory's views, each a link (docs/product.md#ads-moderation): the dashboard's cards and
 * any bookmark can open one. `search` is the whole query string of the view.
 */
export const adsViews: ReadonlyArray<{ id: AdsViewId; label: string; search: string }> = [
  { id: 'all', label: 'All', search: '' },
  { id: 'pending', label: liveText.pendingOldestFirst, search: '?status=pending&sort=postingDate&order=asc' },
  { id: 'overdue', label: 'Overdue', search: '?view=overdue' },
  { id: 'mine', label: 'My claims', search: '?view=mine' },
];

/** The view the directory shows, if it is one of the views (a status like Approved is none). */
export function currentView(state: { view?: AdQueue; filters: AdsFilters; sort: AdsSort }): AdsViewId | null {
  if (state.view) return state.view;
  if (state.filters.status === 'all') return 'all';
  const oldestFirst = state.sort.field === 'postingDate' && state.sort.order === 'asc';
  return state.filters.status === 'pending' && oldestFirst ? 'pending' : null;
}

/** The views as a row of links, the current one marked. */
export function AdsViews({ current }: { current: AdsViewId | null }) {
  return (
    <nav aria-label="Views" className="flex flex-wrap gap-0.5 px-2 pt-3 sm:gap-1 sm:px-4">
      {adsViews.map((v) => (
        <Link
          key={v.id}
          to={{ search: v.search }}
          aria-current={current === v.id ? 'page' : undefined}
          className={cx(
            'shrink-0 rounded-lg px-2 py-1.5 text-[13px] font-medium whitespace-nowrap transition-colors sm:px-3 sm:text-sm',
            focusRing,
            current === v.id
              ? 'bg-indigo-500/15 text-indigo-200 ring-1 ring-indigo-500/40'
              : 'text-slate-400 hover:bg-slate-800 hover:text-slate-100',
          )}
        >
          {v.label}
        </Link>
      ))}
    </nav>
  );
}
