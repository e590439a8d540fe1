import { useState } from 'react';
import type { SecondReview } from '@backoffice/contract';
import { Button } from '../../components/ui';
import { useSecondReviewsQuery, type SecondReviewState } from './second-review-api';
import { AnsweredReviewItem, OpenReviewItem } from './second-review-item';

const emptyText: Record<SecondReviewState, string> = {
  open: 'Nothing to review.',
  disagreed: 'No disagreements waiting for a senior.',
  answered: 'No answered reviews yet.',
};

interface ListProps {
  view: SecondReviewState;
  /** Answered during this visit: shown revealed above the list instead. */
  hidden: ReadonlySet<string>;
  onAnswered: (review: SecondReview) => void;
}

/** One page of a view; the last page shown offers the next one. */
function ReviewPage(
  props: ListProps & { after?: string; first: boolean; last: boolean; onMore: (next: string) => void },
) {
  const { view, first } = props;
  const page = useSecondReviewsQuery({ state: view, after: props.after }, { refetchOnMountOrArgChange: true });
  const items = (page.data?.items ?? []).filter((r) => !props.hidden.has(r._id));
  const next = page.data?.next ?? null;
  if (page.isLoading)
    return (
      <p className="px-5 py-8 text-sm text-slate-400" aria-busy="true">
        Loading…
      </p>
    );
  if (page.isError && !page.data)
    return <p className="px-5 py-8 text-sm text-slate-400">The reviews could not be loaded.</p>;
  if (first && items.length === 0 && !next)
    return <p className="px-5 py-8 text-center text-sm text-slate-400">{emptyText[view]}</p>;
  return (
    <>
      {items.map((r) =>
        view === 'open' ? (
          <OpenReviewItem key={r._id} review={r} onAnswered={props.onAnswered} />
        ) : (
          <AnsweredReviewItem key={r._id} review={r} settleable={view === 'disagreed'} />
        ),
      )}
      {props.last && next && (
        <div className="px-5 py-3">
          <Button variant="secondary" size="sm" onClick={() => props.onMore(next)}>
            Show more
          </Button>
        </div>
      )}
    </>
  );
}

/** The items of a view, a page at a time (keyset paging: `after` the last item shown). */
export function SecondReviewList(props: ListProps) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <div className="divide-y divide-slate-800">
      {cursors.map((after, i) => (
        <ReviewPage
          key={after ?? 'first'}
          {...props}
          after={after}
          first={i === 0}
          last={i === cursors.length - 1}
          onMore={(next) => setCursors((list) => [...list, next])}
        />
      ))}
    </div>
  );
}
