import {
  adMessages,
  signalMessages,
  type AdDuplicate,
  type AdSignal,
  type AdSignalsResponse,
  type BlockedPhone,
} from '@backoffice/contract';
import { recordAudit } from '../../db/audit-repository';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { IMAGE_THRESHOLD, imageLookupKeys, photoDistance } from '../../signals/duplicate-image';
import { estimatedSimilarity, signatureFromBytes, TEXT_THRESHOLD, textBandKeys } from '../../signals/duplicate-text';
import { normalisePhone } from '../../signals/phone';
import * as read from './signals-read-repository';
import * as repo from './signals-repository';
import { reanalyseCarrying } from './signals-store-repository';

/** The most near-duplicates one ad's answer lists, most similar first. */
const MAX_DUPLICATES = 50;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** The trust signals' reads and the phone blocklist (docs/decisions/0029-trust-signals.md). */
export class SignalsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async signals(adId: string): Promise<AdSignalsResponse> {
    const row = await read.adSignals(this.db, adId);
    if (!row) throw new NotFoundError(adMessages.notFound);
    return {
      success: true,
      risk: row.risk,
      signals: row.signals as AdSignal[],
      analysedAt: row.analysedAt,
      unreadableImages: row.unreadableImages,
    };
  }

  /**
   * The ad's near-duplicates, earlier and later ones alike: ads sharing a text band key whose
   * signatures agree past TEXT_THRESHOLD, and ads with a photo within IMAGE_THRESHOLD bits of one
   * of this ad's (found through the photo bands). Empty until the ad has been analysed.
   */
  async duplicates(adId: string): Promise<AdDuplicate[]> {
    const own = await read.adFingerprints(this.db, adId);
    if (!own) throw new NotFoundError(adMessages.notFound);
    const found = new Map<string, { similarity: number; via: 'text' | 'image' }>();
    if (own.signature) {
      const signature = signatureFromBytes(own.signature);
      const matches = await repo.textBandMatches(this.db, textBandKeys(signature), [adId]);
      const others = await repo.signatures(this.db, [...new Set(matches.map((m) => m.adId))]);
      for (const [other, bytes] of others) {
        const similarity = estimatedSimilarity(signature, signatureFromBytes(bytes));
        if (similarity >= TEXT_THRESHOLD) found.set(other, { similarity: round2(similarity), via: 'text' });
      }
    }
    if (own.photos.length) {
      const keys = [...new Set(own.photos.flatMap((p) => imageLookupKeys(p.hashes)))];
      const matches = await repo.imageBandMatches(this.db, keys, [adId]);
      const stored = await repo.storedPhotos(this.db, [...new Set(matches.map((m) => m.adId))]);
      for (const photo of stored) {
        if (found.get(photo.adId)?.via === 'text') continue;
        const distance = Math.min(...own.photos.map((p) => photoDistance(p.hashes, photo.hashes)));
        if (distance > IMAGE_THRESHOLD) continue;
        const similarity = round2(1 - distance / 64);
        if ((found.get(photo.adId)?.similarity ?? -1) < similarity) found.set(photo.adId, { similarity, via: 'image' });
      }
    }
    const ranked = [...found].sort((a, b) => b[1].similarity - a[1].similarity).slice(0, MAX_DUPLICATES);
    const ads = new Map(
      (
        await read.adsByIds(
          this.db,
          ranked.map(([id]) => id),
        )
      ).map((a) => [a.id, a]),
    );
    return ranked.flatMap(([id, match]) => {
      const ad = ads.get(id);
      if (!ad) return [];
      const { id: _id, ...rest } = ad;
      return [{ _id, ...rest, ...match }];
    });
  }

  blockedPhones(): Promise<BlockedPhone[]> {
    return read.listBlockedPhones(this.db);
  }

  /** Adds a number in any form (stored in E.164); an unreadable one is a 400 that changes nothing. */
  async block(raw: string, adminId: string): Promise<BlockedPhone> {
    const phone = this.phoneOf(raw);
    return this.db.transaction(async (tx) => {
      const at = this.clock();
      const { row, added } = await read.addBlockedPhone(tx, phone, adminId, at);
      // Pending ads already carrying it are analysed again, and get blocked_phone.
      if (added) await reanalyseCarrying(tx, phone);
      if (added)
        await recordAudit(tx, {
          entity: 'phone',
          entityId: null,
          entityLabel: phone,
          action: 'created',
          actorId: adminId,
          at,
        });
      return row;
    });
  }

  async unblock(raw: string, adminId: string): Promise<void> {
    const phone = this.phoneOf(raw);
    await this.db.transaction(async (tx) => {
      if (!(await read.removeBlockedPhone(tx, phone))) throw new NotFoundError(signalMessages.phoneNotBlocked);
      await reanalyseCarrying(tx, phone);
      await recordAudit(tx, {
        entity: 'phone',
        entityId: null,
        entityLabel: phone,
        action: 'deleted',
        actorId: adminId,
        at: this.clock(),
      });
    });
  }

  private phoneOf(raw: string): string {
    const phone = normalisePhone(raw);
    if (!phone) throw new ValidationError(signalMessages.phoneInvalid, { phone: signalMessages.phoneInvalid });
    return phone;
  }
}
