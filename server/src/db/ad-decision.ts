import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from './client';
import { advertisements, type AdRow } from './schema';
import { secondReviewRateOf, secondReviewRateValue } from './second-review-sampling';

type Decision = { status: 'approved' | 'rejected'; rejectionReason: string | null; adminId: string | null; at: Date };

const pendingUpdate = (db: Executor, id: string, change: Decision) =>
  db
    .update(advertisements)
    .set({
      status: change.status,
      rejectionReason: change.rejectionReason,
      moderatedAt: change.at,
      moderatedBy: change.adminId,
    })
    .where(and(eq(advertisements.id, id), eq(advertisements.status, 'pending')));

/**
 * The pending guard every decision on an ad goes through (docs/decisions/0014-ad-moderation-rules.md):
 * one conditional update, so of two racing deciders exactly one wins. Kept here, beside the audit
 * writer, because a moderator (the ads module) and a live moderation rule (the rules module,
 * docs/decisions/0030-moderation-rules.md) both decide ads. `adminId` is null when a rule decides.
 */
export async function moderatePending(db: Executor, id: string, change: Decision): Promise<AdRow | undefined> {
  const [row] = await pendingUpdate(db, id, change).returning();
  return row;
}

/**
 * moderatePending for a moderator's decision, which is sampled into second review at the setting's
 * rate (docs/decisions/0030-moderation-rules.md): the rate read by the same statement, a round trip less.
 */
export async function moderatePendingWithSampleRate(
  db: Executor,
  id: string,
  change: Decision,
): Promise<{ row: AdRow; sampleRate: number } | undefined> {
  const [returned] = await pendingUpdate(db, id, change).returning({
    ...getTableColumns(advertisements),
    sampleRate: secondReviewRateValue,
  });
  if (!returned) return undefined;
  const { sampleRate, ...row } = returned;
  return { row, sampleRate: secondReviewRateOf(sampleRate) };
}
