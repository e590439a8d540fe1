import { useState } from 'react';
import { USERS_PAGE_SIZE, type UserListParams, type UserStatusFilter } from '@backoffice/contract';
import { useDebouncedSearch } from '../../components/ui';

/**
 * Debounced search, status and page of the users table. The page belongs to the search and status
 * it was chosen in: a new one shows page 1 again, with no effect needed.
 */
export function useUsersListState() {
  const { text: searchText, search: q, setSearch } = useDebouncedSearch();
  const [status, setStatus] = useState<UserStatusFilter>('all');
  const [pageState, setPageState] = useState({ page: 1, view: '' });

  const view = JSON.stringify([q, status]);
  const page = pageState.view === view ? pageState.page : 1;

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
