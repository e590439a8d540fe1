import { Link } from 'react-router';
import { activityText, type ActivityEvent } from '@backoffice/contract';
import { History } from 'lucide-react';
import {
  Button,
  EmptyState,
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
import { detailsText, entityLabels, eventLink } from '../../lib/activity-format';

const COLUMNS = 5;

function About({ event }: { event: ActivityEvent }) {
  const link = eventLink(event);
  return (
    <div className="min-w-0">
      <p className="text-xs text-slate-400">{entityLabels[event.entity]}</p>
      {link ? (
        <Link
          to={link}
          className={cx('rounded font-medium break-words text-indigo-300 hover:text-indigo-200', focusRing)}
        >
          {event.entityLabel}
        </Link>
      ) : (
        <span className="break-words text-slate-300" title={event.exists ? undefined : 'Deleted'}>
          {event.entityLabel}
        </span>
      )}
    </div>
  );
}

function Details({ event }: { event: ActivityEvent }) {
  const details = detailsText(event.details);
  if (!event.rejectionReason && !details) return <span className="text-slate-400">-</span>;
  return (
    <div className="space-y-0.5">
      {event.rejectionReason && (
        <p className="break-words whitespace-pre-line text-rose-200">{event.rejectionReason}</p>
      )}
      {details && <p className="break-words text-slate-400">{details}</p>}
    </div>
  );
}

export interface ActivityTableProps {
  events: ActivityEvent[];
  loading: boolean;
  failed: boolean;
  filtered: boolean;
  onRetry: () => void;
  onClear: () => void;
}

/** One row per audit entry, newest first; what it is about links to that thing while it exists. */
export function ActivityTable({ events, loading, failed, filtered, onRetry, onClear }: ActivityTableProps) {
  return (
    <TableFrame label={activityText.title} busy={loading}>
      <thead className={theadClass}>
        <tr>
          <Th>Time</Th>
          <Th>Admin</Th>
          <Th>Action</Th>
          <Th>About</Th>
          <Th>Details</Th>
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <SkeletonRows rows={5} columns={COLUMNS} />
        ) : failed ? (
          <FailedRow columns={COLUMNS} message={activityText.fetchFailed} onRetry={onRetry} />
        ) : events.length === 0 ? (
          <EmptyState
            columns={COLUMNS}
            icon={<History className="size-5" />}
            message={filtered ? activityText.empty : 'No activity yet'}
            action={
              filtered ? (
                <Button variant="secondary" size="sm" onClick={onClear}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          events.map((event) => (
            <tr key={event._id} className={cx(rowClass, 'align-top')}>
              <EventTimeCell event={event} />
              <EventActorCell event={event} className="break-words text-slate-200" />
              <EventActionCell event={event} />
              <td className={cx(tdClass, 'max-w-80')}>
                <About event={event} />
              </td>
              <td className={cx(tdClass, 'max-w-80')}>
                <Details event={event} />
              </td>
            </tr>
          ))
        )}
      </tbody>
    </TableFrame>
  );
}
