import { useEffect } from 'react';
import { ACTIVITY_PAGE_SIZE, activityText } from '@backoffice/contract';
import { ExportMenu, PageHeader, Pager, Panel, pageCount } from '../../components/ui';
import { withQuery } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import {
  useCountActivityQuery,
  useListActivityAdminsQuery,
  useListActivityQuery,
  type ActivityCountParams,
} from '../../lib/activity-api';
import { ActivityTable } from './activity-table';
import { ActivityToolbar } from './activity-toolbar';
import { useActivityFilters } from './use-activity-filters';

/** The CSV of every entry the filters match (the server streams it; no page limit). */
function exportUrl(filters: ActivityCountParams): string {
  return withQuery('/api/activity/export', filters);
}

/**
 * The activity log: every audit entry, newest first, paged by the server. Its filters live in the
 * URL, so the user detail page can link to an advertiser's decisions.
 */
export function ActivityPage() {
  const state = useActivityFilters();
  const list = useListActivityQuery(state.params, { refetchOnMountOrArgChange: true });
  const admins = useListActivityAdminsQuery();
  // A filter's total comes from the count call when the page does not show the end (as in the ads directory).
  const countNeeded = list.currentData?.total === null;
  const counted = useCountActivityQuery(state.countParams, { skip: !countNeeded });
  const total = (countNeeded ? counted.currentData?.total : list.currentData?.total) ?? 0;
  const events = list.currentData?.events ?? [];

  // A page past the end (an old link, or a filter that now matches less): show the last page.
  const lastPage = pageCount(total, ACTIVITY_PAGE_SIZE);
  const pastTheEnd = list.currentData !== undefined && events.length === 0 && total > 0 && state.page > lastPage;
  const { setPage } = state;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage);
  }, [pastTheEnd, lastPage, setPage]);

  // Support takes no exports (activity.export, docs/decisions/0033-roles.md).
  const canExport = useCan('activity.export');
  return (
    <>
      <PageHeader
        title={activityText.title}
        actions={
          canExport && (
            <ExportMenu
              label="Export"
              items={[
                {
                  label: activityText.exportEntries(total.toLocaleString('en-US')),
                  href: exportUrl(state.countParams),
                },
              ]}
            />
          )
        }
      />
      <Panel flush className="overflow-hidden">
        <ActivityToolbar
          filters={state.filters}
          searchText={state.searchText}
          admins={admins.data?.users}
          active={state.active}
          onSearch={state.setSearch}
          onFilter={state.setFilter}
          onClear={state.clear}
        />
        <div className="border-t border-slate-800">
          <ActivityTable
            events={events}
            loading={list.currentData === undefined && list.isFetching}
            failed={list.isError && !list.currentData}
            filtered={state.active}
            onRetry={() => list.refetch()}
            onClear={state.clear}
          />
        </div>
        {total > 0 && (
          <div className="border-t border-slate-800">
            <Pager page={state.page} pageSize={ACTIVITY_PAGE_SIZE} total={total} onPageChange={state.setPage} />
          </div>
        )}
      </Panel>
    </>
  );
}
