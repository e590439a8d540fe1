import { BANNER_STATUSES, MAX_BANNER_SEARCH, type BannerListParams, type BannerStatus } from '@backoffice/contract';
import { SearchBox, StatusFilter, Toolbar } from '../../components/ui';
import { parse, useListState, type ListSpec } from '../../lib/list-state';

type BannerStatusFilter = 'all' | BannerStatus;

/** The list's URL state: the search (`q`) and the status, as the server filters them. */
const BANNER_LIST: ListSpec<{ q?: string; status?: BannerStatus }> = {
  filters: { q: parse.search(MAX_BANNER_SEARCH), status: parse.oneOf(BANNER_STATUSES) },
  searchMax: MAX_BANNER_SEARCH,
};

/**
 * Search (after the pause) and status filter, kept in the URL (a reload, Back and a pasted link show
 * the same rows); the server filters (docs/product.md#calls `?status=&search=`).
 */
export function useBannerFilters() {
  const state = useListState(BANNER_LIST);
  const status: BannerStatusFilter = state.filters.status ?? 'all';
  const params: BannerListParams = { status, search: state.filters.q ?? '' };
  return {
    searchText: state.searchText,
    setSearch: state.setSearch,
    status,
    setStatus: (value: BannerStatusFilter) => state.setFilter('status', value === 'all' ? '' : value),
    params,
    active: state.active,
    reset: state.clear,
  };
}

export function BannersToolbar({ filters }: { filters: ReturnType<typeof useBannerFilters> }) {
  return (
    <Toolbar>
      <SearchBox
        label="Search banner ads"
        value={filters.searchText}
        maxLength={200}
        onChange={filters.setSearch}
        placeholder="Search by name, description or placement"
      />
      <StatusFilter value={filters.status} onChange={filters.setStatus} />
    </Toolbar>
  );
}
