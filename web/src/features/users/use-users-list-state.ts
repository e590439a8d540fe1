import {
  MAX_USER_SEARCH_LENGTH,
  USER_STATUS_FILTERS,
  USERS_MAX_PAGE,
  USERS_PAGE_SIZE,
  type UserListParams,
  type UserStatusFilter,
} from '@backoffice/contract';
import { parse, useListState, type ListSpec } from '../../lib/list-state';

type UsersUrl = { q?: string; status?: Exclude<UserStatusFilter, 'all'> };

/**
 * The users table's URL: `q`, `status` and `page` (`?status=inactive` is the verification queue the
 * dashboard's "Verify Advertiser" card opens: unverified advertisers, newest first). "All" is no
 * status in the URL.
 */
const usersList: ListSpec<UsersUrl> = {
  filters: {
    q: parse.search(MAX_USER_SEARCH_LENGTH),
    status: parse.oneOf(USER_STATUS_FILTERS.filter((s): s is Exclude<UserStatusFilter, 'all'> => s !== 'all')),
  },
  searchMax: MAX_USER_SEARCH_LENGTH,
  maxPage: USERS_MAX_PAGE,
};

/** Search, status and page of the users table, through the list controller (lib/list-state.ts). */
export function useUsersListState() {
  const list = useListState(usersList);
  const q = list.filters.q ?? '';
  const status: UserStatusFilter = list.filters.status ?? 'all';
  const params: UserListParams = {
    role: 'advertiser',
    page: list.page,
    pageSize: USERS_PAGE_SIZE,
    ...(q ? { q } : {}),
    ...(status !== 'all' ? { status } : {}),
  };
  return {
    searchText: list.searchText,
    q,
    status,
    page: list.page,
    params,
    setSearch: list.setSearch,
    setStatus: (next: UserStatusFilter) => list.setFilter('status', next === 'all' ? '' : next),
    setPage: list.setPage,
  };
}
