import { useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import { DUTY_STATUSES, MAX_LIST_SEARCH, dutyMessages, type Duty, type DutyStatus } from '@backoffice/contract';
import {
  Banner,
  Button,
  PageHeader,
  Panel,
  SearchBox,
  useTimedMessage,
  Toolbar,
  usePanel,
  ConfirmDeleteModal,
  StatusFilter,
} from '../../components/ui';
import { parse, useListState, type ListSpec } from '../../lib/list-state';
import { useCan } from '../../lib/permissions';
import { useDeleteDutyMutation, useListDutiesQuery } from './duties-api';
import { DutiesTable } from './duties-table';
import { DutyFormPanel } from './duty-form-panel';
import { filterDuties } from './duty-list';
import { DutyViewPanel } from './duty-view-panel';
import { SAMPLE_DUTIES } from './sample-duties';

type PanelContent = { kind: 'view' | 'form'; duty?: Duty };

/** Duties and Responsibilities (docs/product.md#duties); a failed load falls back to the two sample duties (docs/product.md#error-catalogue). */
export const DUTY_MESSAGE_MS = 3000;

/** The list's URL state: the search (`q`) and the status, as the server filters them. */
const DUTY_LIST: ListSpec<{ q?: string; status?: DutyStatus }> = {
  filters: { q: parse.search(MAX_LIST_SEARCH), status: parse.oneOf(DUTY_STATUSES) },
  searchMax: MAX_LIST_SEARCH,
};

export function DutiesPage() {
  const state = useListState(DUTY_LIST);
  const { q, status } = state.filters;
  const list = useListDutiesQuery({ search: q, status }, { refetchOnMountOrArgChange: true });
  const usingSamples = list.isError && !list.data;
  // The server filters; the sample duties shown when it cannot answer are filtered here alike.
  const duties = useMemo(
    () => (usingSamples ? filterDuties(SAMPLE_DUTIES, q ?? '', status ?? 'all') : (list.data ?? [])),
    [usingSamples, list.data, q, status],
  );

  const { panel, show, close: closePanel } = usePanel<PanelContent>();
  const openPanel = (kind: PanelContent['kind'], duty?: Duty) => show({ kind, duty });

  // Success messages last as long as the packages' (3 s).
  const saved = useTimedMessage(DUTY_MESSAGE_MS);
  const [deleting, setDeleting] = useState<Duty | null>(null);
  // A moderator or support sees the duties but not Add, Edit or Delete (docs/decisions/0033-roles.md).
  const canWrite = useCan('duties.write');
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
          canWrite && (
            <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => openPanel('form')}>
              Add New
            </Button>
          )
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
        <Toolbar>
          <SearchBox
            label="Search duties"
            value={state.searchText}
            onChange={state.setSearch}
            placeholder="Search by duty ID, title or description"
          />
          <StatusFilter value={status ?? 'all'} onChange={(v) => state.setFilter('status', v === 'all' ? '' : v)} />
        </Toolbar>
        <DutiesTable
          duties={duties}
          loading={list.isLoading}
          onView={(duty) => openPanel('view', duty)}
          onEdit={canWrite ? (duty) => openPanel('form', duty) : undefined}
          onDelete={
            canWrite
              ? (duty) => {
                  setDeleteFailed(false);
                  setDeleting(duty);
                }
              : undefined
          }
        />
      </Panel>

      {panel?.kind === 'view' && panel.duty && (
        <DutyViewPanel
          key={panel.key}
          duty={duties.find((d) => d._id === panel.duty!._id) ?? panel.duty}
          open={panel.open}
          onClose={closePanel}
          onEdit={canWrite ? (duty) => openPanel('form', duty) : undefined}
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
        <ConfirmDeleteModal
          title="Delete Duty"
          busy={removeState.isLoading}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        >
          <p>{dutyMessages.deleteConfirm}</p>
          <p className="font-medium text-slate-100">
            {deleting.id} · {deleting.title}
          </p>
        </ConfirmDeleteModal>
      )}
    </>
  );
}
