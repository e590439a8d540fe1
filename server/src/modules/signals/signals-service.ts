import {
  adMessages,
  signalMessages,
  type AdDuplicate,
  type AdSignal,
  type AdSignalsResponse,
  type BlockedPhone,
} from '@backoffice/contract';
import { recordAudit } from '../../domain/audit-writer';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { IMAGE_THRESHOLD, photoDistance } from '../../signals/duplicate-image';
import { estimatedSimilarity, signatureFromBytes, TEXT_THRESHOLD } from '../../signals/duplicate-text';
import { normalisePhone } from '../../signals/phone';
import * as read from './signals-read-repository';
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
    const own = await read.duplicateCandidates(this.db, adId);
    if (!own) throw new NotFoundError(adMessages.notFound);
    const signature = own.signature && signatureFromBytes(own.signature);
    const ranked: { id: string; similarity: number; via: 'text' | 'image' }[] = [];
    for (const { id, signature: theirs, photos } of own.candidates) {
      if (signature && theirs) {
        const similarity = estimatedSimilarity(signature, signatureFromBytes(theirs));
        if (similarity >= TEXT_THRESHOLD) {
          ranked.push({ id, similarity: round2(similarity), via: 'text' });
          continue;
        }
      }
      let distance = 64;
      for (const photo of photos)
        for (const mine of own.photos) distance = Math.min(distance, photoDistance(mine, photo));
      if (photos.length && distance <= IMAGE_THRESHOLD)
        ranked.push({ id, similarity: round2(1 - distance / 64), via: 'image' });
    }
    const kept = ranked.sort((a, b) => b.similarity - a.similarity).slice(0, MAX_DUPLICATES);
    // The rows of those that compared close only (an ad deleted meanwhile is left out).
    const rows = await read.duplicateRows(
      this.db,
      kept.map((d) => d.id),
    );
    return kept.flatMap(({ id, similarity, via }) => {
      const row = rows.get(id);
      if (!row) return [];
      const { id: _id, ...rest } = row;
      return [{ _id, ...rest, similarity, via }];
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
