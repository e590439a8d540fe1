import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  MAX_USER_SEARCH_LENGTH,
  USER_STATUS_FILTERS,
  USERS_MAX_PAGE,
  USERS_PAGE_SIZE,
  type UserListParams,
  type UserStatusFilter,
} from '@backoffice/contract';
import { SEARCH_DEBOUNCE_MS } from '../../components/ui';

// The server refuses control characters in a search.
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f]/g;

/**
 * The state a URL asks for: `q`, `status` and `page`. A hand-edited or stale link never reaches
 * the server as a bad request: values it would refuse are dropped. `?status=inactive` is the
 * verification queue the dashboard's "Verify Advertiser" card opens (unverified advertisers, newest first).
 */
function usersStateFromUrl(search: URLSearchParams): { q: string; status: UserStatusFilter; page: number } {
  const status = search.get('status') as UserStatusFilter | null;
  const page = Number(search.get('page'));
  return {
    q: (search.get('q') ?? '').replace(controlChars, '').slice(0, MAX_USER_SEARCH_LENGTH).trim(),
    status: status && USER_STATUS_FILTERS.includes(status) ? status : 'all',
    page: Number.isInteger(page) && page >= 1 && page <= USERS_MAX_PAGE ? page : 1,
  };
}

function toUrl(state: { q: string; status: UserStatusFilter; page: number }): URLSearchParams {
  const search = new URLSearchParams();
  if (state.q) search.set('q', state.q);
  if (state.status !== 'all') search.set('status', state.status);
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}

/**
 * Search, status and page of the users table, kept in the URL so that a reload, Back and a pasted
 * link (the dashboard's verification queue) show the same rows. The search box writes the URL after
 * a pause; a new search or status shows page 1 again.
 */
export function useUsersListState() {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { q, status, page } = usersStateFromUrl(searchParams);
  const [searchText, setSearchText] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A navigation (a link, Back) brings its own search; the box follows it unless it already says the same.
  const [navigation, setNavigation] = useState(location.key);
  if (navigation !== location.key) {
    setNavigation(location.key);
    if (q !== searchText.trim()) setSearchText(q);
  }

  const typed = (text: string) => text.trim().slice(0, MAX_USER_SEARCH_LENGTH);

  const params: UserListParams = {
    role: 'advertiser',
    page,
    pageSize: USERS_PAGE_SIZE,
    ...(q ? { q } : {}),
    ...(status !== 'all' ? { status } : {}),
  };
  return {
    searchText,
    q,
    status,
    page,
    params,
    setSearch: (text: string) => {
      setSearchText(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => setSearchParams(toUrl({ q: typed(text), status, page: 1 }), { replace: true }),
        SEARCH_DEBOUNCE_MS,
      );
    },
    // A status chosen while a search is still waiting takes that search along.
    setStatus: (next: UserStatusFilter) => {
      clearTimeout(timer.current);
      setSearchParams(toUrl({ q: typed(searchText), status: next, page: 1 }));
    },
    setPage: (next: number) => setSearchParams(toUrl({ q, status, page: next })),
  };
}
