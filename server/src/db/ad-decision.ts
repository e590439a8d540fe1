import { and, eq } from 'drizzle-orm';
import type { Executor } from './client';
import { advertisements, type AdRow } from './schema';

/**
 * The pending guard every decision on an ad goes through (docs/decisions/0014-ad-moderation-rules.md):
 * one conditional update, so of two racing deciders exactly one wins. Kept here, beside the audit
 * writer, because a moderator (the ads module) and a live moderation rule (the rules module,
 * docs/decisions/0030-moderation-rules.md) both decide ads. `adminId` is null when a rule decides.
 */
export async function moderatePending(
  db: Executor,
  id: string,
  change: { status: 'approved' | 'rejected'; rejectionReason: string | null; adminId: string | null; at: Date },
): Promise<AdRow | undefined> {
  const [row] = await db
    .update(advertisements)
    .set({
      status: change.status,
      rejectionReason: change.rejectionReason,
      moderatedAt: change.at,
      moderatedBy: change.adminId,
    })
    .where(and(eq(advertisements.id, id), eq(advertisements.status, 'pending')))
    .returning();
  return row;
}
