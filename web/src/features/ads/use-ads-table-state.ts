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
import type { SortOrder } from '../../components/ui';
import { listUrl, parse, readList, useListState, type ListSpec, type Parser } from '../../lib/list-state';
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

/** The directory's URL values, in the order the URL writes them (`page` last). */
type AdsUrl = {
  view?: AdQueue;
  status?: AdStatus;
  category?: string;
  district?: string;
  signal?: string;
  minRisk?: string;
  decided?: AdDecidedRange;
  queue?: string;
  q?: string;
  sort?: AdSortField;
  order?: SortOrder;
};

// The server refuses control characters in a search or a filter.
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f]/g;
const FILTER_MAX = 100;
const text: Parser<string> = (raw) => (raw ?? '').replace(controlChars, '').slice(0, FILTER_MAX) || undefined;

/**
 * The URL's parsers: `view`, `status`, `category`, `district`, `signal`, `minRisk`, `decided`, `queue`, `q`, `sort`,
 * `order` and `page`. A hand-edited or stale link never reaches the server as a bad request: values it would refuse
 * are dropped. Old links (`?q=` from the header bar and the notifications) still work.
 */
const adsList: ListSpec<AdsUrl> = {
  filters: {
    view: parse.oneOf(AD_QUEUES),
    status: parse.oneOf(AD_STATUSES),
    category: text,
    district: text,
    // Signal kinds: the known ones, each once, in the link's order.
    signal: (raw) => [...new Set((raw ?? '').split(','))].filter(isSignalKind).join(',') || undefined,
    // A risk: a whole number 1–100 (0 would filter nothing).
    minRisk: (raw) => {
      const n = Number(raw);
      return raw !== null && Number.isInteger(n) && n >= 1 && n <= 100 ? String(n) : undefined;
    },
    decided: parse.oneOf(AD_DECIDED_RANGES),
    queue: (raw) => text(raw)?.trim() || undefined,
    q: parse.search(MAX_SEARCH_LENGTH),
    sort: parse.oneOf(AD_SORT_FIELDS),
    order: parse.oneOf(['asc', 'desc'] as const),
  },
  searchMax: MAX_SEARCH_LENGTH,
  maxPage: ADS_MAX_PAGE,
  normalize: (values) => toUrl(fromUrl(values, 1)),
};

function fromUrl(values: AdsUrl, page: number): AdsUrlState {
  const { view } = values;
  const fallback = defaultSortFor(view);
  return {
    view,
    filters: {
      // A queue holds pending ads only.
      status: view ? 'pending' : (values.status ?? 'all'),
      category: values.category ?? '',
      district: values.district ?? '',
      signal: values.signal ?? '',
      minRisk: values.minRisk ? Number(values.minRisk) : null,
      decided: values.decided ?? '',
      queue: values.queue ?? '',
    },
    q: values.q ?? '',
    sort: { field: values.sort ?? fallback.field, order: values.order ?? fallback.order },
    page,
  };
}

/** A state's URL values; defaults are left out, so the plain directory is `/app/ads-directory`. */
function toUrl({ view, filters, q, sort }: Omit<AdsUrlState, 'page'>): AdsUrl {
  const fallback = defaultSortFor(view);
  const sorted = sort.field !== fallback.field || sort.order !== fallback.order;
  return {
    view,
    status: view || filters.status === 'all' ? undefined : filters.status,
    category: filters.category || undefined,
    district: filters.district || undefined,
    signal: filters.signal || undefined,
    minRisk: filters.minRisk === null ? undefined : String(filters.minRisk),
    decided: filters.decided || undefined,
    queue: filters.queue || undefined,
    q: q || undefined,
    sort: sorted ? sort.field : undefined,
    order: sorted ? sort.order : undefined,
  };
}

/** The state a URL asks for. */
export const stateFromUrl = (search: URLSearchParams): AdsUrlState =>
  fromUrl(readList(adsList, search), parse.page(search.get('page'), ADS_MAX_PAGE));

/** The URL of a state. */
export const urlFromState = (state: AdsUrlState): URLSearchParams => listUrl(toUrl(state), state.page);

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
 * View, sort, filters, search and page of the ads directory, through the list controller
 * (lib/list-state.ts): in the URL, the search after its pause, a change of view, sort or filter a
 * history entry from page 1. The cursor that reached a page is kept beside its URL.
 */
export function useAdsTableState() {
  const list = useListState<AdsUrl, PageCursor>(adsList);
  const state = fromUrl(list.filters, list.page);
  const { view, filters, sort, page } = state;
  /**
   * Shows `next` from its page 1; the search box's text goes along. Only the values that differ from
   * the state shown (and the `touched` ones) are written: the rest is taken from the controller's
   * latest write, so a choice made before the last one rendered stays (a slow machine).
   */
  const go = (next: Omit<AdsUrlState, 'page' | 'q'>, touched: (keyof AdsUrl)[]) => {
    const shown = toUrl({ ...state, q: '' });
    const wanted = toUrl({ ...next, q: '' });
    const keys = (Object.keys(wanted) as (keyof AdsUrl)[]).filter(
      (key) => key !== 'q' && (touched.includes(key) || wanted[key] !== shown[key]),
    );
    list.setFilters(Object.fromEntries(keys.map((key) => [key, wanted[key]])) as Partial<AdsUrl>);
  };
  const cursorTo = (next: number, shown: Shown) => pageCursor(next, page, shown.total, shown.cursors);

  return {
    view,
    sort,
    filters,
    searchText: list.searchText,
    page,
    params: toListParams(state, list.cursor),
    /** The list call page `next` makes, from the page shown (its total and cursors). */
    paramsForPage: (next: number, shown: Shown) => toListParams({ ...state, page: next }, cursorTo(next, shown)),
    /** The list call a click on `field`'s header would make. */
    paramsSortedBy: (field: AdSortField) => toListParams({ ...state, sort: nextSort(sort, field), page: 1 }),
    sortBy: (field: AdSortField) => go({ view, filters, sort: nextSort(sort, field) }, ['sort', 'order']),
    /** A status leaves the queue (a queue is pending ads); category and district narrow it. */
    setFilter: <K extends keyof AdsFilters>(key: K, value: AdsFilters[K]) => {
      const leaves = key === 'status' && view !== undefined;
      go(
        {
          view: leaves ? undefined : view,
          filters: { ...filters, [key]: value },
          sort: leaves && sort.field === queueSort.field && sort.order === queueSort.order ? defaultSort : sort,
        },
        [key],
      );
    },
    setSearch: list.setSearch,
    /** Page `next`, reached by cursor from the page shown; the same page only takes the new cursor. */
    setPage: (next: number, shown: Shown, options: { replace?: boolean } = {}) =>
      list.setPage(next, { cursor: cursorTo(next, shown), ...options }),
    /** Reset Filters: every filter, the search and the queue; the sort stays. */
    resetFilters: () => {
      const { sort: field, order } = toUrl({ filters: defaultFilters, q: '', sort });
      list.reset({ sort: field, order });
    },
  };
}
