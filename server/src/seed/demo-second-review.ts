import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { secondReviews } from '../db/schema';
import { SecondReviewService } from '../modules/second-review/second-review-service';
import type { DemoModerator } from './demo-moderators';

const HOUR = 3_600_000;

/** A colleague's polite disagreement, by the first decision. */
const DISAGREE_NOTE = {
  approved:
    'I would have checked with the advertiser before approving: the details say little about the condition of the item.',
  rejected:
    'I think this one could have been approved: the details and photos look genuine to me. Could we look at it together?',
} as const;

/**
 * The demo's second reviews (docs/decisions/0030-moderation-rules.md): the month's replay sampled
 * some decisions (a draw of its own, the same on every first start); here colleagues answer the
 * older ones through SecondReviewService, a few hours after each decision: two agree, the third
 * disagrees with a note, the rest stay open, so the screen's Open, Disagreed and Answered lists
 * all have items. The reviewer is a demo moderator other than the decider who was on the team.
 */
export async function answerSecondReviews(db: Db, moderators: DemoModerator[], now: Date): Promise<void> {
  const sampled = await db.select().from(secondReviews).orderBy(asc(secondReviews.decidedAt), asc(secondReviews.id));
  const answers = ['agree', 'agree', 'disagree'] as const;
  // Keep at least two open, whatever the draw gave.
  const answered = sampled.slice(0, Math.min(answers.length, Math.max(0, sampled.length - 2)));
  for (const [i, review] of answered.entries()) {
    const at = Math.min(review.decidedAt.getTime() + (3 + i) * HOUR, now.getTime() - 60_000);
    const reviewer = moderators.find((m) => m.id !== review.decidedBy && m.joinedAt.getTime() < at);
    if (!reviewer) continue;
    const answer = answers[i]!;
    const note = answer === 'disagree' ? DISAGREE_NOTE[review.decision] : undefined;
    await new SecondReviewService(db, () => new Date(at)).answer(review.id, { answer, note }, reviewer.id);
  }
}
