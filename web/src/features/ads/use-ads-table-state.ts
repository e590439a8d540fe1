import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  ADS_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  type AdListCursors,
  type AdListParams,
  type AdSortField,
  type AdStatus,
} from '@backoffice/contract';
import { useDebouncedSearch, type SortOrder } from '../../components/ui';

export type StatusFilter = 'all' | AdStatus;

export interface AdsFilters {
  status: StatusFilter;
  category: string;
  district: string;
}

export interface AdsSort {
  field: AdSortField;
  order: SortOrder;
}

export const defaultSort: AdsSort = { field: 'postingDate', order: 'desc' };
export const defaultFilters: AdsFilters = { status: 'all', category: '', district: '' };

/** Clicking the sorted column toggles its direction; another column starts ascending. */
export function nextSort(current: AdsSort, field: AdSortField): AdsSort {
  if (current.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: 'asc' };
}

/** How the list call reaches a page: after or before a row of the page shown, or the last rows. */
export type PageCursor = Pick<AdListParams, 'after' | 'before' | 'last'>;

/**
 * The cursor that leads from page `current` to page `target` (docs/decisions/0020-keyset-paging.md).
 * The pager only moves to the first page, the last page and the pages next to the current one, so
 * one of these always applies; anything else (no cursors yet) asks by number.
 */
export function pageCursor(
  target: number,
  current: number,
  total: number,
  cursors: AdListCursors | undefined,
): PageCursor {
  const lastPage = Math.max(1, Math.ceil(total / ADS_PAGE_SIZE));
  if (target === 1) return {};
  if (target === lastPage && total > 0) return { last: total - (lastPage - 1) * ADS_PAGE_SIZE };
  if (target === current + 1 && cursors?.end) return { after: cursors.end };
  if (target === current - 1 && cursors?.start) return { before: cursors.start };
  return {};
}

/** The list call's parameters for the current table state (docs/decisions/0014-ad-moderation-rules.md). */
export function toListParams(
  page: number,
  sort: AdsSort,
  filters: AdsFilters,
  q: string,
  cursor: PageCursor = {},
): AdListParams {
  return {
    ...cursor,
    page,
    pageSize: ADS_PAGE_SIZE,
    sort: sort.field,
    order: sort.order,
    status: filters.status,
    category: filters.category || undefined,
    district: filters.district || undefined,
    q: q || undefined,
  };
}

/** The search a link asks for: `?q=text` (the header search box opens the directory this way). */
function searchFromUrl(search: string): string {
  return (new URLSearchParams(search).get('q') ?? '').slice(0, MAX_SEARCH_LENGTH);
}

/**
 * Sort, filters, debounced search and page of the ads table. The page belongs to the view it was
 * chosen in: any change of sort, filter or search shows page 1 again, with no effect needed.
 * Each navigation to the directory with `?q=` starts that search (also when already on it).
 */
export function useAdsTableState() {
  const location = useLocation();
  const [sort, setSort] = useState<AdsSort>(defaultSort);
  const [filters, setFilters] = useState<AdsFilters>(defaultFilters);
  const {
    text: searchText,
    search: q,
    setSearch,
    replace: replaceSearch,
    cancel,
  } = useDebouncedSearch(searchFromUrl(location.search));
  const [navigation, setNavigation] = useState(location.key);
  if (navigation !== location.key) {
    setNavigation(location.key);
    replaceSearch(searchFromUrl(location.search));
  }
  const [pageState, setPageState] = useState<{ page: number; view: string; cursor?: PageCursor }>({
    page: 1,
    view: '',
  });

  // A search typed before a navigation must not overwrite the navigation's search later.
  useEffect(cancel, [location.key, cancel]);

  const view = JSON.stringify([sort, filters, q]);
  const page = pageState.view === view ? pageState.page : 1;
  const cursor = pageState.view === view ? pageState.cursor : undefined;

  const resetFilters = useCallback(() => {
    replaceSearch('');
    setFilters(defaultFilters);
  }, [replaceSearch]);

  return {
    sort,
    filters,
    searchText,
    page,
    params: toListParams(page, sort, filters, q, cursor),
    /** The list call page `next` makes, from the page shown (its total and cursors). */
    paramsForPage: (next: number, shown: { total: number; cursors?: AdListCursors }) =>
      toListParams(next, sort, filters, q, pageCursor(next, page, shown.total, shown.cursors)),
    /** The list call a click on `field`'s header would make. */
    paramsSortedBy: (field: AdSortField) => toListParams(1, nextSort(sort, field), filters, q),
    sortBy: (field: AdSortField) => setSort((current) => nextSort(current, field)),
    setFilter: <K extends keyof AdsFilters>(key: K, value: AdsFilters[K]) =>
      setFilters((current) => ({ ...current, [key]: value })),
    setSearch,
    setPage: (next: number, shown: { total: number; cursors?: AdListCursors }) =>
      setPageState({ page: next, view, cursor: pageCursor(next, page, shown.total, shown.cursors) }),
    resetFilters,
    /** The review queue in one click: pending ads, the longest waiting first. */
    isPendingOldestFirst: filters.status === 'pending' && sort.field === 'postingDate' && sort.order === 'asc',
    showPendingOldestFirst: () => {
      setFilters((current) => ({ ...current, status: 'pending' }));
      setSort({ field: 'postingDate', order: 'asc' });
    },
  };
}
