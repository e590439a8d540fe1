import type { ActivityEvent } from '@backoffice/contract';
import { actionLabels, actionTones, actorName, formatEventTime } from '../lib/activity-format';
import { Badge, cx, tdClass } from './ui';

/** The cells the Activity Log and a user's decisions both show for an audit entry. */
export function EventTimeCell({ event }: { event: ActivityEvent }) {
  return (
    <td className={cx(tdClass, 'whitespace-nowrap text-slate-400 tabular-nums')}>
      <time dateTime={event.at}>{formatEventTime(event.at)}</time>
    </td>
  );
}

export function EventActionCell({ event }: { event: ActivityEvent }) {
  return (
    <td className={tdClass}>
      <Badge tone={actionTones[event.action]}>{actionLabels[event.action]}</Badge>
    </td>
  );
}

export function EventActorCell({ event, className }: { event: ActivityEvent; className?: string }) {
  return <td className={cx(tdClass, className)}>{actorName(event.actor, event.action)}</td>;
}
