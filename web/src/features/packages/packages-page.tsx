import { useEffect, useState } from 'react';
import { Plus } from 'lucide-react';
import {
  MAX_LIST_SEARCH,
  PACKAGE_SORT_FIELDS,
  PACKAGE_STATUSES,
  packageMessages,
  type Package,
  type PackageSortField,
  type PackageStatus,
} from '@backoffice/contract';
import {
  Banner,
  Button,
  PageHeader,
  Panel,
  SearchBox,
  Toolbar,
  usePanel,
  useTimedMessage,
  ConfirmDeleteModal,
  StatusFilter,
  TableCount,
} from '../../components/ui';
import { parse, useListState, type ListSpec } from '../../lib/list-state';
import { useCan } from '../../lib/permissions';
import { PACKAGE_MESSAGE_MS, PackageFormPanel } from './package-form-panel';
import { nextSort, type PackageSort } from './package-list';
import { PackageViewPanel } from './package-view-panel';
import { useDeletePackageMutation, useListPackagesQuery } from './packages-api';
import { PackagesTable } from './packages-table';

type PanelContent = { kind: 'view' | 'form'; pkg?: Package };

/** The list's URL state: the search (`q`), the status and the sort, as the server applies them. */
const PACKAGE_LIST: ListSpec<{ q?: string; status?: PackageStatus; sort?: PackageSortField; order?: 'asc' | 'desc' }> =
  {
    filters: {
      q: parse.search(MAX_LIST_SEARCH),
      status: parse.oneOf(PACKAGE_STATUSES),
      sort: parse.oneOf(PACKAGE_SORT_FIELDS),
      order: parse.oneOf(['asc', 'desc'] as const),
    },
    searchMax: MAX_LIST_SEARCH,
  };

/** Package Management (docs/product.md#packages): searched, filtered and sorted on the server. */
export function PackagesPage() {
  const state = useListState(PACKAGE_LIST);
  const { q, status } = state.filters;
  const sort: PackageSort = { field: state.filters.sort ?? 'pid', order: state.filters.order ?? 'asc' };
  const list = useListPackagesQuery(
    { search: q, status, sort: sort.field, order: sort.order },
    { refetchOnMountOrArgChange: true },
  );
  const shown = list.data?.packages ?? [];
  // A moderator or support sees the packages but not Add, Edit or Delete (docs/decisions/0033-roles.md).
  const canWrite = useCan('packages.write');
  const message = useTimedMessage(PACKAGE_MESSAGE_MS);
  const showMessage = message.show;

  // docs/product.md#error-catalogue: "Failed to fetch packages", gone after 3 s like every package message.
  const failedAt = list.isError ? list.startedTimeStamp : undefined;
  useEffect(() => {
    if (failedAt) showMessage('error', packageMessages.fetchFailed);
  }, [failedAt, showMessage]);

  const { panel, show, close: closePanel } = usePanel<PanelContent>();
  const openPanel = (kind: PanelContent['kind'], pkg?: Package) => show({ kind, pkg });

  const [deleting, setDeleting] = useState<Package | null>(null);
  const [remove, removeState] = useDeletePackageMutation();
  async function confirmDelete() {
    if (!deleting) return;
    const result = await remove(deleting._id);
    if ('error' in result) showMessage('error', packageMessages.deleteFailed);
    else {
      showMessage('success', packageMessages.deleted);
      if (panel?.pkg?._id === deleting._id) closePanel();
    }
    setDeleting(null);
  }

  return (
    <>
      <PageHeader
        title="Package Management"
        description="Advertising packages advertisers can buy, with their prices in LKR."
        actions={
          canWrite && (
            <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => openPanel('form')}>
              Add Package
            </Button>
          )
        }
      />
      <div className="mb-4 empty:hidden" aria-live="polite">
        {message.message && <Banner message={message.message} onDismiss={message.clear} />}
      </div>

      <Panel flush className="overflow-hidden">
        <Toolbar>
          <SearchBox
            label="Search packages"
            value={state.searchText}
            onChange={state.setSearch}
            placeholder="Search by PID, name, type or description"
          />
          <StatusFilter value={status ?? 'all'} onChange={(v) => state.setFilter('status', v === 'all' ? '' : v)} />
        </Toolbar>
        <PackagesTable
          packages={shown}
          loading={list.isLoading}
          failed={list.isError && !list.data}
          onRetry={() => list.refetch()}
          sort={sort}
          onSort={(field) => {
            const next = nextSort(sort, field);
            state.setFilters({ sort: next.field, order: next.order });
          }}
          onView={(pkg) => openPanel('view', pkg)}
          onEdit={canWrite ? (pkg) => openPanel('form', pkg) : undefined}
          onDelete={canWrite ? setDeleting : undefined}
        />
        {list.data && (
          <TableCount>
            Showing {shown.length} of {list.data.total} packages
          </TableCount>
        )}
      </Panel>

      {panel?.kind === 'view' && panel.pkg && (
        <PackageViewPanel
          key={panel.key}
          pkg={shown.find((p) => p._id === panel.pkg!._id) ?? panel.pkg}
          open={panel.open}
          onClose={closePanel}
          onEdit={canWrite ? (pkg) => openPanel('form', pkg) : undefined}
        />
      )}
      {panel?.kind === 'form' && (
        <PackageFormPanel
          key={panel.key}
          pkg={panel.pkg}
          open={panel.open}
          onClose={closePanel}
          onSaved={(text) => {
            showMessage('success', text);
            closePanel();
          }}
        />
      )}
      {deleting && (
        <ConfirmDeleteModal
          title="Delete Package"
          busy={removeState.isLoading}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        >
          <p>{packageMessages.deleteConfirm}</p>
          <p className="font-medium text-slate-100">
            {deleting.pid} · {deleting.name}
          </p>
        </ConfirmDeleteModal>
      )}
    </>
  );
}
