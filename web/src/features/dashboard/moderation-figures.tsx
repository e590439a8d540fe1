import { AlarmClock, Hourglass, Timer } from 'lucide-react';
import { activityText as text, formatActivityTime, type ModerationFigures } from '@backoffice/contract';
import { Card, Panel, Th, cx, rowClass, tdClass, theadClass } from '../../components/ui';
import { formatCount } from './dashboard-format';

/** A waiting time in the largest two units that matter: "45 min", "3 h 20 min", "2 days 4 h". */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'Under 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const dayWord = `${days} ${days === 1 ? 'day' : 'days'}`;
  return hours % 24 ? `${dayWord} ${hours % 24} h` : dayWord;
}

function DecisionsPerAdmin({
  rows,
  className,
}: {
  rows: ModerationFigures['decisionsByAdmin'] | undefined;
  className?: string;
}) {
  return (
    <Panel flush role="region" aria-labelledby="decisions-per-admin-title" className={cx('overflow-hidden', className)}>
      <h2 id="decisions-per-admin-title" className="px-5 pt-5 pb-4 text-base font-semibold text-slate-100">
        {text.decisionsPerAdmin}
      </h2>
      {rows === undefined ? (
        <div className="space-y-3 px-5 pb-5" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-8 animate-pulse rounded-lg bg-slate-800/60" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <p className="px-5 pt-2 pb-8 text-center text-sm text-slate-400">No decisions in the last 7 days.</p>
      ) : (
        <table aria-label={text.decisionsPerAdmin} className="w-full text-left text-sm">
          <thead className={theadClass}>
            <tr>
              <Th className="pl-5">Admin</Th>
              <Th className="text-right">Today</Th>
              <Th className="pr-5 text-right">Last 7 days</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.actor._id} className={rowClass}>
                <td className={cx(tdClass, 'pl-5 break-words text-slate-100')}>{row.actor.name}</td>
                <td className={cx(tdClass, 'text-right text-slate-300 tabular-nums')}>{formatCount(row.today)}</td>
                <td className={cx(tdClass, 'pr-5 text-right text-slate-300 tabular-nums')}>
                  {formatCount(row.last7Days)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

/**
 * What a moderation manager asks of the queue: how long the oldest pending ad has waited, how many
 * have waited over a day, how long a decision takes, and who decided how much.
 */
export function ModerationFiguresPanel({
  figures,
  failed,
  asOf,
}: {
  figures: ModerationFigures | undefined;
  failed: boolean;
  /** When the figures arrived: the oldest ad's age is as of then. */
  asOf: number | undefined;
}) {
  const waited =
    figures?.oldestPendingAt && asOf !== undefined ? (asOf - new Date(figures.oldestPendingAt).getTime()) / 1000 : null;
  const median = figures?.medianDecisionSeconds7d ?? null;
  const loading = figures === undefined;
  if (failed && loading) {
    return (
      <section aria-label="Moderation">
        <Panel className="text-sm text-slate-400">Failed to fetch moderation figures</Panel>
      </section>
    );
  }
  return (
    <section aria-label="Moderation" className="grid gap-6 lg:grid-cols-3">
      <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
        <Card
          label={text.oldestPending}
          value={loading ? '…' : waited === null ? '-' : formatDuration(Math.max(0, waited))}
          sub={
            loading
              ? ' '
              : figures.oldestPendingAt
                ? `Since ${formatActivityTime(figures.oldestPendingAt)}`
                : 'No pending ads'
          }
          icon={<Hourglass className="size-5" />}
        />
        <Card
          label={text.pendingOver24h}
          value={loading ? '…' : formatCount(figures.pendingOlderThan24h)}
          sub={loading ? ' ' : 'Waiting more than a day'}
          icon={<AlarmClock className="size-5" />}
        />
        <Card
          label={text.medianDecision}
          value={loading ? '…' : median === null ? '-' : formatDuration(median)}
          sub={loading ? ' ' : median === null ? 'No decisions in 7 days' : 'From submission to decision'}
          icon={<Timer className="size-5" />}
        />
      </div>
      <DecisionsPerAdmin rows={figures?.decisionsByAdmin} className="lg:col-span-2" />
    </section>
  );
}
