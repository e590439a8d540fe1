import { Link } from 'react-router';
import { activityLead, dashboardText as text, type ModerationActivity } from '@backoffice/contract';
import { formatDateTime as formatActivityTime } from '../../lib/dates';
import { Panel, cx, focusRing } from '../../components/ui';
import { paths } from '../../lib/paths';

const dots: Record<ModerationActivity['action'], string> = {
  approve: 'bg-emerald-400',
  reject: 'bg-rose-400',
  delete: 'bg-slate-400',
  images: 'bg-sky-400',
};

/** The three latest moderation events; View All opens the activity log. */
export function RecentActivities({ activities }: { activities: ModerationActivity[] | undefined }) {
  return (
    <Panel className="flex flex-col" aria-labelledby="recent-activities-title" role="region">
      <div className="mb-4 flex items-center justify-between">
        <h2 id="recent-activities-title" className="text-base font-semibold text-slate-100">
          {text.recentActivities}
        </h2>
        <Link
          to={paths.activity}
          className={cx('rounded text-sm font-medium text-indigo-300 hover:text-indigo-200', focusRing)}
        >
          {text.viewAll}
        </Link>
      </div>
      {activities === undefined ? (
        <div className="space-y-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-12 animate-pulse rounded-lg bg-slate-800/60" />
          ))}
        </div>
      ) : activities.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-400">No moderation activity yet.</p>
      ) : (
        <ul className="space-y-4" aria-label={text.recentActivities}>
          {activities.map((a) => (
            <li key={a.id} className="flex gap-3">
              <span className={cx('mt-1.5 size-2 shrink-0 rounded-full', dots[a.action])} aria-hidden="true" />
              <div className="min-w-0">
                <p className="text-sm text-slate-300">
                  {activityLead(a.action, a.adminName)}{' '}
                  <span className="font-medium break-words text-slate-100">{a.adHeading}</span>
                </p>
                <p className="mt-0.5 text-xs text-slate-400">
                  <time dateTime={a.at}>{formatActivityTime(a.at)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
