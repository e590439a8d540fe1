import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  AD_DECIDED_RANGES,
  AD_LIST_VIEWS,
  AD_SORT_FIELDS,
  AD_STATUSES,
  ADS_MAX_PAGE,
  ADS_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  type AdDecidedRange,
  type AdListCursors,
  type AdListParams,
  type AdListView,
  type AdSortField,
  type AdStatus,
} from '@backoffice/contract';
import { SEARCH_DEBOUNCE_MS, type SortOrder } from '../../components/ui';
import { isSignalKind } from './signals/signal-kinds';

export type StatusFilter = 'all' | AdStatus;

/** The server's queues of pending ads (AD_LIST_VIEWS but `all`): waiting over 48 hours, or claimed by the signed-in admin. */
export const AD_QUEUES = AD_LIST_VIEWS.filter((v): v is Exclude<AdListView, 'all'> => v !== 'all');
export type AdQueue = (typeof AD_QUEUES)[number];

export interface AdsFilters {
  status: StatusFilter;
  category: string;
  district: string;
  /** Ads carrying any of these trust signals: kinds joined by commas ('' for any). */
  signal: string;
  /** Ads whose risk is at least this (null for any). */
  minRisk: number | null;
  /** Decided today or in the last 30 days, as the dashboard counts them ('' for any time). */
  decided: AdDecidedRange | '';
  /** Ads a live rule routed to this queue (docs/decisions/0030-moderation-rules.md; '' for any). */
  queue: string;
}

export interface AdsSort {
  field: AdSortField;
  order: SortOrder;
}

export const defaultSort: AdsSort = { field: 'postingDate', order: 'desc' };
/** A queue is worked oldest first. */
const queueSort: AdsSort = { field: 'postingDate', order: 'asc' };
export const defaultFilters: AdsFilters = {
  status: 'all',
  category: '',
  district: '',
  signal: '',
  minRisk: null,
  decided: '',
  queue: '',
};

export const defaultSortFor = (view: AdQueue | undefined): AdsSort => (view ? queueSort : defaultSort);

/** Clicking the sorted column toggles its direction; another column starts ascending. */
export function nextSort(current: AdsSort, field: AdSortField): AdsSort {
  if (current.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: 'asc' };
}

/** Everything the directory shows, as its URL says it (docs/how-to-add-a-list-screen.md). */
export interface AdsUrlState {
  view?: AdQueue;
  filters: AdsFilters;
  q: string;
  sort: AdsSort;
  page: number;
}

// The server refuses control characters in a search or a filter.
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f]/g;
const FILTER_MAX = 100;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;
const cleanText = (value: string | null, max: number) => (value ?? '').replace(controlChars, '').slice(0, max);
/** Signal kinds from a link: the known ones, each once, in the link's order. */
const kindsFrom = (value: string | null) => [...new Set((value ?? '').split(','))].filter(isSignalKind).join(',');
/** A risk from a link: a whole number 1–100 (0 would filter nothing). */
function riskFrom(value: string | null): number | null {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 && n <= 100 ? n : null;
}

/**
 * The state a URL asks for: `view`, `status`, `category`, `district`, `signal`, `minRisk`, `decided`, `queue`, `q`,
 * `sort`, `order`, `page`. A hand-edited or stale link never reaches the server as a bad request: values it would
 * refuse are dropped. Old links (`?q=` from the header bar and the notifications) still work.
 */
export function stateFromUrl(search: URLSearchParams): AdsUrlState {
  const view = oneOf(AD_QUEUES, search.get('view'));
  const fallback = defaultSortFor(view);
  const page = Number(search.get('page'));
  return {
    view,
    // A queue holds pending ads only.
    filters: {
      status: view ? 'pending' : (oneOf(['all', ...AD_STATUSES] as const, search.get('status')) ?? 'all'),
      category: cleanText(search.get('category'), FILTER_MAX),
      district: cleanText(search.get('district'), FILTER_MAX),
      signal: kindsFrom(search.get('signal')),
      minRisk: riskFrom(search.get('minRisk')),
      decided: oneOf(AD_DECIDED_RANGES, search.get('decided')) ?? '',
      queue: cleanText(search.get('queue'), FILTER_MAX).trim(),
    },
    q: cleanText(search.get('q'), MAX_SEARCH_LENGTH).trim(),
    sort: {
      field: oneOf(AD_SORT_FIELDS, search.get('sort')) ?? fallback.field,
      order: oneOf(['asc', 'desc'] as const, search.get('order')) ?? fallback.order,
    },
    page: Number.isInteger(page) && page >= 1 && page <= ADS_MAX_PAGE ? page : 1,
  };
}

/** The URL of a state; defaults are left out, so the plain directory is `/app/ads-directory`. */
export function urlFromState(state: AdsUrlState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.view) search.set('view', state.view);
  else if (state.filters.status !== 'all') search.set('status', state.filters.status);
  if (state.filters.category) search.set('category', state.filters.category);
  if (state.filters.district) search.set('district', state.filters.district);
  if (state.filters.signal) search.set('signal', state.filters.signal);
  if (state.filters.minRisk !== null) search.set('minRisk', String(state.filters.minRisk));
  if (state.filters.decided) search.set('decided', state.filters.decided);
  if (state.filters.queue) search.set('queue', state.filters.queue);
  if (state.q) search.set('q', state.q);
  const fallback = defaultSortFor(state.view);
  if (state.sort.field !== fallback.field || state.sort.order !== fallback.order) {
    search.set('sort', state.sort.field);
    search.set('order', state.sort.order);
  }
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}

/** How the list call reaches a page: after or before a row of the page shown, or the last rows. */
export type PageCursor = Pick<AdListParams, 'after' | 'before' | 'last'>;

/**
 * The cursor that leads from page `current` to page `target` (docs/decisions/0020-keyset-paging.md).
 * The pager only moves to the first page, the last page and the pages next to the current one, so
 * one of these always applies; anything else (no cursors yet, a page from the URL) asks by number.
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

/** The list call's parameters for a state (docs/decisions/0014-ad-moderation-rules.md). */
export function toListParams(state: AdsUrlState, cursor: PageCursor = {}): AdListParams {
  return {
    ...cursor,
    page: state.page,
    pageSize: ADS_PAGE_SIZE,
    sort: state.sort.field,
    order: state.sort.order,
    status: state.filters.status,
    category: state.filters.category || undefined,
    district: state.filters.district || undefined,
    signal: state.filters.signal || undefined,
    minRisk: state.filters.minRisk ?? undefined,
    decided: state.filters.decided || undefined,
    queue: state.filters.queue || undefined,
    q: state.q || undefined,
    ...(state.view ? { view: state.view } : {}),
  };
}

type Shown = { total: number; cursors?: AdListCursors };

/**
 * View, sort, filters, search and page of the ads directory, kept in the URL (React Router's search
 * params), so a reload, Back and a pasted link show the same rows. A change of view, sort, filter or
 * search pushes a history entry and shows page 1; the search box updates the URL after a pause
 * (replacing the entry). The cursor that reached a page is kept in memory beside its URL; a page
 * opened from a link is asked for by number.
 */
export function useAdsTableState() {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = stateFromUrl(searchParams);
  const { view, filters, q, sort, page } = state;
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  const [searchText, setSearchText] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A navigation (a link, Back, the header's search) brings its own search: the box follows it.
  // The box's own update of the URL is not one: the person may have typed on since its pause (on a
  // slow machine), and keeps that. Nor is a search still waiting for its pause when the navigation
  // renders (a navigation renders as a transition: typing right after a click on a view can come
  // first): the box keeps it, and it is applied to the new view after the pause.
  const [navigation, setNavigation] = useState(location.key);
  const [ownUrl, setOwnUrl] = useState<string | null>(null);
  /** The search waiting for its pause (its timer is pending), if any. */
  const waiting = useRef<string | null>(null);
  const [carried, setCarried] = useState(0);
  if (navigation !== location.key) {
    setNavigation(location.key);
    if (searchParams.toString() !== ownUrl) {
      if (waiting.current !== null) setCarried((n) => n + 1);
      else if (q !== searchText.trim()) setSearchText(q);
    }
  }

  const typed = (text: string) => cleanText(text, MAX_SEARCH_LENGTH).trim();
  /** After the pause: the search on the filters as they are then (a filter changed meanwhile stays changed). */
  const applySearch = (text: string) => {
    waiting.current = null;
    const url = urlFromState({ ...latest.current, q: typed(text), page: 1 });
    setOwnUrl(url.toString());
    setSearchParams(url, { replace: true });
  };
  // A search carried across a navigation waits its pause again from the new view's render.
  useEffect(() => {
    const text = waiting.current;
    if (!carried || text === null) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => applySearch(text), SEARCH_DEBOUNCE_MS);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a navigation carried a search
  }, [carried]);

  const viewKey = urlFromState({ ...state, page: 1 }).toString();
  const [reached, setReached] = useState<{ viewKey: string; page: number; cursor: PageCursor } | null>(null);
  const cursor = reached && reached.viewKey === viewKey && reached.page === page ? reached.cursor : {};

  /** Shows `next` from its page 1, taking along a search still waiting for its pause. */
  const go = (next: Omit<AdsUrlState, 'page' | 'q'> & { q?: string }, options: { replace?: boolean } = {}) => {
    clearTimeout(timer.current);
    waiting.current = null;
    const url = urlFromState({ q: typed(searchText), ...next, page: 1 });
    // The page's own change, not a navigation: a search typed before it renders is kept (a slow
    // render after a filter change emptied the box and dropped the search waiting for its pause).
    setOwnUrl(url.toString());
    setSearchParams(url, options);
  };

  const setSearch = (text: string) => {
    setSearchText(text);
    clearTimeout(timer.current);
    waiting.current = text;
    timer.current = setTimeout(() => applySearch(text), SEARCH_DEBOUNCE_MS);
  };

  /** Page `next`, reached by cursor from the page shown; the same page only takes the new cursor. */
  const setPage = (next: number, shown: Shown, options: { replace?: boolean } = {}) => {
    setReached({ viewKey, page: next, cursor: pageCursor(next, page, shown.total, shown.cursors) });
    if (next !== page) setSearchParams(urlFromState({ ...state, page: next }), options);
  };

  return {
    view,
    sort,
    filters,
    searchText,
    page,
    params: toListParams(state, cursor),
    /** The list call page `next` makes, from the page shown (its total and cursors). */
    paramsForPage: (next: number, shown: Shown) =>
      toListParams({ ...state, page: next }, pageCursor(next, page, shown.total, shown.cursors)),
    /** The list call a click on `field`'s header would make. */
    paramsSortedBy: (field: AdSortField) => toListParams({ ...state, sort: nextSort(sort, field), page: 1 }),
    sortBy: (field: AdSortField) => go({ view, filters, sort: nextSort(sort, field) }),
    /** A status leaves the queue (a queue is pending ads); category and district narrow it. */
    setFilter: <K extends keyof AdsFilters>(key: K, value: AdsFilters[K]) => {
      const leaves = key === 'status' && view !== undefined;
      go({
        view: leaves ? undefined : view,
        filters: { ...filters, [key]: value },
        sort: leaves && sort.field === queueSort.field && sort.order === queueSort.order ? defaultSort : sort,
      });
    },
    setSearch,
    setPage,
    /** Reset Filters: every filter, the search and the queue; the sort stays. */
    resetFilters: () => {
      setSearchText('');
      go({ filters: defaultFilters, q: '', sort });
    },
  };
}
