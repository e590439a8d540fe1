import { Link } from 'react-router';
import { USER_DECISIONS_COUNT, activityText } from '@backoffice/contract';
import {
  EmptyState,
  Panel,
  SkeletonRows,
  TableFrame,
  Th,
  cx,
  focusRing,
  rowClass,
  tdClass,
  theadClass,
  FailedRow,
} from '../../components/ui';
import { EventActionCell, EventActorCell, EventTimeCell } from '../../components/activity-cells';
import { useListActivityQuery } from '../../lib/activity-api';
import { activityLogPath, eventLink } from '../../lib/activity-format';

const linkClass = cx('rounded font-medium text-indigo-300 hover:text-indigo-200', focusRing);

/** The latest moderation decisions on an advertiser's ads, with the whole list one link away in the activity log. */
export function UserDecisions({ userId }: { userId: string }) {
  const filters = { entity: 'ad', advertiser: userId } as const;
  // Decisions only: a submission or a claim is not one (issue 32.10).
  const query = useListActivityQuery(
    { ...filters, decisions: 'true', pageSize: USER_DECISIONS_COUNT },
    { refetchOnMountOrArgChange: true },
  );
  const events = query.currentData?.events;
  return (
    <section aria-labelledby="user-decisions-title" className="mt-6">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="user-decisions-title" className="text-lg font-semibold text-slate-100">
          {activityText.decisions}
        </h2>
        <Link to={activityLogPath(filters)} className={cx('text-sm', linkClass)}>
          {activityText.viewAllDecisions}
        </Link>
      </div>
      <Panel flush className="overflow-hidden">
        <TableFrame label={activityText.decisions} busy={events === undefined && query.isFetching}>
          <thead className={theadClass}>
            <tr>
              <Th>Time</Th>
              <Th>Ad</Th>
              <Th>Action</Th>
              <Th>Admin</Th>
              <Th>Reason</Th>
            </tr>
          </thead>
          <tbody>
            {events === undefined ? (
              query.isError && !query.isFetching ? (
                <FailedRow columns={5} message={activityText.fetchFailed} onRetry={() => query.refetch()} />
              ) : (
                <SkeletonRows rows={3} columns={5} />
              )
            ) : events.length === 0 ? (
              <EmptyState columns={5} message="No decisions yet" />
            ) : (
              events.map((event) => {
                const link = eventLink(event);
                return (
                  <tr key={event._id} className={rowClass}>
                    <EventTimeCell event={event} />
                    <td className={cx(tdClass, 'max-w-72 break-words text-slate-100')}>
                      {link ? (
                        <Link to={link} className={linkClass}>
                          {event.entityLabel}
                        </Link>
                      ) : (
                        event.entityLabel
                      )}
                    </td>
                    <EventActionCell event={event} />
                    <EventActorCell event={event} className="text-slate-300" />
                    <td className={cx(tdClass, 'max-w-80 break-words whitespace-pre-line text-slate-300')}>
                      {event.rejectionReason || '-'}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </TableFrame>
      </Panel>
    </section>
  );
}
