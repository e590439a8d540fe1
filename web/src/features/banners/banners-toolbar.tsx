import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import type { BannerListParams, BannerStatus } from '@backoffice/contract';
import { SelectField, cx, inputClass, type SelectOption } from '../../components/ui';

export const SEARCH_DEBOUNCE_MS = 250;
type StatusFilter = 'all' | BannerStatus;

const statusOptions: SelectOption[] = [
  { value: 'all', label: 'All' },
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
];

/** Search (debounced) and status filter; the server filters (docs/product.md#calls `?status=&search=`). */
export function useBannerFilters() {
  const [searchText, setSearchText] = useState('');
  const [search, setSearchValue] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const setSearch = useCallback((text: string) => {
    setSearchText(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSearchValue(text.trim()), SEARCH_DEBOUNCE_MS);
  }, []);

  const reset = useCallback(() => {
    clearTimeout(timer.current);
    setSearchText('');
    setSearchValue('');
    setStatus('all');
  }, []);

  const params: BannerListParams = { status, search };
  return { searchText, setSearch, status, setStatus, params, active: status !== 'all' || search !== '', reset };
}

export function BannersToolbar({ filters }: { filters: ReturnType<typeof useBannerFilters> }) {
  const searchId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2 p-4">
      <div className="relative min-w-56 flex-1">
        <label htmlFor={searchId} className="sr-only">
          Search banner ads
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          id={searchId}
          type="search"
          value={filters.searchText}
          maxLength={200}
          onChange={(e) => filters.setSearch(e.target.value)}
          placeholder="Search by name, description or placement"
          className={cx(inputClass, 'h-10 py-0 pl-9 text-sm')}
        />
      </div>
      <SelectField
        label="Status"
        hideLabel
        className="w-36"
        value={filters.status}
        options={statusOptions}
        onChange={(v) => filters.setStatus(v as StatusFilter)}
      />
    </div>
  );
}
