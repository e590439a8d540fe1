import { activityText, type AdHistoryEvent, type AuditAction } from '@backoffice/contract';
import { Button, cx } from '../../components/ui';
import { useGetAdHistoryQuery } from '../../lib/activity-api';
import { actionLabels, actorName, detailsText, formatEventTime } from '../../lib/activity-format';

const dots: Partial<Record<AuditAction, string>> = {
  submitted: 'bg-amber-400',
  approved: 'bg-emerald-400',
  rejected: 'bg-rose-400',
  deleted: 'bg-slate-400',
  images_updated: 'bg-sky-400',
  claim_taken_over: 'bg-violet-400',
  claimed: 'bg-violet-300',
  notified: 'bg-indigo-400',
};

function HistoryItem({ event }: { event: AdHistoryEvent }) {
  const details = detailsText(event.details);
  return (
    // The timeline's line runs from each dot down to the next one.
    <li className="relative pb-4 pl-6 before:absolute before:top-3 before:bottom-0 before:left-[4.5px] before:w-px before:bg-slate-700 last:pb-0 last:before:hidden">
      <span
        className={cx(
          'absolute top-1.5 left-0 size-2.5 rounded-full ring-4 ring-slate-900',
          dots[event.action] ?? 'bg-slate-400',
        )}
        aria-hidden="true"
      />
      <p className="text-sm text-slate-100">
        <span className="font-medium">{actionLabels[event.action]}</span>
        <span className="text-slate-400"> by </span>
        {actorName(event.actor, event.action)}
      </p>
      <p className="mt-0.5 text-xs text-slate-400">
        <time dateTime={event.at}>{formatEventTime(event.at)}</time>
        {details && <span> · {details}</span>}
      </p>
      {event.rejectionReason && (
        <p className="mt-1.5 rounded-md border border-rose-500/30 bg-rose-500/10 px-2.5 py-1.5 text-sm break-words whitespace-pre-line text-rose-100">
          {event.rejectionReason}
        </p>
      )}
    </li>
  );
}

/** The ad's History in its side panel: every event, oldest first, with who, when and why. */
export function AdHistory({ adId }: { adId: string }) {
  const query = useGetAdHistoryQuery(adId, { refetchOnMountOrArgChange: true });
  const events = query.currentData?.events;
  return (
    <section aria-labelledby="ad-history-title" className="mt-6">
      <h4 id="ad-history-title" className="mb-3 text-sm font-semibold text-slate-200">
        {activityText.history}
      </h4>
      {events === undefined ? (
        query.isError && !query.isFetching ? (
          <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-800 px-3 py-2">
            <p className="text-sm text-slate-400">{activityText.fetchFailed}</p>
            <Button variant="secondary" size="sm" onClick={() => query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div role="group" className="space-y-3" aria-busy="true" aria-label="Loading history">
            {[0, 1].map((i) => (
              <div key={i} className="h-9 animate-pulse rounded-lg bg-slate-800/60" />
            ))}
          </div>
        )
      ) : events.length === 0 ? (
        <p className="text-sm text-slate-400">{activityText.historyEmpty}</p>
      ) : (
        <ol aria-label={activityText.history}>
          {events.map((event) => (
            <HistoryItem key={event._id} event={event} />
          ))}
        </ol>
      )}
    </section>
  );
}
