import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Plus, Search } from 'lucide-react';
import { packageMessages, type Package } from '@backoffice/contract';
import {
  Banner,
  Button,
  Modal,
  PageHeader,
  Panel,
  SIDE_PANEL_CLOSE_MS,
  SelectField,
  cx,
  inputClass,
  useTimedMessage,
} from '../../components/ui';
import { PACKAGE_MESSAGE_MS, PackageFormPanel } from './package-form-panel';
import { filterPackages, nextSort, sortPackages, type PackageSort, type PackageStatusFilter } from './package-list';
import { PackageViewPanel } from './package-view-panel';
import { useDeletePackageMutation, useListPackagesQuery } from './packages-api';
import { PackagesTable } from './packages-table';

type PanelState = { kind: 'view' | 'form'; pkg?: Package; open: boolean; key: number };

const statusOptions = [
  { value: 'all', label: 'All' },
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
];

/** Package Management (docs/product.md#packages): the whole list is small, so search, filter and sort run here. */
export function PackagesPage() {
  const list = useListPackagesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PackageStatusFilter>('all');
  const [sort, setSort] = useState<PackageSort>({ field: 'pid', order: 'asc' });
  const shown = useMemo(
    () => sortPackages(filterPackages(list.data ?? [], search, status), sort),
    [list.data, search, status, sort],
  );
  const message = useTimedMessage(PACKAGE_MESSAGE_MS);
  const showMessage = message.show;
  const searchId = useId();

  // docs/product.md#error-catalogue: "Failed to fetch packages", gone after 3 s like every package message.
  const failedAt = list.isError ? list.startedTimeStamp : undefined;
  useEffect(() => {
    if (failedAt) showMessage('error', packageMessages.fetchFailed);
  }, [failedAt, showMessage]);

  // The panel keeps its content while it slides out, then goes (docs/product.md#business-constants: 300 ms).
  const [panel, setPanel] = useState<PanelState | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  function openPanel(kind: PanelState['kind'], pkg?: Package) {
    clearTimeout(closeTimer.current);
    setPanel((p) => ({ kind, pkg, open: true, key: (p?.key ?? 0) + 1 }));
  }
  function closePanel() {
    setPanel((p) => (p ? { ...p, open: false } : p));
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setPanel(null), SIDE_PANEL_CLOSE_MS);
  }

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
          <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => openPanel('form')}>
            Add Package
          </Button>
        }
      />
      <div className="mb-4 empty:hidden" aria-live="polite">
        {message.message && <Banner message={message.message} onDismiss={message.clear} />}
      </div>

      <Panel flush className="overflow-hidden">
        <div className="flex flex-wrap items-center gap-2 p-4">
          <div className="relative min-w-56 flex-1">
            <label htmlFor={searchId} className="sr-only">
              Search packages
            </label>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search by PID, name, type or description"
              className={cx(inputClass, 'h-10 py-0 pl-9 text-sm')}
            />
          </div>
          <SelectField
            label="Status"
            hideLabel
            className="w-36"
            value={status}
            options={statusOptions}
            onChange={(v) => setStatus(v as PackageStatusFilter)}
          />
        </div>
        <PackagesTable
          packages={shown}
          loading={list.isLoading}
          failed={list.isError && !list.data}
          onRetry={() => list.refetch()}
          sort={sort}
          onSort={(field) => setSort((s) => nextSort(s, field))}
          onView={(pkg) => openPanel('view', pkg)}
          onEdit={(pkg) => openPanel('form', pkg)}
          onDelete={setDeleting}
        />
        {list.data && (
          <p className="border-t border-slate-800 px-4 py-3 text-sm text-slate-400 tabular-nums">
            Showing {shown.length} of {list.data.length} packages
          </p>
        )}
      </Panel>

      {panel?.kind === 'view' && panel.pkg && (
        <PackageViewPanel
          key={panel.key}
          pkg={list.data?.find((p) => p._id === panel.pkg!._id) ?? panel.pkg}
          open={panel.open}
          onClose={closePanel}
          onEdit={(pkg) => openPanel('form', pkg)}
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
        <Modal
          title="Delete Package"
          onClose={() => setDeleting(null)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setDeleting(null)} disabled={removeState.isLoading}>
                Cancel
              </Button>
              <Button
                variant="danger"
                onClick={confirmDelete}
                loading={removeState.isLoading}
                disabled={removeState.isLoading}
              >
                Delete
              </Button>
            </>
          }
        >
          <p>{packageMessages.deleteConfirm}</p>
          <p className="font-medium text-slate-100">
            {deleting.pid} · {deleting.name}
          </p>
        </Modal>
      )}
    </>
  );
}
