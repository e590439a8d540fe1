import { useId } from 'react';
import {
  AD_STATUSES,
  DATA_EXTRACT_DATASETS,
  DATA_EXTRACT_PERMISSIONS,
  exportText,
  PACKAGE_STATUSES,
  USER_STATUS_FILTERS,
  type DataExtractDataset,
  type DataExtractParams,
} from '@backoffice/contract';
import { Download, X } from 'lucide-react';
import { Banner, Button, CompactField, PageHeader, Panel, SelectField, type SelectOption } from '../../components/ui';
import { serverMessage } from '../../lib/api';
import { parse, useListState, type ListSpec } from '../../lib/list-state';
import { notAllowedReason, usePermissions } from '../../lib/permissions';
import { useStreamedDownload } from '../../lib/streamed-download';
import { extractUrl, useCountExtractQuery, useExtractFacetsQuery } from './data-extract-api';
import { DownloadProgress, formatCount } from './download-progress';

export const datasetLabels: Record<DataExtractDataset, string> = {
  ads: 'Ads',
  advertisers: 'Advertisers',
  packages: 'Packages',
  banners: 'Banner ads',
  duties: 'Duties',
  activity: 'Activity',
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const options = (values: readonly string[]): SelectOption[] => [
  { value: '', label: 'All' },
  ...values.filter((v) => v !== 'all').map((v) => ({ value: v, label: capitalise(v) })),
];

/** The filters each dataset has besides its date range (the server's in contract/src/exports.ts). */
const datasetFilters: Record<DataExtractDataset, { statuses?: SelectOption[]; places?: boolean; search?: boolean }> = {
  ads: { statuses: options(AD_STATUSES), places: true, search: true },
  advertisers: { statuses: options(USER_STATUS_FILTERS), search: true },
  // Packages, banners and duties share the Active/Inactive statuses.
  packages: { statuses: options(PACKAGE_STATUSES), search: true },
  banners: { statuses: options(PACKAGE_STATUSES), search: true },
  duties: { statuses: options(PACKAGE_STATUSES), search: true },
  activity: { search: true },
};

const dateLabels: Record<DataExtractDataset, string> = {
  ads: 'Posted',
  advertisers: 'Joined',
  packages: 'Created',
  banners: 'Created',
  duties: 'Created',
  activity: 'Happened',
};

/** The calendar day in the browser's zone, for the fallback file name. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function facetOptions(values: readonly string[], allLabel: string): SelectOption[] {
  return [{ value: '', label: allLabel }, ...values.map((v) => ({ value: v, label: v }))];
}

type Filters = {
  dataset?: DataExtractDataset;
  status?: string;
  category?: string;
  district?: string;
  from?: string;
  to?: string;
  q?: string;
};
const SEARCH_MAX = 200;
const day = parse.matching(/^\d{4}-\d{2}-\d{2}$/);
const text = parse.search(SEARCH_MAX);
/** The choices in the URL (docs/decisions/0024-list-screen-kit.md): a reload or a pasted link extracts the same rows. */
const extractList: ListSpec<Filters> = {
  filters: {
    dataset: parse.oneOf(DATA_EXTRACT_DATASETS),
    status: parse.matching(/^[a-z_]+$/),
    category: text,
    district: text,
    from: day,
    to: day,
    q: text,
  },
  searchMax: SEARCH_MAX,
};

/** Data Extract: a dataset, its filters and a date range, the matching count, then the CSV with progress. */
export function DataExtractPage() {
  // Only the datasets the role may take (docs/decisions/0033-roles.md): a moderator takes no
  // advertisers, support none at all.
  const may = usePermissions();
  const datasets = DATA_EXTRACT_DATASETS.filter((d) => may('data.export') && may(DATA_EXTRACT_PERMISSIONS[d]));
  const none = datasets.length === 0;
  const list = useListState(extractList);
  const f = list.filters;
  const dataset = f.dataset && datasets.includes(f.dataset) ? f.dataset : (datasets[0] ?? 'ads');
  const filters = { from: f.from ?? '', to: f.to ?? '', category: f.category ?? '', district: f.district ?? '' };
  const shape = datasetFilters[dataset];
  // A status the dataset does not have (an old or hand-edited link) is no filter.
  const status = shape.statuses?.some((o) => o.value === f.status) ? (f.status ?? '') : '';
  const rangeError = filters.from && filters.to && filters.from > filters.to ? exportText.rangeReversed : null;
  const params: DataExtractParams = {
    format: 'csv',
    from: filters.from || undefined,
    to: filters.to || undefined,
    status: status || undefined,
    category: shape.places ? filters.category || undefined : undefined,
    district: shape.places ? filters.district || undefined : undefined,
    q: shape.search ? f.q : undefined,
  };
  const count = useCountExtractQuery(
    { dataset, params },
    { skip: !!rangeError || none, refetchOnMountOrArgChange: true },
  );
  const facets = useExtractFacetsQuery(undefined, { skip: !shape.places });
  const total = count.currentData?.total;
  const download = useStreamedDownload(exportText.exportFailed);
  const running = download.phase === 'running';

  // A status of one dataset means nothing to another.
  const chooseDataset = (next: DataExtractDataset) =>
    list.setFilters({ dataset: next, status: undefined, category: undefined, district: undefined });
  const set = (key: 'status' | 'category' | 'district' | 'from' | 'to') => (value: string) =>
    list.setFilter(key, value);

  const countLine = none
    ? notAllowedReason
    : rangeError !== null
      ? null
      : count.isError
        ? serverMessage(count.error, exportText.exportFailed)
        : total === undefined
          ? 'Counting…'
          : exportText.matching(formatCount(total));

  const formId = useId();
  return (
    <>
      <PageHeader title="Data Extract" />
      <Panel>
        <form
          id={formId}
          aria-label="Extract"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!running && !rangeError)
              void download.start(`/api${extractUrl(dataset, params, 'export')}`, `${dataset}-${today()}.csv`);
          }}
        >
          <SelectField
            label={exportText.dataset}
            value={dataset}
            disabled={running}
            options={datasets.map((d) => ({ value: d, label: datasetLabels[d] }))}
            onChange={(v) => chooseDataset(v as DataExtractDataset)}
          />
          {shape.statuses && (
            <SelectField
              label="Status"
              value={status}
              disabled={running}
              options={shape.statuses}
              onChange={set('status')}
            />
          )}
          {shape.places && (
            <>
              <SelectField
                label="Category"
                value={filters.category}
                disabled={running}
                options={facetOptions(facets.data?.categories ?? [], 'All categories')}
                onChange={set('category')}
              />
              <SelectField
                label="District"
                value={filters.district}
                disabled={running}
                options={facetOptions(facets.data?.districts ?? [], 'All districts')}
                onChange={set('district')}
              />
            </>
          )}
          {shape.search && (
            <CompactField
              label="Search"
              type="search"
              value={list.searchText}
              maxLength={SEARCH_MAX}
              disabled={running}
              onChange={(e) => list.setSearch(e.target.value)}
            />
          )}
          <CompactField
            label={`${dateLabels[dataset]} from`}
            type="date"
            value={filters.from}
            disabled={running}
            onChange={(e) => set('from')(e.target.value)}
          />
          <CompactField
            label={`${dateLabels[dataset]} to`}
            type="date"
            value={filters.to}
            disabled={running}
            error={rangeError}
            onChange={(e) => set('to')(e.target.value)}
          />
        </form>

        <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-t border-slate-800 pt-4">
          {count.isError && !rangeError ? (
            <p role="alert" className="text-sm text-rose-300">
              {countLine}
            </p>
          ) : (
            <p className="text-lg font-semibold text-slate-100 tabular-nums" aria-live="polite">
              {countLine}
            </p>
          )}
          <div className="flex items-center gap-2">
            {running && (
              <Button variant="secondary" icon={<X className="size-4" aria-hidden="true" />} onClick={download.cancel}>
                {exportText.cancel}
              </Button>
            )}
            <Button
              type="submit"
              form={formId}
              icon={<Download className="size-4" aria-hidden="true" />}
              loading={running}
              disabled={running || !!rangeError || count.isError || none}
            >
              {exportText.download}
            </Button>
          </div>
        </div>

        {download.phase !== 'idle' && (
          <div className="mt-4 space-y-2" aria-live="polite">
            {(running || download.phase === 'done' || download.phase === 'cancelled') && (
              <DownloadProgress rows={download.rows} bytes={download.bytes} total={total} phase={download.phase} />
            )}
            {download.phase === 'failed' && (
              <Banner message={{ tone: 'error', text: download.error ?? exportText.exportFailed }} />
            )}
          </div>
        )}
      </Panel>
    </>
  );
}
