import { Link } from 'react-router';
import { activityText, type ActivityEvent } from '@backoffice/contract';
import { History } from 'lucide-react';
import { Button, DataTable, cx, focusRing, type Column } from '../../components/ui';
import { EventActionCell, EventActorCell, EventTimeCell } from '../../components/activity-cells';
import { detailsText, entityLabels, eventLink } from '../../lib/activity-format';

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
  const columns: Column<ActivityEvent>[] = [
    { header: 'Time', ownCell: true, cell: (e) => <EventTimeCell event={e} /> },
    {
      header: 'Admin',
      ownCell: true,
      cell: (e) => <EventActorCell event={e} className="break-words text-slate-200" />,
    },
    { header: 'Action', ownCell: true, cell: (e) => <EventActionCell event={e} /> },
    { header: 'About', className: 'max-w-80', cell: (e) => <About event={e} /> },
    { header: 'Details', className: 'max-w-80', cell: (e) => <Details event={e} /> },
  ];
  return (
    <DataTable
      label={activityText.title}
      columns={columns}
      rows={events}
      rowKey={(e) => e._id}
      rowClassName="align-top"
      loading={loading}
      failed={failed ? { message: activityText.fetchFailed, onRetry } : undefined}
      empty={{
        icon: <History className="size-5" />,
        message: filtered ? activityText.empty : 'No activity yet',
        action: filtered ? (
          <Button variant="secondary" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        ) : undefined,
      }}
    />
  );
}
