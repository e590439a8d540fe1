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

/**
 * One list's state in the URL. The search box writes the URL after the pause, replacing its history
 * entry; a filter is a history entry of its own and takes a search still waiting along; any change
 * but the page shows page 1 again. A navigation (a link, Back) brings its own search, which the box
 * then shows.
 */
export function useListState<F extends ListFilters & { q?: string }>(spec: ListSpec<F>) {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readList(spec, searchParams);
  const page = spec.maxPage ? parse.page(searchParams.get('page'), spec.maxPage) : 1;
  const [searchText, setSearchText] = useState(filters.q ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const [navigation, setNavigation] = useState(location.key);
  if (navigation !== location.key) {
    setNavigation(location.key);
    if ((filters.q ?? '') !== searchText.trim()) setSearchText(filters.q ?? '');
  }

  // Stable while the filters stay (a screen's effect moves a page past the end back to the last one).
  const filtersUrl = listUrl(filters).toString();
  const setPage = useCallback(
    (next: number) => setSearchParams(listUrl(Object.fromEntries(new URLSearchParams(filtersUrl)), next)),
    [filtersUrl, setSearchParams],
  );

  const typed = (text: string) => text.trim().slice(0, spec.searchMax) || undefined;
  const apply = (next: F) => {
    clearTimeout(timer.current);
    setSearchParams(listUrl(next));
  };

  return {
    filters,
    page,
    searchText,
    /** Some filter or search is set. */
    active: Object.values(filters).some(Boolean),
    setSearch: (text: string) => {
      setSearchText(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => setSearchParams(listUrl({ ...filters, q: typed(text) }), { replace: true }),
        SEARCH_DEBOUNCE_MS,
      );
    },
    setFilter: (key: Exclude<keyof F & string, 'q'>, value: string) =>
      apply({ ...filters, q: typed(searchText), [key]: value || undefined }),
    /** Several filters in one history entry (a sort's column and direction). */
    setFilters: (values: Partial<Omit<F, 'q'>>) => apply({ ...filters, q: typed(searchText), ...values }),
    clear: () => {
      setSearchText('');
      apply({} as F);
    },
    setPage,
  };
}
