import { useCallback, useState } from 'react';
import type { BannerListParams, BannerStatus } from '@backoffice/contract';
import { SearchBox, StatusFilter, Toolbar, useDebouncedSearch } from '../../components/ui';

type BannerStatusFilter = 'all' | BannerStatus;

/** Search (debounced) and status filter; the server filters (docs/product.md#calls `?status=&search=`). */
export function useBannerFilters() {
  const { text: searchText, search, setSearch, replace } = useDebouncedSearch();
  const [status, setStatus] = useState<BannerStatusFilter>('all');

  const reset = useCallback(() => {
    replace('');
    setStatus('all');
  }, [replace]);

  const params: BannerListParams = { status, search };
  return { searchText, setSearch, status, setStatus, params, active: status !== 'all' || search !== '', reset };
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
