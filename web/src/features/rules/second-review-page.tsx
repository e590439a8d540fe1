import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SECOND_REVIEW_STATES, type SecondReview } from '@backoffice/contract';
import { Banner, PageHeader, Panel, cx, focusRing, useTimedMessage } from '../../components/ui';
import { paths } from '../../lib/paths';
import { RULE_MESSAGE_MS } from './rule-text';
import { SampleRateSetting } from './sample-rate-setting';
import type { SecondReviewState } from './second-review-api';
import { RevealedDecision } from './second-review-item';
import { SecondReviewList } from './second-review-list';

const viewLabels: Record<SecondReviewState, string> = { open: 'Open', disagreed: 'Disagreed', answered: 'Answered' };

function readView(value: string | null): SecondReviewState {
  return (SECOND_REVIEW_STATES as readonly string[]).includes(value ?? '') ? (value as SecondReviewState) : 'open';
}

/**
 * Second review (docs/product.md#second-review): sampled decisions another moderator answers blind,
 * the first decision shown only after the answer; disagreements wait for a senior. The view is in
 * the URL (`?state=`).
 */
export function SecondReviewPage() {
  const [params] = useSearchParams();
  const view = readView(params.get('state'));
  // Answered during this visit: kept in place with the first decision now shown.
  const [answered, setAnswered] = useState<SecondReview[]>([]);
  const message = useTimedMessage(RULE_MESSAGE_MS);
  const justAnswered = new Set(answered.map((r) => r._id));

  return (
    <>
      <PageHeader
        title="Second review"
        description="A share of decisions, checked blind by another moderator."
        actions={
          <Link
            to={paths.rules}
            className={cx('rounded text-sm font-medium text-indigo-300 hover:text-indigo-200', focusRing)}
          >
            Rules
          </Link>
        }
      />
      <div className="mb-4 empty:hidden" aria-live="polite">
        {message.message && <Banner message={message.message} onDismiss={message.clear} />}
      </div>
      <Panel className="mb-4">
        <SampleRateSetting onSaved={(text) => message.show('success', text)} />
      </Panel>
      <Panel flush className="overflow-hidden">
        <nav aria-label="Views" className="flex gap-1 border-b border-slate-800 px-4 py-3">
          {SECOND_REVIEW_STATES.map((s) => (
            <Link
              key={s}
              to={{ search: s === 'open' ? '' : `?state=${s}` }}
              aria-current={view === s ? 'page' : undefined}
              className={cx(
                'rounded-lg px-3 py-1.5 text-sm font-medium',
                focusRing,
                view === s
                  ? 'bg-indigo-500/15 text-indigo-200 ring-1 ring-indigo-500/40'
                  : 'text-slate-400 hover:bg-slate-800 hover:text-slate-100',
              )}
            >
              {viewLabels[s]}
            </Link>
          ))}
        </nav>
        {view === 'open' && answered.length > 0 && (
          <section aria-label="Answered just now" className="divide-y divide-slate-800 border-b border-slate-800">
            {answered.map((r) => (
              <div key={r._id} className="space-y-2 px-5 py-4">
                <h2 className="font-medium text-slate-100">{r.ad.heading}</h2>
                <RevealedDecision review={r} />
              </div>
            ))}
          </section>
        )}
        <SecondReviewList
          key={view}
          view={view}
          hidden={justAnswered}
          onAnswered={(done) => setAnswered((a) => [done, ...a])}
        />
      </Panel>
    </>
  );
}
