import { CLAIM_TTL_MS, adMessages, liveText, type AdClaim } from '@backoffice/contract';
import { recordAudit } from '../../db/audit-repository';
import type { Db, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { actAs } from '../live/live-service';
import * as repo from './claims-repository';

/**
 * A take-over overrides another admin's work, so it is recorded in the ad's history. Plain claims,
 * renewals and releases are working state, like a lock, and are not (docs/decisions/0016-audit-trail.md).
 */
async function recordTakeOver(
  tx: Executor,
  ad: repo.ClaimedAd & { id: string },
  from: { name: string },
  toAdminId: string,
  at: Date,
): Promise<void> {
  await recordAudit(tx, {
    entity: 'ad',
    entityId: ad.id,
    entityLabel: ad.heading,
    advertiserId: ad.userId,
    action: 'claim_taken_over',
    actorId: toAdminId,
    at,
    details: { from: from.name },
  });
}

const isLive = (claim: repo.ClaimedAd['claim'], now: Date) => !!claim && claim.expiresAt.getTime() > now.getTime();

/**
 * Refuses a decision on an ad another admin is reviewing (409 "Being reviewed by NAME"). Runs in
 * the decision's transaction and locks the ad's row, so a claim cannot slip in between.
 */
export async function refuseIfClaimedByOther(tx: Executor, adId: string, adminId: string, now: Date): Promise<void> {
  const ad = await repo.lockClaimedAd(tx, adId);
  if (ad?.claim && ad.claim.adminId !== adminId && isLive(ad.claim, now)) {
    throw new ConflictError(liveText.beingReviewedBy(ad.claim.name));
  }
}

/** Claims on pending ads (docs/decisions/0017-live-queue-and-claims.md). */
export class ClaimsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Claims a pending ad for `adminId` for CLAIM_TTL_MS, or renews the admin's own claim. Another
   * admin's live claim answers 409 unless `takeOver`; an expired one is taken freely.
   */
  async claim(adId: string, admin: { id: string; name: string }, takeOver: boolean): Promise<AdClaim> {
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + CLAIM_TTL_MS);
    await this.db.transaction(async (tx) => {
      const ad = await repo.lockClaimedAd(tx, adId);
      if (!ad) throw new NotFoundError(adMessages.notFound);
      if (ad.status !== 'pending') throw new ConflictError(adMessages.notPending);
      const holder = ad.claim && ad.claim.adminId !== admin.id && isLive(ad.claim, now) ? ad.claim : null;
      if (holder && !takeOver) throw new ConflictError(liveText.beingReviewedBy(holder.name));
      await actAs(tx, admin.id);
      await repo.upsertClaim(tx, adId, admin.id, expiresAt);
      if (holder) await recordTakeOver(tx, { ...ad, id: adId }, holder, admin.id, now);
    });
    return { by: { _id: admin.id, name: admin.name }, expiresAt: expiresAt.toISOString() };
  }

  /** Ends the admin's own claim on the ad (nothing to end is fine). */
  async release(adId: string, adminId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const ad = await repo.lockClaimedAd(tx, adId);
      if (!ad) throw new NotFoundError(adMessages.notFound);
      await actAs(tx, adminId);
      await repo.deleteClaim(tx, adId, adminId);
    });
  }
}

/** For the ads list: the live claims of a page's ads. */
export { liveClaims } from './claims-repository';
