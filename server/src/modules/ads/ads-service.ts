import {
  adMessages,
  type AdBulkMatchBody,
  type AdBulkMatchResponse,
  type AdBulkStatusBody,
  type AdStatusBody,
  type Advertisement,
  type SignalKind,
} from '@backoffice/contract';
import { recordAudit, recordAuditMany } from '../../domain/audit-writer';
import type { Db, Executor } from '../../db/client';
import { maybeSampleDecision, secondReviewRate } from '../../db/second-review-sampling';
import type { AdRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { AdvertiserOutbox } from '../../messages/advertiser-outbox';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { FileStorage } from '../../storage/file-storage';
import { refuseIfClaimedByOther } from '../claims/claims-service';
import { actAs } from '../../domain/acting-admin';
import { adImageKeys, indexOfImage, type Log } from './ad-images';
import * as repo from './ads-repository';
import * as matching from './ads-matching';

/** Ads decided per transaction by select all matching: short locks, a few transactions per call. */
export const MATCH_CHUNK = 250;

export function toAdvertisement(row: AdRow): Advertisement {
  return {
    _id: row.id,
    title: row.title,
    heading: row.heading,
    details: row.details,
    username: row.username,
    userId: row.userId,
    phone1: row.phone1,
    category: row.category,
    district: row.district,
    price: row.price,
    status: row.status,
    rejectionReason: row.rejectionReason,
    images: row.images,
    postingDate: row.postingDate.toISOString(),
    adType: row.adType,
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
    moderatedBy: row.moderatedBy,
    signals: row.signalKinds as SignalKind[],
    risk: row.risk,
    ruleLabels: row.ruleLabels,
    ruleQueue: row.ruleQueue,
    prioritised: row.rulePriority > 0,
  };
}

/** What every audit entry about this ad says of it. */
const adEntry = (row: AdRow) =>
  ({ entity: 'ad', entityId: row.id, entityLabel: row.heading, advertiserId: row.userId }) as const;

export class AdsService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly log: Log,
    private readonly outbox: AdvertiserOutbox,
    /** Draws whether a decision is sampled into second review (tests pass their own). */
    private readonly random: () => number = Math.random,
  ) {}

  /** docs/decisions/0014-ad-moderation-rules.md: pending → approved, or → rejected with a reason; anything else is a 409. */
  async setStatus(id: string, body: AdStatusBody, adminId: string): Promise<Advertisement> {
    const reason = body.status === 'rejected' ? body.rejectionReason : null;
    const at = this.clock();
    const row = await this.db.transaction(async (tx) => {
      await refuseIfClaimedByOther(tx, id, adminId, at);
      const decided = await repo.moderatePendingWithSampleRate(tx, id, {
        status: body.status,
        rejectionReason: reason,
        adminId,
        at,
      });
      if (!decided) {
        if (await repo.findAd(tx, id)) throw new ConflictError(adMessages.notPending);
        throw new NotFoundError(adMessages.notFound);
      }
      const updated = decided.row;
      // The advertiser's message in the same statement as the audit entry (docs/decisions/0022-advertiser-messages.md).
      const message = { adId: id, userId: updated.userId, kind: body.status, heading: updated.heading, reason };
      await recordAudit(
        tx,
        {
          ...adEntry(updated),
          action: body.status,
          actorId: adminId,
          at,
          rejectionReason: reason,
          submittedAt: updated.postingDate,
        },
        this.outbox.messagesOf([message]),
      );
      await this.sample(tx, [updated], decided.sampleRate);
      return updated;
    });
    this.outbox.afterCommit();
    return toAdvertisement(row);
  }

  /** docs/decisions/0014-ad-moderation-rules.md: each id moderated on its own, in order; one result per id. */
  async bulkStatus(body: AdBulkStatusBody, adminId: string) {
    const change: AdStatusBody =
      body.status === 'approved'
        ? { status: 'approved' }
        : { status: 'rejected', rejectionReason: body.rejectionReason };
    const results: { id: string; ok: boolean; message?: string }[] = [];
    for (const id of new Set(body.ids)) {
      try {
        await this.setStatus(id, change, adminId);
        results.push({ id, ok: true });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ id, ok: false, message: err.message });
      }
    }
    return results;
  }

  /**
   * Select all matching (docs/decisions/0018-exports-and-bulk.md): decides up to `max` pending ads
   * the filter matches, oldest first, MATCH_CHUNK per transaction. Each transaction locks its ads
   * with SKIP LOCKED and decides them with the pending guard, so every ad is decided once: an ad
   * decided elsewhere meanwhile is no longer selected, and counts as failed only if it was locked
   * here and then found decided. `remaining` is what the match still selects afterwards.
   */
  async bulkStatusMatch(body: AdBulkMatchBody, adminId: string): Promise<AdBulkMatchResponse> {
    const reason = body.status === 'rejected' ? body.rejectionReason : null;
    const before = body.before ? new Date(body.before) : undefined;
    const { status: _pending, ...match } = body.match;
    let ok = 0;
    let failed = 0;
    let left = body.max;
    try {
      while (left > 0) {
        const size = Math.min(left, MATCH_CHUNK);
        const at = this.clock();
        const chunk = await this.db.transaction(async (tx) => {
          const ids = await matching.lockPendingMatching(tx, match, before, size, { adminId, now: at });
          const rows = await matching.moderatePendingMany(tx, ids, {
            status: body.status,
            rejectionReason: reason,
            adminId,
            at,
          });
          // As setStatus records each decision, but one statement for all the chunk's entries and
          // their messages: per-row statements made 1,000 ads take 35 s.
          await recordAuditMany(
            tx,
            rows.map((row) => ({
              ...adEntry(row),
              action: body.status,
              actorId: adminId,
              at,
              rejectionReason: reason,
              submittedAt: row.postingDate,
            })),
            this.outbox.messagesOf(
              rows.map((row) => ({
                adId: row.id,
                userId: row.userId,
                kind: body.status,
                heading: row.heading,
                reason,
              })),
            ),
          );
          await this.sample(tx, rows);
          return { locked: ids.length, decided: rows.length };
        });
        ok += chunk.decided;
        failed += chunk.locked - chunk.decided;
        left -= chunk.locked;
        if (chunk.locked < size) break;
      }
    } finally {
      if (ok) this.outbox.afterCommit();
    }
    const remaining = await matching.countPendingMatching(this.db, match, before);
    return { success: true, ok, failed, remaining };
  }

  /**
   * Second review (docs/decisions/0030-moderation-rules.md): each decided row is copied into
   * second_reviews at the `second_review_rate` setting (`rate` when the decision read it already), in
   * the decision's transaction.
   */
  private async sample(tx: Executor, rows: AdRow[], rate?: number): Promise<void> {
    if (!rows.length) return;
    rate ??= await secondReviewRate(tx);
    if (rate <= 0) return;
    for (const row of rows) {
      await maybeSampleDecision(
        tx,
        {
          adId: row.id,
          adHeading: row.heading,
          decision: row.status as 'approved' | 'rejected',
          rejectionReason: row.rejectionReason,
          decidedAt: row.moderatedAt!,
          decidedBy: row.moderatedBy!,
        },
        rate,
        this.random,
      );
    }
  }

  /**
   * Every ad the list's filters match, in its order, `size` per statement (the CSV export), from
   * `from`: where the request's list reads go (ModuleDeps.reader), the primary by default.
   */
  exportBatches(q: Parameters<typeof matching.adBatches>[1], size: number, from: Db = this.db) {
    return matching.adBatches(from, q, size);
  }

  /** Ads the list's filters match within a posting-date range; `from` as for exportBatches. */
  countInRange(q: Parameters<typeof matching.countAdsInRange>[1], from: Db = this.db): Promise<number> {
    return matching.countAdsInRange(from, q);
  }

  /** docs/decisions/0014-ad-moderation-rules.md: keep a subset of the current images; removed files go after the commit. */
  async updateImages(id: string, images: string[], adminId: string): Promise<Advertisement> {
    const { row, removed } = await this.db.transaction(async (tx) => {
      await actAs(tx, adminId);
      const current = await repo.lockAd(tx, id);
      if (!current) throw new NotFoundError(adMessages.notFound);
      const remaining = [...current.images];
      const kept: string[] = [];
      for (const image of images) {
        const at = indexOfImage(remaining, image);
        if (at < 0) throw new ValidationError(adMessages.imagesNotSubset, { images: adMessages.imagesNotSubset });
        kept.push(...remaining.splice(at, 1));
      }
      const row = await repo.setImages(tx, id, kept);
      if (remaining.length) {
        await recordAudit(tx, {
          ...adEntry(current),
          action: 'images_updated',
          actorId: adminId,
          at: this.clock(),
          details: { removed: remaining.length },
        });
      }
      return { row, removed: remaining };
    });
    await this.removeFiles(removed);
    return toAdvertisement(row);
  }

  /** Deletes the ad and (after commit) its image files; its moderation events stay. */
  async delete(id: string, adminId: string): Promise<void> {
    const row = await this.db.transaction(async (tx) => {
      await actAs(tx, adminId);
      const deleted = await repo.deleteAd(tx, id);
      if (!deleted) throw new NotFoundError(adMessages.notFound);
      await recordAudit(
        tx,
        { ...adEntry(deleted), action: 'deleted', actorId: adminId, at: this.clock() },
        this.outbox.messagesOf([
          { adId: id, userId: deleted.userId, kind: 'deleted', heading: deleted.heading, reason: null },
        ]),
      );
      return deleted;
    });
    this.outbox.afterCommit();
    await this.removeFiles(row.images);
  }

  /**
   * Removes the files of the ads area that no ad references any more; a failure is logged, never
   * undoes the commit.
   */
  async removeFiles(paths: string[]): Promise<void> {
    if (!paths.length) return;
    try {
      await removeUnreferencedImages(this.db, this.storage, paths, this.log);
    } catch (err) {
      this.log.warn({ err, paths }, 'could not remove image files');
    }
  }
}

/** Removes the image files of `paths` that no ad references any more (this module's deletes, a deleted user's ads). */
export async function removeUnreferencedImages(db: Db, storage: FileStorage, paths: string[], log: Log): Promise<void> {
  for (const key of await repo.unreferencedImageKeys(db, adImageKeys(paths, log))) await storage.remove(key);
}
