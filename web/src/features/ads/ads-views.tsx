import { Link } from 'react-router';
import { liveText } from '@backoffice/contract';
import { cx, focusRing } from '../../components/ui';
import { useRoutedQueuesQuery } from './rule-queues';
import type { AdQueue, AdsFilters, AdsSort } from './use-ads-table-state';

/** A rule's queue is the view `queue:NAME`. */
export type AdsViewId = 'all' | 'pending' | AdQueue | 'risk' | 'duplicates' | `queue:${string}`;

/** The view of a rule's queue: its pending ads, oldest first. */
export const queueView = (name: string) => ({
  id: `queue:${name}` as const,
  label: name,
  search: `?${new URLSearchParams({ status: 'pending', queue: name, sort: 'postingDate', order: 'asc' })}`,
});

/** The signals that make an ad a near-duplicate of another (the Duplicates view). */
export const DUPLICATE_SIGNALS = 'duplicate_text,duplicate_image,stolen_image';

/**
 * The directory's views, each a link (docs/product.md#ads-moderation): the dashboard's cards and
 * any bookmark can open one. `search` is the whole query string of the view.
 */
export const adsViews: ReadonlyArray<{ id: AdsViewId; label: string; search: string }> = [
  { id: 'all', label: 'All', search: '' },
  { id: 'pending', label: liveText.pendingOldestFirst, search: '?status=pending&sort=postingDate&order=asc' },
  { id: 'overdue', label: 'Overdue', search: '?view=overdue' },
  { id: 'mine', label: 'My claims', search: '?view=mine' },
  // Approved ads the public keeps reporting (docs/decisions/0034-reports.md): delete, or dismiss the reports.
  { id: 'reported', label: 'Reported', search: '?view=reported' },
  // Trust signals (docs/decisions/0029-trust-signals.md): the riskiest pending ads first, and the
  // pending ads with a near-duplicate (the panel groups each with its duplicates).
  { id: 'risk', label: 'Highest risk', search: '?status=pending&sort=risk&order=desc' },
  { id: 'duplicates', label: 'Duplicates', search: `?status=pending&signal=${DUPLICATE_SIGNALS}&sort=risk&order=desc` },
];

/** The view the directory shows, if it is one of the views (a status like Approved is none). */
export function currentView(state: { view?: AdQueue; filters: AdsFilters; sort: AdsSort }): AdsViewId | null {
  if (state.view) return state.view;
  const { status, signal, queue } = state.filters;
  if (queue) return status === 'pending' && !signal ? (`queue:${queue}` as const) : null;
  if (status === 'pending' && signal === DUPLICATE_SIGNALS) return 'duplicates';
  if (signal) return null;
  if (status === 'all') return 'all';
  const oldestFirst = state.sort.field === 'postingDate' && state.sort.order === 'asc';
  const riskiestFirst = state.sort.field === 'risk' && state.sort.order === 'desc';
  if (status === 'pending' && riskiestFirst) return 'risk';
  return status === 'pending' && oldestFirst ? 'pending' : null;
}

/**
 * The views as a row of links, the current one marked; then a view per live rule's queue. Below
 * 1280 px the row scrolls sideways rather than wrapping, so that it never takes a second line (at
 * 1024×768 five ads rows stay visible under the header).
 */
export function AdsViews({ current }: { current: AdsViewId | null }) {
  const queues = useRoutedQueuesQuery();
  const views = [...adsViews, ...(queues.data ?? []).map(queueView)];
  return (
    <nav aria-label="Views" className="flex gap-0.5 overflow-x-auto px-2 pt-3 xl:flex-wrap xl:gap-1 xl:px-4">
      {views.map((v) => (
        <Link
          key={v.id}
          to={{ search: v.search }}
          aria-current={current === v.id ? 'page' : undefined}
          className={cx(
            'shrink-0 rounded-lg px-2 py-1.5 text-[13px] font-medium whitespace-nowrap transition-colors sm:text-sm xl:px-3',
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
