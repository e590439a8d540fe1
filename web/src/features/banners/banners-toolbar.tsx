import { useCallback, useState } from 'react';
import type { BannerListParams, BannerStatus } from '@backoffice/contract';
import { SearchBox, SelectField, Toolbar, useDebouncedSearch, type SelectOption } from '../../components/ui';

type StatusFilter = 'all' | BannerStatus;

const statusOptions: SelectOption[] = [
  { value: 'all', label: 'All' },
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
];

/** Search (debounced) and status filter; the server filters (docs/product.md#calls `?status=&search=`). */
export function useBannerFilters() {
  const { text: searchText, search, setSearch, replace } = useDebouncedSearch();
  const [status, setStatus] = useState<StatusFilter>('all');

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
      <SelectField
        label="Status"
        hideLabel
        className="w-36"
        value={filters.status}
        options={statusOptions}
        onChange={(v) => filters.setStatus(v as StatusFilter)}
      />
    </Toolbar>
  );
}
