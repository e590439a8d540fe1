import { CLAIM_TTL_MS, adMessages, liveText, type AdClaim } from '@backoffice/contract';
import { recordAudit } from '../../domain/audit-writer';
import type { Db, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { actAs } from '../../domain/acting-admin';
import * as repo from './claims-repository';

/**
 * The ad's history records who began reviewing it: a claim the admin did not hold (`claimed`), or a
 * take-over of another admin's (`claim_taken_over`, naming them). Renewals and releases (a panel
 * closing, an expiry, a decision) are working state, like a lock, and are not recorded
 * (docs/decisions/0017-live-queue-and-claims.md). A take-over names both admins: `from`/`fromId`
 * the previous holder, `to` the admin who took it.
 */
async function recordClaim(
  tx: Executor,
  ad: repo.ClaimedAd & { id: string },
  from: { adminId: string; name: string } | null,
  to: { id: string; name: string },
  at: Date,
): Promise<void> {
  await recordAudit(tx, {
    entity: 'ad',
    entityId: ad.id,
    entityLabel: ad.heading,
    advertiserId: ad.userId,
    action: from ? 'claim_taken_over' : 'claimed',
    actorId: to.id,
    at,
    // Both admins, as they were called then: the one who held the review and the one who took it.
    ...(from ? { details: { from: from.name, fromId: from.adminId, to: to.name } } : {}),
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
    /** Live claims one admin may hold at once (CLAIMS_PER_ADMIN). */
    private readonly perAdmin: number,
  ) {}

  /**
   * Claims a pending ad for `adminId` for CLAIM_TTL_MS, or renews the admin's own claim. Another
   * admin's live claim answers 409 unless `takeOver`; an expired one is taken freely. A new claim
   * beyond the admin's `perAdmin` live ones answers 409 too.
   */
  async claim(adId: string, admin: { id: string; name: string }, takeOver: boolean): Promise<AdClaim> {
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + CLAIM_TTL_MS);
    await this.db.transaction(async (tx) => {
      await repo.lockAdminClaims(tx, admin.id);
      const ad = await repo.lockClaimedAd(tx, adId);
      if (!ad) throw new NotFoundError(adMessages.notFound);
      if (ad.status !== 'pending') throw new ConflictError(adMessages.notPending);
      const holder = ad.claim && ad.claim.adminId !== admin.id && isLive(ad.claim, now) ? ad.claim : null;
      if (holder && !takeOver) throw new ConflictError(liveText.beingReviewedBy(holder.name));
      const renewal = !!ad.claim && ad.claim.adminId === admin.id && isLive(ad.claim, now);
      if (!renewal && (await repo.countLiveClaims(tx, admin.id, adId, now)) >= this.perAdmin) {
        throw new ConflictError(liveText.claimLimit(this.perAdmin));
      }
      await actAs(tx, admin.id);
      await repo.upsertClaim(tx, adId, admin.id, expiresAt);
      if (!renewal) await recordClaim(tx, { ...ad, id: adId }, holder, admin, now);
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
export function liveClaims(db: Executor, adIds: string[], now: Date): Promise<Map<string, AdClaim>> {
  return repo.liveClaims(db, adIds, now);
}
