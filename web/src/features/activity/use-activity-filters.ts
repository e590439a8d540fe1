import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  ACTIVITY_MAX_PAGE,
  ACTIVITY_PAGE_SIZE,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  MAX_ACTIVITY_SEARCH,
  type ActivityParams,
  type AuditAction,
  type AuditEntity,
} from '@backoffice/contract';
import { SEARCH_DEBOUNCE_MS } from '../../components/ui';
import type { ActivityCountParams } from '../../lib/activity-api';

export interface ActivityFilters {
  entity?: AuditEntity;
  action?: AuditAction;
  actor?: string;
  advertiser?: string;
  from?: string;
  to?: string;
  q?: string;
}
export type FilterKey = Exclude<keyof ActivityFilters, 'q'>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const day = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;
const matching = (pattern: RegExp, value: string | null) => (value && pattern.test(value) ? value : undefined);

/**
 * The filters a URL asks for. A hand-edited or stale link never reaches the server as a bad
 * request: values it would refuse are dropped here.
 */
export function filtersFromUrl(search: URLSearchParams): ActivityFilters {
  return {
    entity: oneOf(AUDIT_ENTITIES, search.get('entity')),
    action: oneOf(AUDIT_ACTIONS, search.get('action')),
    actor: matching(uuid, search.get('actor')),
    advertiser: matching(uuid, search.get('advertiser')),
    from: matching(day, search.get('from')),
    to: matching(day, search.get('to')),
    q: searchFromUrl(search) || undefined,
  };
}

// The server refuses control characters in a search.
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f]/g;

function searchFromUrl(search: URLSearchParams): string {
  return (search.get('q') ?? '').replace(controlChars, '').slice(0, MAX_ACTIVITY_SEARCH).trim();
}

function pageFromUrl(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= ACTIVITY_MAX_PAGE ? page : 1;
}

function toUrl(filters: ActivityFilters, page: number): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  if (page > 1) search.set('page', String(page));
  return search;
}

/**
 * Filters, search and page of the activity log, kept in the URL so that a link (the user detail
 * page's "View all") opens the log filtered, and Back undoes a filter. The search box updates the
 * URL after a pause; any change of filter shows page 1 again.
 */
export function useActivityFilters() {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromUrl(searchParams);
  const page = pageFromUrl(searchParams);
  const [searchText, setSearchText] = useState(filters.q ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A navigation (a link, Back) brings its own search; the box follows it unless it already says the same.
  const [navigation, setNavigation] = useState(location.key);
  if (navigation !== location.key) {
    setNavigation(location.key);
    if ((filters.q ?? '') !== searchText.trim()) setSearchText(filters.q ?? '');
  }

  const apply = (next: ActivityFilters, options: { replace?: boolean } = {}) => {
    clearTimeout(timer.current);
    setSearchParams(toUrl(next, 1), options);
  };
  const typed = (text: string) => text.trim().slice(0, MAX_ACTIVITY_SEARCH) || undefined;

  const setSearch = (text: string) => {
    setSearchText(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => setSearchParams(toUrl({ ...filters, q: typed(text) }, 1), { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
  };

  // A filter chosen while a search is still waiting takes that search along.
  const setFilter = (key: FilterKey, value: string) =>
    apply({ ...filters, q: typed(searchText), [key]: value || undefined });

  const clear = () => {
    setSearchText('');
    apply({});
  };

  const filtersKey = JSON.stringify(filters);
  const setPage = useCallback(
    (next: number) => setSearchParams(toUrl(JSON.parse(filtersKey) as ActivityFilters, next)),
    [filtersKey, setSearchParams],
  );

  const countParams: ActivityCountParams = filters;
  const params: ActivityParams = { ...filters, page, pageSize: ACTIVITY_PAGE_SIZE };
  const active = Object.values(filters).some(Boolean);

  return {
    filters,
    page,
    params,
    countParams,
    searchText,
    active,
    setSearch,
    setFilter,
    clear,
    setPage,
  };
}
