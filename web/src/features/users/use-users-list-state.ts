import { useState } from 'react';
import { USERS_PAGE_SIZE, type UserListParams } from '@backoffice/contract';

import { useDebouncedSearch } from '../../components/ui';

/**
 * Debounced search and page of the users table. The page belongs to the search it was chosen
 * in: a new search shows page 1 again, with no effect needed.
 */
export function useUsersListState() {
  const { text: searchText, search: q, setSearch } = useDebouncedSearch();
  const [pageState, setPageState] = useState({ page: 1, q: '' });

  const page = pageState.q === q ? pageState.page : 1;

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
