import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SECOND_REVIEW_STATES, type SecondReview } from '@backoffice/contract';
import { Banner, PageHeader, Panel, cx, focusRing, useTimedMessage } from '../../components/ui';
import { paths } from '../../lib/paths';
import { RULE_MESSAGE_MS } from './rule-text';
import { SampleRateSetting } from './sample-rate-setting';
import { SECOND_REVIEW_PAGE, useSecondReviewsQuery, type SecondReviewState } from './second-review-api';
import { AnsweredReviewItem, OpenReviewItem, RevealedDecision } from './second-review-item';

const viewLabels: Record<SecondReviewState, string> = { open: 'Open', disagreed: 'Disagreed', answered: 'Answered' };
const emptyText: Record<SecondReviewState, string> = {
  open: 'Nothing to review.',
  disagreed: 'No disagreements waiting for a senior.',
  answered: 'No answered reviews yet.',
};

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
  const list = useSecondReviewsQuery(view, { refetchOnMountOrArgChange: true });
  // Answered during this visit: kept in place with the first decision now shown.
  const [answered, setAnswered] = useState<SecondReview[]>([]);
  const message = useTimedMessage(RULE_MESSAGE_MS);
  const justAnswered = new Set(answered.map((r) => r._id));
  const items = (list.data?.items ?? []).filter((r) => !justAnswered.has(r._id));

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
        {list.isLoading ? (
          <p className="px-5 py-8 text-sm text-slate-400" aria-busy="true">
            Loading…
          </p>
        ) : list.isError && !list.data ? (
          <p className="px-5 py-8 text-sm text-slate-400">The reviews could not be loaded.</p>
        ) : items.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-slate-400">{emptyText[view]}</p>
        ) : (
          <div className="divide-y divide-slate-800">
            {items.map((r) =>
              view === 'open' ? (
                <OpenReviewItem key={r._id} review={r} onAnswered={(done) => setAnswered((a) => [done, ...a])} />
              ) : (
                <AnsweredReviewItem key={r._id} review={r} settleable={view === 'disagreed'} />
              ),
            )}
          </div>
        )}
        {list.data?.next && (
          <p className="border-t border-slate-800 px-5 py-3 text-sm text-slate-400">
            Showing the first {SECOND_REVIEW_PAGE}; answer these to see more.
          </p>
        )}
      </Panel>
    </>
  );
}
