import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Bug } from 'lucide-react';
import {
  REPORT_KINDS,
  REPORT_REASONS,
  REPORT_STATES,
  REPORTS_COUNT_LIMIT,
  reportKindLabels,
  reportReasonLabels,
  reportStateLabels,
  type ListedReport,
  type ReportUpdateBody,
} from '@backoffice/contract';
import {
  Badge,
  Banner,
  Button,
  EmptyState,
  FailedRow,
  PageHeader,
  Panel,
  SearchBox,
  SelectField,
  SidePanel,
  SkeletonRows,
  TableFrame,
  Th,
  Toolbar,
  cx,
  rowClass,
  tdClass,
  theadClass,
  usePanel,
  useTimedMessage,
  type SelectOption,
} from '../../components/ui';
import { serverMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useCan } from '../../lib/permissions';
import { selectCurrentUser } from '../../lib/session-events';
import { ReportPanel, stateTones } from './report-panel';
import { ReportSettingsDialog } from './report-settings-dialog';
import { useListReportsQuery, useUpdateReportMutation } from './reports-api';
import { useReportsState, type ReportFilterKey } from './use-reports-state';

const COLUMNS = 7;
const options = <T extends string>(all: string, list: readonly T[], labels: Record<T, string>): SelectOption[] => [
  { value: '', label: all },
  ...list.map((v) => ({ value: v, label: labels[v] })),
];
const filterSelects: { key: ReportFilterKey; label: string; options: SelectOption[] }[] = [
  { key: 'kind', label: 'Kind', options: options('All kinds', REPORT_KINDS, reportKindLabels) },
  { key: 'reason', label: 'Reason', options: options('All reasons', REPORT_REASONS, reportReasonLabels) },
  { key: 'state', label: 'State', options: options('All states', REPORT_STATES, reportStateLabels) },
];

/**
 * Bug Reports (docs/product.md#bug-reports): the inbox of reports from the public, newest first,
 * filtered by kind, reason and state, searched, paged by the server; a report opens in the side
 * panel, where an admin takes it, notes it, and resolves or dismisses it with a reply.
 */
export function ReportsPage() {
  const state = useReportsState();
  const list = useListReportsQuery(state.params, { refetchOnMountOrArgChange: true });
  const [update, updating] = useUpdateReportMutation();
  const me = useSelector(selectCurrentUser);
  const panel = usePanel<{ id: string }>();
  const message = useTimedMessage(5000);
  const canChangeSettings = useCan('reports.settings');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [total, setTotal] = useState<number | undefined>(undefined);
  const data = list.currentData;
  if (data?.total !== undefined && data.total !== total) setTotal(data.total);
  const reports = data?.reports ?? [];
  const shown = reports.find((r) => r._id === panel.panel?.id);

  const change = async (report: ListedReport, body: ReportUpdateBody) => {
    try {
      await update({ id: report._id, body }).unwrap();
      message.show('success', 'Report updated');
    } catch (err) {
      message.show('error', serverMessage(err, 'Failed to update the report'));
    }
  };

  return (
    <>
      <PageHeader
        title="Bug Reports"
        actions={
          canChangeSettings ? (
            <Button variant="secondary" onClick={() => setSettingsOpen(true)}>
              Settings
            </Button>
          ) : undefined
        }
      />
      {settingsOpen && (
        <ReportSettingsDialog
          onClose={() => setSettingsOpen(false)}
          onSaved={() => {
            setSettingsOpen(false);
            message.show('success', 'Settings saved');
          }}
        />
      )}
      {message.message && (
        <div className="mb-4">
          <Banner message={message.message} onDismiss={message.clear} />
        </div>
      )}
      <Panel flush className="overflow-hidden">
        <Toolbar>
          <SearchBox
            label="Search reports"
            placeholder="Search text, ad or reporter"
            value={state.searchText}
            onChange={state.setSearch}
          />
          {filterSelects.map((f) => (
            <SelectField
              key={f.key}
              label={f.label}
              hideLabel
              options={f.options}
              value={state.filters[f.key] ?? ''}
              onChange={(v) => state.setFilter(f.key, v)}
            />
          ))}
        </Toolbar>
        <div className="border-t border-slate-800">
          <TableFrame label="Bug Reports" busy={list.isFetching}>
            <thead className={theadClass}>
              <tr>
                <Th>Received</Th>
                <Th>Kind</Th>
                <Th>Reason</Th>
                <Th>About</Th>
                <Th>Text</Th>
                <Th>Count</Th>
                <Th>State</Th>
              </tr>
            </thead>
            <tbody>
              {data === undefined && list.isFetching ? (
                <SkeletonRows rows={5} columns={COLUMNS} />
              ) : list.isError && !data ? (
                <FailedRow columns={COLUMNS} message="Failed to load reports" onRetry={() => list.refetch()} />
              ) : reports.length === 0 ? (
                <EmptyState
                  columns={COLUMNS}
                  icon={<Bug className="size-5" />}
                  message={state.active ? 'No reports match these filters' : 'No reports yet'}
                  action={
                    state.active ? (
                      <Button variant="secondary" size="sm" onClick={state.clear}>
                        Clear filters
                      </Button>
                    ) : undefined
                  }
                />
              ) : (
                reports.map((r) => (
                  <tr
                    key={r._id}
                    className={cx(rowClass, 'cursor-pointer align-top')}
                    onClick={() => panel.show({ id: r._id })}
                  >
                    <td className={tdClass}>{formatDateTime(r.createdAt)}</td>
                    <td className={tdClass}>{reportKindLabels[r.kind]}</td>
                    <td className={tdClass}>{reportReasonLabels[r.reason]}</td>
                    <td className={cx(tdClass, 'max-w-60 break-words')}>
                      {r.ad ? `${r.ad.heading}${r.ad.status ? ` (${r.ad.status})` : ' (deleted)'}` : (r.page ?? '-')}
                      <p className="text-xs text-slate-400">
                        {r.reporter?.email ?? r.reporter?.phone ?? r.reporter?.address ?? 'Anonymous'}
                      </p>
                    </td>
                    <td className={cx(tdClass, 'max-w-80')}>
                      <button
                        type="button"
                        className="line-clamp-2 text-left break-words text-indigo-300 hover:text-indigo-200"
                        onClick={() => panel.show({ id: r._id })}
                      >
                        {r.text}
                      </button>
                    </td>
                    <td className={cx(tdClass, 'tabular-nums')}>{r.count}</td>
                    <td className={tdClass}>
                      <Badge tone={stateTones[r.state]}>{reportStateLabels[r.state]}</Badge>
                      {r.assignee && <p className="text-xs text-slate-400">{r.assignee.name}</p>}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </TableFrame>
        </div>
        <div className="flex items-center justify-between border-t border-slate-800 px-4 py-3 text-sm text-slate-400">
          <span>
            Page {state.page}
            {total === undefined
              ? ''
              : total > REPORTS_COUNT_LIMIT
                ? ` · more than ${REPORTS_COUNT_LIMIT.toLocaleString('en-US')} reports`
                : ` · ${total.toLocaleString('en-US')} reports`}
          </span>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" disabled={state.page === 1} onClick={state.previous}>
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={!data?.nextCursor}
              onClick={() => data?.nextCursor && state.next(data.nextCursor)}
            >
              Next
            </Button>
          </div>
        </div>
      </Panel>
      {panel.panel && shown && (
        <SidePanel title="Report" open={panel.panel.open} onRequestClose={panel.close}>
          <ReportPanel
            key={shown._id}
            report={shown}
            meId={me?._id}
            busy={updating.isLoading}
            onChange={(body) => void change(shown, body)}
          />
        </SidePanel>
      )}
    </>
  );
}
