import { useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import {
  MAX_SECOND_REVIEW_NOTE,
  formatActivityTime,
  type SecondReview,
  type SecondReviewAnswer,
  type SecondReviewSettleAction,
} from '@backoffice/contract';
import {
  Badge,
  Banner,
  Button,
  SelectField,
  StatusBadge,
  TextAreaField,
  TextField,
  cx,
  focusRing,
} from '../../components/ui';
import { adLink } from '../../lib/activity-format';
import { serverMessage } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { useAnswerSecondReviewMutation, useSettleSecondReviewMutation } from './second-review-api';

const linkClass = cx(
  'inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-300 hover:text-indigo-200',
  focusRing,
);

function AdLink({ review, children }: { review: SecondReview; children: string }) {
  return (
    <Link to={adLink(review.ad._id, review.ad.heading)} className={linkClass}>
      <ExternalLink className="size-3.5" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** The first decision and the second opinion, shown once the review is answered. */
export function RevealedDecision({ review }: { review: SecondReview }) {
  const d = review.decision;
  return (
    <div className="space-y-1 text-sm">
      {d && (
        <p className="flex flex-wrap items-center gap-2 text-slate-300">
          <span className="text-slate-400">First decision:</span>
          <StatusBadge status={d.status} />
          <span>
            by {d.by}, {formatActivityTime(d.at)}
          </span>
        </p>
      )}
      {d?.rejectionReason && <p className="text-slate-400">Reason: {d.rejectionReason}</p>}
      {review.answer && (
        <p className="flex flex-wrap items-center gap-2 text-slate-300">
          <span className="text-slate-400">Second review:</span>
          <Badge tone={review.answer === 'agree' ? 'emerald' : 'rose'}>
            {review.answer === 'agree' ? 'Agreed' : 'Disagreed'}
          </Badge>
          {review.reviewer && <span>by {review.reviewer}</span>}
        </p>
      )}
      {review.note && <p className="text-slate-400">Note: {review.note}</p>}
    </div>
  );
}

/** An open item: the ad without its first decision, Agree or Disagree with an optional note. */
export function OpenReviewItem({
  review,
  onAnswered,
}: {
  review: SecondReview;
  onAnswered: (r: SecondReview) => void;
}) {
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, answering] = useAnswerSecondReviewMutation();
  // Support reads the sample; answering is reviews.answer (docs/decisions/0033-roles.md).
  const canAnswer = useCan('reviews.answer');

  async function send(choice: SecondReviewAnswer) {
    setFailure(null);
    const trimmed = note.trim();
    const result = await answer({ id: review._id, answer: choice, ...(trimmed ? { note: trimmed } : {}) });
    if ('error' in result) setFailure(serverMessage(result.error, 'The answer could not be saved. Try again.'));
    else onAnswered(result.data ?? { ...review, answer: choice, note: trimmed || null });
  }

  return (
    <article aria-label={review.ad.heading} className="space-y-3 px-5 py-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-medium text-slate-100">{review.ad.heading}</h2>
        <span className="text-xs text-slate-400">Sampled {formatActivityTime(review.sampledAt)}</span>
      </header>
      <AdLink review={review}>Open the ad</AdLink>
      {failure && <Banner message={{ tone: 'error', text: failure }} onDismiss={() => setFailure(null)} />}
      {canAnswer && (
        <>
          <TextAreaField
            label="Note (optional)"
            rows={2}
            maxLength={MAX_SECOND_REVIEW_NOTE}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="flex gap-2">
            <Button variant="secondary" disabled={answering.isLoading} onClick={() => send('agree')}>
              Agree
            </Button>
            <Button variant="secondary" disabled={answering.isLoading} onClick={() => send('disagree')}>
              Disagree
            </Button>
          </div>
        </>
      )}
    </article>
  );
}

const settleOptions: { value: SecondReviewSettleAction; label: string }[] = [
  { value: 'deleted', label: 'Deleted the ad' },
  { value: 'messaged', label: 'Messaged the advertiser' },
  { value: 'kept', label: 'Kept the first decision' },
];

/** What a senior did about a disagreement, recorded with "Mark settled" (the ad is deleted first, in the directory). */
function SettleForm({ review }: { review: SecondReview }) {
  const [settle, settling] = useSettleSecondReviewMutation();
  const [action, setAction] = useState<SecondReviewSettleAction>('messaged');
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  async function markSettled() {
    setFailure(null);
    const trimmed = note.trim();
    const result = await settle({ id: review._id, action, ...(trimmed ? { note: trimmed } : {}) });
    if ('error' in result) setFailure(serverMessage(result.error, 'It could not be marked settled. Try again.'));
  }

  return (
    <div className="space-y-2 rounded-lg border border-slate-800 p-3">
      <AdLink review={review}>Open the ad to delete it or message the advertiser</AdLink>
      {failure && <Banner message={{ tone: 'error', text: failure }} onDismiss={() => setFailure(null)} />}
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label="What was done"
          className="w-60"
          value={action}
          options={settleOptions}
          onChange={(v) => setAction(v as SecondReviewSettleAction)}
        />
        <TextField
          label="Settle note (optional)"
          className="min-w-0 flex-1"
          autoComplete="off"
          maxLength={MAX_SECOND_REVIEW_NOTE}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button
          variant="secondary"
          loading={settling.isLoading}
          disabled={settling.isLoading}
          aria-label={`Mark settled: ${review.ad.heading}`}
          onClick={markSettled}
        >
          Mark settled
        </Button>
      </div>
    </div>
  );
}

/** An answered item; a disagreement waiting for a senior also offers their actions. */
export function AnsweredReviewItem({ review, settleable }: { review: SecondReview; settleable: boolean }) {
  const canSettle = useCan('reviews.answer');
  return (
    <article aria-label={review.ad.heading} className="space-y-3 px-5 py-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-medium text-slate-100">{review.ad.heading}</h2>
        {review.answeredAt && (
          <span className="text-xs text-slate-400">Answered {formatActivityTime(review.answeredAt)}</span>
        )}
      </header>
      <RevealedDecision review={review} />
      {review.settledAt && <p className="text-sm text-slate-400">Settled {formatActivityTime(review.settledAt)}</p>}
      {settleable && canSettle && !review.settledAt ? (
        <SettleForm review={review} />
      ) : (
        <AdLink review={review}>Open the ad</AdLink>
      )}
    </article>
  );
}
