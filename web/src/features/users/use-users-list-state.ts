import { useCallback, useEffect, useRef, useState } from 'react';
import { USERS_PAGE_SIZE, type UserListParams, type UserStatusFilter } from '@backoffice/contract';

export const SEARCH_DEBOUNCE_MS = 250;

/**
 * Debounced search, status and page of the users table. The page belongs to the search and status
 * it was chosen in: a new one shows page 1 again, with no effect needed.
 */
export function useUsersListState() {
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<UserStatusFilter>('all');
  const [pageState, setPageState] = useState({ page: 1, view: '' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const view = JSON.stringify([q, status]);
  const page = pageState.view === view ? pageState.page : 1;

  const setSearch = useCallback((text: string) => {
    setSearchText(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
  }, []);

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
    setSearch,
    setStatus,
    setPage: (next: number) => setPageState({ page: next, view }),
  };
}
