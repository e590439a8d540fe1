import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '../components/ui';

/**
 * The list controller's URL state (docs/decisions/0024-list-screen-kit.md): a list screen's search,
 * filters and page live in the URL, so a reload, Back and a pasted link show the same rows. Each
 * value is read by a small parser that drops what the server would refuse (an old or hand-edited
 * link is never a 400); no zod on the first load.
 */

/** Reads one URL value; undefined when it is absent or not one the server takes. */
export type Parser<T extends string> = (raw: string | null) => T | undefined;

// The servers refuse control characters in a search.
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f]/g;

export const parse = {
  oneOf:
    <T extends string>(list: readonly T[]): Parser<T> =>
    (raw) =>
      list.includes(raw as T) ? (raw as T) : undefined,
  matching:
    (pattern: RegExp): Parser<string> =>
    (raw) =>
      raw && pattern.test(raw) ? raw : undefined,
  /** A search: control characters dropped, at most `max` characters, trimmed; empty is none. */
  search:
    (max: number): Parser<string> =>
    (raw) =>
      (raw ?? '').replace(controlChars, '').slice(0, max).trim() || undefined,
  /** A page from 1 to `max`; anything else is page 1. */
  page: (raw: string | null, max: number): number => {
    const page = Number(raw);
    return Number.isInteger(page) && page >= 1 && page <= max ? page : 1;
  },
};

export type ListFilters = Record<string, string | undefined>;
export type ListSpec<F extends ListFilters> = {
  /** A parser per URL key the list reads, the search (`q`) among them. */
  filters: { [K in keyof F]-?: Parser<NonNullable<F[K]> & string> };
  /** The search's longest text (the server's limit). */
  searchMax: number;
  /** The last page the server serves; a list without pages leaves it out. */
  maxPage?: number;
  /**
   * For values that depend on one another (a queue implies its status, a default sort is no sort):
   * the values as the URL writes them. Every URL the hook writes goes through it.
   */
  normalize?: (filters: F) => F;
};

/** The URL values of a list: its filters as parsed; every other key is left out. */
export function readList<F extends ListFilters>(spec: ListSpec<F>, search: URLSearchParams): F {
  const filters = {} as F;
  for (const key of Object.keys(spec.filters) as (keyof F & string)[]) {
    const value = spec.filters[key](search.get(key));
    if (value !== undefined) filters[key] = value as F[typeof key];
  }
  return filters;
}

/** The URL of a list's state: empty values and page 1 are left out. */
export function listUrl(filters: ListFilters, page = 1): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  if (page > 1) search.set('page', String(page));
  return search;
}

type Timer = ReturnType<typeof setTimeout>;

/**
 * One list's state in the URL. The search box writes the URL after the pause, replacing its history
 * entry; a filter is a history entry of its own and takes a search still waiting along; any change
 * but the page shows page 1.
 *
 * A navigation (a link, Back) brings its own search, which the box then shows. The hook's own
 * writes are not navigations: the person may have typed on since the pause (a slow machine) and
 * keeps that. Nor does a search still waiting for its pause give way to a navigation that renders
 * first (typing right after a click on a link): the box keeps it, and it is applied to the new
 * state after the pause.
 *
 * A keyset-paged list (`C`, its cursor) tells `setPage` the cursor that reaches the next page from
 * the page shown; `cursor` gives it back while that page is shown. A page opened any other way (a
 * link, Back) has none and is asked for by number.
 */
export function useListState<F extends ListFilters & { q?: string }, C = never>(spec: ListSpec<F>) {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readList(spec, searchParams);
  const page = spec.maxPage ? parse.page(searchParams.get('page'), spec.maxPage) : 1;
  /**
   * The filters as the hook last wrote them, until that URL renders (the router renders in a
   * transition: on a slow machine a second choice can come before the first one shows), else as
   * shown. A change builds on these, so a choice made before the last one rendered is kept.
   */
  const latest = useRef(filters);
  /** The location shown when the hook last wrote, until a navigation (that write's or another) renders. */
  const unrendered = useRef<string | null>(null);
  useEffect(() => {
    if (unrendered.current === location.key) return;
    unrendered.current = null;
    latest.current = filters;
  });
  const current = () => (unrendered.current === null ? filters : latest.current);
  const [searchText, setSearchText] = useState(filters.q ?? '');
  const timer = useRef<Timer | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const [navigation, setNavigation] = useState(location.key);
  const [ownUrl, setOwnUrl] = useState<string | null>(null);
  /** The search waiting for its pause (its timer is pending), if any. */
  const waiting = useRef<string | null>(null);
  const [carried, setCarried] = useState(0);
  if (navigation !== location.key) {
    setNavigation(location.key);
    if (searchParams.toString() !== ownUrl) {
      if (waiting.current !== null) setCarried((n) => n + 1);
      else if ((filters.q ?? '') !== searchText.trim()) setSearchText(filters.q ?? '');
    }
  }

  const urlOf = (next: F) => listUrl(spec.normalize ? spec.normalize(next) : next);
  const typed = (text: string) => parse.search(spec.searchMax)(text);
  /** Writes the URL of `next` as the hook's own change (page 1). */
  const write = (next: F, options?: { replace?: boolean }) => {
    clearTimeout(timer.current);
    waiting.current = null;
    const url = urlOf(next);
    unrendered.current = location.key;
    latest.current = readList(spec, url);
    setOwnUrl(url.toString());
    setSearchParams(url, options);
  };
  /** After the pause: the search on the filters as they are then (a filter changed meanwhile stays changed). */
  const applySearch = (text: string) => write({ ...latest.current, q: typed(text) }, { replace: true });
  // A search carried across a navigation waits its pause again from the new state's render.
  useEffect(() => {
    const text = waiting.current;
    if (!carried || text === null) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => applySearch(text), SEARCH_DEBOUNCE_MS);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a navigation carried a search
  }, [carried]);

  // Stable while the filters and the page stay (a screen's effect moves a page past the end back to the last one).
  const filtersUrl = urlOf(filters).toString();
  const [reached, setReached] = useState<{ filtersUrl: string; page: number; cursor?: C } | null>(null);
  const cursor = reached && reached.filtersUrl === filtersUrl && reached.page === page ? reached.cursor : undefined;
  const setPage = useCallback(
    (next: number, options: { cursor?: C; replace?: boolean } = {}) => {
      setReached({ filtersUrl, page: next, cursor: options.cursor });
      if (next === page) return;
      setSearchParams(listUrl(Object.fromEntries(new URLSearchParams(filtersUrl)), next), {
        replace: options.replace,
      });
    },
    [filtersUrl, page, setSearchParams],
  );

  /** A filter change: page 1, taking along a search still waiting for its pause. */
  const apply = (values: Partial<F>) => write({ ...current(), q: typed(searchText), ...values });

  const reset = (values: Partial<Omit<F, 'q'>>) => {
    setSearchText('');
    write(values as F);
  };

  return {
    filters,
    page,
    /** The cursor `setPage` was given for the page shown, if it reached it. */
    cursor,
    searchText,
    /** Some filter or search is set. */
    active: Object.values(filters).some(Boolean),
    setSearch: (text: string) => {
      setSearchText(text);
      clearTimeout(timer.current);
      waiting.current = text;
      timer.current = setTimeout(() => applySearch(text), SEARCH_DEBOUNCE_MS);
    },
    setFilter: (key: Exclude<keyof F & string, 'q'>, value: string) =>
      apply({ [key]: value || undefined } as Partial<F>),
    /** Several filters in one history entry (a sort's column and direction). */
    setFilters: (values: Partial<Omit<F, 'q'>>) => apply(values as Partial<F>),
    /** No filter and no search. */
    clear: () => reset({}),
    /** No filter and no search but `values` (a sort that stays). */
    reset,
    setPage,
  };
}
