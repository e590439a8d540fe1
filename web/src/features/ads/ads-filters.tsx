import type { ReactNode } from 'react';
import { Check, ChevronDown, Filter, X } from 'lucide-react';
import { exportText, type AdListResponse } from '@backoffice/contract';
import { Button, SearchBox, SelectField, Toolbar, cx, type SelectOption } from '../../components/ui';
import { useCan } from '../../lib/permissions';
import { minRiskOptions, signalOptions } from './signals/signal-filter-options';
import type { AdsFilters, StatusFilter } from './use-ads-table-state';

/** docs/product.md#ads-moderation order: all/approved/pending/rejected. */
export const statusOptions: SelectOption[] = [
  { value: 'all', label: 'All' },
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
];

function facetOptions(values: readonly string[], current: string, allLabel: string): SelectOption[] {
  // A chosen value stays listed even if the last ad with it has just gone.
  const list = current && !values.includes(current) ? [...values, current] : values;
  return [{ value: '', label: allLabel }, ...list.map((v) => ({ value: v, label: v }))];
}

export interface AdsToolbarProps {
  searchText: string;
  onSearch: (text: string) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  filtersOpen: boolean;
  filtersId: string;
  onToggleFilters: () => void;
  /** How many of the panel's filters are set (`panelFilterCount`), shown on `Filter`. */
  activeFilters?: number;
  /** The `Export as` menu. */
  exportMenu?: ReactNode;
}

export interface AdsBulkBarProps {
  /** Number of selected pending ads; the bulk buttons need at least one (docs/product.md#validation-rules). */
  pendingSelected: number;
  onBulkApprove: () => void;
  onBulkReject: () => void;
}

/** How many of the filter panel's filters narrow the list (empty does not); shown on `Filter`. */
export function panelFilterCount(
  filters: Pick<AdsFilters, 'category' | 'district' | 'signal' | 'minRisk' | 'decided'>,
): number {
  return [filters.category, filters.district, filters.signal, filters.minRisk !== null, filters.decided].filter(Boolean)
    .length;
}

/** When the ad was decided, as the dashboard's "added today" and "last 30 days" count it. */
const decidedOptions: SelectOption[] = [
  { value: '', label: 'Any time' },
  { value: 'today', label: 'Today' },
  { value: 'last30Days', label: 'Last 30 days' },
];

/**
 * Always-visible controls: search, Status, `Filter` (the one toggle of the Category / District
 * panel, with how many of them are set) and Export as. Status is here only, not in the panel.
 */
export function AdsToolbar(props: AdsToolbarProps) {
  return (
    <Toolbar className="gap-2 px-3 py-2.5 sm:px-4">
      <SearchBox
        label="Search advertisements"
        data-ads-search
        value={props.searchText}
        onChange={props.onSearch}
        placeholder="Search by heading, details or user"
        className="basis-full sm:basis-auto"
      />
      <SelectField
        label="Status"
        hideLabel
        className="min-w-0 flex-1 sm:w-36 sm:flex-none"
        value={props.status}
        options={statusOptions}
        onChange={(v) => props.onStatus(v as StatusFilter)}
      />
      <Button
        variant="secondary"
        className="max-sm:px-3"
        icon={<Filter className="size-4" aria-hidden="true" />}
        aria-expanded={props.filtersOpen}
        aria-controls={props.filtersId}
        onClick={props.onToggleFilters}
      >
        Filter
        {!!props.activeFilters && (
          <span className="rounded-full bg-indigo-500/20 px-2 py-0.5 text-xs text-indigo-200 tabular-nums">
            {exportText.filtersActive(props.activeFilters)}
          </span>
        )}
        <ChevronDown
          className={cx('size-4 transition-transform max-sm:hidden', props.filtersOpen && 'rotate-180')}
          aria-hidden="true"
        />
      </Button>
      {props.exportMenu}
    </Toolbar>
  );
}

const bulkHint = 'Select pending advertisements to approve or reject them together.';

/** Bulk moderation bar above the table; the buttons need a selected pending ad (docs/product.md#validation-rules). */
export function AdsBulkBar({ pendingSelected, onBulkApprove, onBulkReject }: AdsBulkBarProps) {
  const noPending = pendingSelected === 0;
  // Support does not moderate (ads.moderate, docs/decisions/0033-roles.md): no bulk bar.
  if (!useCan('ads.moderate')) return null;
  return (
    <div className="flex items-center justify-between gap-3 border-t border-slate-800 bg-slate-950/30 px-3 py-2 sm:px-4">
      {/* One line at every width: the bar's height does not change with its text. */}
      <p className="min-w-0 truncate text-sm text-slate-400 tabular-nums" title={noPending ? bulkHint : undefined}>
        {noPending ? bulkHint : `${pendingSelected} selected`}
      </p>
      <div className="flex shrink-0 items-center gap-2">
        <Button
          size="sm"
          className="bg-emerald-700 hover:bg-emerald-600 disabled:hover:bg-emerald-700"
          icon={<Check className="size-4" aria-hidden="true" />}
          disabled={noPending}
          onClick={onBulkApprove}
        >
          Approve
        </Button>
        <Button
          size="sm"
          variant="danger"
          icon={<X className="size-4" aria-hidden="true" />}
          disabled={noPending}
          onClick={onBulkReject}
        >
          Reject
        </Button>
      </div>
    </div>
  );
}

export interface AdsFilterPanelProps {
  id: string;
  filters: AdsFilters;
  facets: AdListResponse['facets'];
  onChange: <K extends keyof AdsFilters>(key: K, value: AdsFilters[K]) => void;
}

/**
 * The collapsible filter panel (docs/product.md#ads-moderation): Category and District (options from
 * the server's facets), Signal (one trust signal kind), Minimum risk and Decided (when).
 */
export function AdsFilterPanel({ id, filters, facets, onChange }: AdsFilterPanelProps) {
  return (
    <section
      id={id}
      aria-label="Filters"
      className="grid grid-cols-1 gap-4 border-t border-slate-800 bg-slate-950/30 px-4 py-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
    >
      <SelectField
        label="Category"
        value={filters.category}
        options={facetOptions(facets.categories, filters.category, 'All categories')}
        onChange={(v) => onChange('category', v)}
      />
      <SelectField
        label="District"
        value={filters.district}
        options={facetOptions(facets.districts, filters.district, 'All districts')}
        onChange={(v) => onChange('district', v)}
      />
      <SelectField
        label="Signal"
        value={filters.signal}
        options={signalOptions(filters.signal)}
        onChange={(v) => onChange('signal', v)}
      />
      <SelectField
        label="Minimum risk"
        value={filters.minRisk === null ? '' : String(filters.minRisk)}
        options={minRiskOptions(filters.minRisk)}
        onChange={(v) => onChange('minRisk', v === '' ? null : Number(v))}
      />
      <SelectField
        label="Decided"
        value={filters.decided}
        options={decidedOptions}
        onChange={(v) => onChange('decided', v as AdsFilters['decided'])}
      />
    </section>
  );
}
