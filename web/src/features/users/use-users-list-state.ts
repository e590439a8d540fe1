import { useCallback, useEffect, useRef, useState } from 'react';
import { USERS_PAGE_SIZE, type UserListParams } from '@backoffice/contract';

export const SEARCH_DEBOUNCE_MS = 250;

/**
 * Debounced search and page of the users table. The page belongs to the search it was chosen
 * in: a new search shows page 1 again, with no effect needed.
 */
export function useUsersListState() {
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  const [pageState, setPageState] = useState({ page: 1, q: '' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const page = pageState.q === q ? pageState.page : 1;

  const setSearch = useCallback((text: string) => {
    setSearchText(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
  }, []);

  const params: UserListParams = { role: 'advertiser', page, pageSize: USERS_PAGE_SIZE, ...(q ? { q } : {}) };
  return {
    searchText,
    q,
    page,
    params,
    setSearch,
    setPage: (next: number) => setPageState({ page: next, q }),
  };
}
