import { useState } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_BACKTEST_LIMIT,
  MAX_BACKTEST_LIMIT,
  type Backtest,
  type BacktestFigures,
  type ModerationRule,
} from '@backoffice/contract';
import { Banner, Button, Modal, TextField, cx, focusRing } from '../../components/ui';
import { adLink } from '../../lib/activity-format';
import { serverMessage } from '../../lib/api';
import { ratio } from './rule-text';
import { useBacktestQuery, useCancelBacktestMutation, useStartBacktestMutation } from './rules-api';

/** How often a running backtest is asked for its progress. */
export const BACKTEST_POLL_MS = 1000;

const count = (n: number) => n.toLocaleString('en-LK');
const linkClass = cx('rounded text-indigo-300 hover:text-indigo-200', focusRing);

function Disagreements({ title, items }: { title: string; items: BacktestFigures['disagreements'] }) {
  return (
    <section aria-label={title}>
      <h3 className="text-sm font-medium text-slate-200">
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className="text-slate-400">None.</p>
      ) : (
        <ul className="mt-1 max-h-40 space-y-1 overflow-y-auto">
          {items.map((d) => (
            <li key={d._id} className="flex items-baseline justify-between gap-3">
              <Link to={adLink(d._id, d.heading)} className={cx(linkClass, 'min-w-0 truncate')}>
                {d.heading}
              </Link>
              <span className="shrink-0 text-xs text-slate-400 capitalize">{d.status}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Results({ run }: { run: Backtest }) {
  const figures: [string, string][] = [
    ['Scanned', count(run.scanned)],
    ['Matched', count(run.matched)],
    ['Decided', count(run.decided)],
    ['Precision', ratio(run.precision)],
    ['Recall', ratio(run.recall)],
  ];
  return (
    <>
      <dl className="grid grid-cols-5 gap-2 rounded-lg border border-slate-800 p-3 text-center">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-400">{label}</dt>
            <dd className="text-lg font-semibold text-slate-100 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <Disagreements
        title="Matched, but the moderator decided otherwise"
        items={run.disagreements.filter((d) => d.kind === 'matched')}
      />
      <Disagreements
        title="Not matched, but the moderator did what the rule does"
        items={run.disagreements.filter((d) => d.kind === 'missed')}
      />
    </>
  );
}

/**
 * "Test this rule": a backtest of the rule's current version over the last N decided ads, run by
 * the server in the background; its progress is polled while it runs, Cancel stops it, and the
 * figures and both kinds of disagreement show when it ends.
 */
export function BacktestDialog({ rule, onClose }: { rule: ModerationRule; onClose: () => void }) {
  const running = rule.latestBacktest?.state === 'running' ? rule.latestBacktest : null;
  const [limit, setLimit] = useState(String(DEFAULT_BACKTEST_LIMIT));
  const [limitError, setLimitError] = useState<string | null>(null);
  const [started, setStarted] = useState<Backtest | null>(running);
  const [failure, setFailure] = useState<string | null>(null);
  const [start, starting] = useStartBacktestMutation();
  const [cancel, cancelling] = useCancelBacktestMutation();
  const ids = started ? { ruleId: rule._id, backtestId: started._id } : null;
  // The latest word on the run: an ended answer (a cancel's) stands; else the latest poll of it.
  const latestPoll = useBacktestQuery(ids ?? { ruleId: '', backtestId: '' }, { skip: started?.state !== 'running' });
  const polled = latestPoll.data && latestPoll.data._id === started?._id ? latestPoll.data : null;
  const run = started && started.state !== 'running' ? started : (polled ?? started);
  const isRunning = run?.state === 'running';
  useBacktestQuery(ids ?? { ruleId: '', backtestId: '' }, {
    skip: !ids || !isRunning,
    pollingInterval: BACKTEST_POLL_MS,
  });

  async function begin() {
    const n = Number(limit.trim());
    if (!Number.isInteger(n) || n < 1 || n > MAX_BACKTEST_LIMIT) {
      setLimitError(`Enter a whole number from 1 to ${count(MAX_BACKTEST_LIMIT)}`);
      return;
    }
    setFailure(null);
    const answer = await start({ ruleId: rule._id, limit: n });
    if ('error' in answer) setFailure(serverMessage(answer.error, 'The backtest could not start. Try again.'));
    else setStarted(answer.data);
  }

  async function stop() {
    if (!run) return;
    const answer = await cancel({ ruleId: rule._id, backtestId: run._id });
    if ('error' in answer) setFailure(serverMessage(answer.error, 'The backtest could not be cancelled.'));
    else setStarted(answer.data);
  }

  const progress = run && run.limit > 0 ? Math.min(100, Math.round((run.scanned / run.limit) * 100)) : 0;
  return (
    <Modal
      title={`Test rule “${rule.name}”`}
      onClose={onClose}
      className="max-w-2xl"
      actions={
        <>
          {isRunning && (
            <Button variant="danger" onClick={stop} loading={cancelling.isLoading} disabled={cancelling.isLoading}>
              Cancel backtest
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <p className="text-slate-400">
        Runs the rule over the last decided ads and compares what it would do with the moderators&apos; decisions.
      </p>
      {failure && <Banner message={{ tone: 'error', text: failure }} onDismiss={() => setFailure(null)} />}
      {!isRunning && (
        <div className="flex items-start gap-2">
          <TextField
            label="Decided ads to scan"
            className="w-56"
            inputMode="numeric"
            autoComplete="off"
            value={limit}
            error={limitError}
            onChange={(e) => {
              setLimit(e.target.value);
              setLimitError(null);
            }}
          />
          <Button className="mt-7" onClick={begin} loading={starting.isLoading} disabled={starting.isLoading}>
            {run ? 'Run again' : 'Run backtest'}
          </Button>
        </div>
      )}
      {run && isRunning && (
        <div className="space-y-1.5" aria-live="polite">
          <p className="text-slate-300 tabular-nums">
            Running: {count(run.scanned)} of {count(run.limit)} decided ads scanned
          </p>
          <div
            role="progressbar"
            aria-label="Backtest progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 overflow-hidden rounded-full bg-slate-800"
          >
            <div className="h-full bg-indigo-500 transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}
      {run && !isRunning && (
        <p role="status" className="text-slate-300">
          {run.state === 'done'
            ? `Done: ${count(run.scanned)} decided ads scanned.`
            : run.state === 'cancelled'
              ? `Cancelled after ${count(run.scanned)} decided ads; the figures cover those.`
              : 'The backtest failed. Try again.'}
        </p>
      )}
      {run && (run.state !== 'running' || run.scanned > 0) && <Results run={run} />}
    </Modal>
  );
}
