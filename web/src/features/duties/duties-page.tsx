import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Plus, Search } from 'lucide-react';
import { dutyMessages, type Duty } from '@backoffice/contract';
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
import { useDeleteDutyMutation, useListDutiesQuery } from './duties-api';
import { DutiesTable } from './duties-table';
import { DutyFormPanel } from './duty-form-panel';
import { filterDuties, type DutyStatusFilter } from './duty-list';
import { DutyViewPanel } from './duty-view-panel';
import { SAMPLE_DUTIES } from './sample-duties';

type PanelState = { kind: 'view' | 'form'; duty?: Duty; open: boolean; key: number };

const statusOptions = [
  { value: 'all', label: 'All' },
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
];

/** Duties and Responsibilities (docs/product.md#duties); a failed load falls back to the two sample duties (docs/product.md#error-catalogue). */
export const DUTY_MESSAGE_MS = 3000;

export function DutiesPage() {
  const list = useListDutiesQuery(undefined, { refetchOnMountOrArgChange: true });
  const usingSamples = list.isError && !list.data;
  const duties = useMemo(() => (usingSamples ? SAMPLE_DUTIES : (list.data ?? [])), [usingSamples, list.data]);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<DutyStatusFilter>('all');
  const shown = useMemo(() => filterDuties(duties, search, status), [duties, search, status]);
  const searchId = useId();

  const [panel, setPanel] = useState<PanelState | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  function openPanel(kind: PanelState['kind'], duty?: Duty) {
    clearTimeout(closeTimer.current);
    setPanel((p) => ({ kind, duty, open: true, key: (p?.key ?? 0) + 1 }));
  }
  function closePanel() {
    setPanel((p) => (p ? { ...p, open: false } : p));
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setPanel(null), SIDE_PANEL_CLOSE_MS);
  }

  // Success messages last as long as the packages' (3 s).
  const saved = useTimedMessage(DUTY_MESSAGE_MS);
  const [deleting, setDeleting] = useState<Duty | null>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const [remove, removeState] = useDeleteDutyMutation();
  async function confirmDelete() {
    if (!deleting) return;
    const result = await remove(deleting._id);
    if ('error' in result) setDeleteFailed(true);
    else {
      saved.show('success', dutyMessages.deleted);
      if (panel?.duty?._id === deleting._id) closePanel();
    }
    setDeleting(null);
  }

  return (
    <>
      <PageHeader
        title="Duties and Responsibilities"
        description="What the moderation team does, and the conditions each duty comes with."
        actions={
          <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => openPanel('form')}>
            Add New
          </Button>
        }
      />
      <div className="mb-4 space-y-2 empty:hidden">
        {deleteFailed && (
          <Banner
            message={{ tone: 'error', text: dutyMessages.deleteFailed }}
            onDismiss={() => setDeleteFailed(false)}
          />
        )}
        {usingSamples && <Banner message={{ tone: 'warning', text: dutyMessages.sampleFallback }} />}
        {saved.message && <Banner message={saved.message} onDismiss={saved.clear} />}
      </div>

      <Panel flush className="overflow-hidden">
        <div className="flex flex-wrap items-center gap-2 p-4">
          <div className="relative min-w-56 flex-1">
            <label htmlFor={searchId} className="sr-only">
              Search duties
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
              placeholder="Search by duty ID, title or description"
              className={cx(inputClass, 'h-10 py-0 pl-9 text-sm')}
            />
          </div>
          <SelectField
            label="Status"
            hideLabel
            className="w-36"
            value={status}
            options={statusOptions}
            onChange={(v) => setStatus(v as DutyStatusFilter)}
          />
        </div>
        <DutiesTable
          duties={shown}
          loading={list.isLoading}
          onView={(duty) => openPanel('view', duty)}
          onEdit={(duty) => openPanel('form', duty)}
          onDelete={(duty) => {
            setDeleteFailed(false);
            setDeleting(duty);
          }}
        />
      </Panel>

      {panel?.kind === 'view' && panel.duty && (
        <DutyViewPanel
          key={panel.key}
          duty={duties.find((d) => d._id === panel.duty!._id) ?? panel.duty}
          open={panel.open}
          onClose={closePanel}
          onEdit={(duty) => openPanel('form', duty)}
        />
      )}
      {panel?.kind === 'form' && (
        <DutyFormPanel
          key={panel.key}
          duty={panel.duty}
          knownCodes={duties.map((d) => d.id)}
          open={panel.open}
          onClose={closePanel}
          onSaved={() => {
            saved.show('success', panel.duty ? dutyMessages.updated : dutyMessages.created);
            closePanel();
          }}
        />
      )}
      {deleting && (
        <Modal
          title="Delete Duty"
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
          <p>{dutyMessages.deleteConfirm}</p>
          <p className="font-medium text-slate-100">
            {deleting.id} · {deleting.title}
          </p>
        </Modal>
      )}
    </>
  );
}
