import { Link } from 'react-router';
import { USER_DECISIONS_COUNT, activityText } from '@backoffice/contract';
import {
  Badge,
  Button,
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
} from '../../components/ui';
import { useListActivityQuery } from '../../lib/activity-api';
import {
  actionLabels,
  actionTones,
  activityLogPath,
  actorName,
  eventLink,
  formatEventTime,
} from '../../lib/activity-format';

const linkClass = cx('rounded font-medium text-indigo-300 hover:text-indigo-200', focusRing);

/** The latest moderation decisions on an advertiser's ads, with the whole list one link away in the activity log. */
export function UserDecisions({ userId }: { userId: string }) {
  const filters = { entity: 'ad', advertiser: userId } as const;
  const query = useListActivityQuery(
    { ...filters, pageSize: USER_DECISIONS_COUNT },
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
                <EmptyState
                  columns={5}
                  message={activityText.fetchFailed}
                  action={
                    <Button variant="secondary" size="sm" onClick={() => query.refetch()}>
                      Try again
                    </Button>
                  }
                />
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
                    <td className={cx(tdClass, 'whitespace-nowrap text-slate-400 tabular-nums')}>
                      <time dateTime={event.at}>{formatEventTime(event.at)}</time>
                    </td>
                    <td className={cx(tdClass, 'max-w-72 break-words text-slate-100')}>
                      {link ? (
                        <Link to={link} className={linkClass}>
                          {event.entityLabel}
                        </Link>
                      ) : (
                        event.entityLabel
                      )}
                    </td>
                    <td className={tdClass}>
                      <Badge tone={actionTones[event.action]}>{actionLabels[event.action]}</Badge>
                    </td>
                    <td className={cx(tdClass, 'text-slate-300')}>{actorName(event.actor, event.action)}</td>
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
