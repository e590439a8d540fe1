import { randomUUID } from 'node:crypto';
import {
  bannerMessages,
  type BannerAd,
  type BannerCreateFields,
  type BannerListQuery,
  type BannerUpdateFields,
} from '@backoffice/contract';
import type { Db } from '../../db/client';
import type { BannerAdRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, NotFoundError } from '../../lib/errors';
import type { FileStorage } from '../../storage/file-storage';
import { sniffImage } from '../../storage/image-sniff';
import * as repo from './banner-ads-repository';

/** Banner images live under uploads/banner-ads/ (spec §2); the row holds the file name only. */
export const BANNER_IMAGE_DIR = 'banner-ads';
export const bannerImageKey = (file: string) => `${BANNER_IMAGE_DIR}/${file}`;

export function toBannerAd(row: BannerAdRow): BannerAd {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    placement: row.placement,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    image: row.image,
    views: row.views,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type Log = { warn(obj: object, msg: string): void };

/**
 * Banner ads (spec §2, §7; D12). An image is checked from its bytes, stored under a random name
 * before the database change, removed again if that change fails, and the file it replaces (or
 * of a deleted banner) is removed only after the change commits.
 */
export class BannerAdsService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly log: Log,
  ) {}

  async list(q: BannerListQuery): Promise<BannerAd[]> {
    return (await repo.listBannerAds(this.db, q)).map(toBannerAd);
  }

  async create(fields: BannerCreateFields, image: Buffer): Promise<BannerAd> {
    const file = await this.storeImage(image);
    try {
      const now = this.clock();
      const row = await repo.insertBannerAd(this.db, { ...fields, image: file, createdAt: now, updatedAt: now });
      return toBannerAd(row);
    } catch (err) {
      await this.removeFiles([file], { unreferencedOnly: false });
      throw err;
    }
  }

  /** Every field is replaced; without a new image the current file stays. */
  async update(id: string, fields: BannerUpdateFields, image: Buffer | null): Promise<BannerAd> {
    const file = image ? await this.storeImage(image) : null;
    let result: { row: BannerAdRow; replaced: string | null };
    try {
      result = await this.db.transaction(async (tx) => {
        const current = await repo.lockBannerAd(tx, id);
        if (!current) throw new NotFoundError(bannerMessages.notFound);
        const row = await repo.updateBannerAd(tx, id, {
          ...fields,
          ...(file ? { image: file } : {}),
          updatedAt: this.clock(),
        });
        return { row, replaced: file && current.image !== file ? current.image : null };
      });
    } catch (err) {
      if (file) await this.removeFiles([file], { unreferencedOnly: false });
      throw err;
    }
    if (result.replaced) await this.removeFiles([result.replaced]);
    return toBannerAd(result.row);
  }

  async delete(id: string): Promise<void> {
    const row = await repo.deleteBannerAd(this.db, id);
    if (!row) throw new NotFoundError(bannerMessages.notFound);
    await this.removeFiles([row.image]);
  }

  /** D12: 415 unless the bytes are a well-formed JPEG, PNG, WebP or GIF; stored under a random name. */
  private async storeImage(image: Buffer): Promise<string> {
    if (image.length === 0) throw new AppError(415, bannerMessages.imageEmpty, { image: bannerMessages.imageEmpty });
    const sniffed = sniffImage(image);
    if (!sniffed.ok) throw new AppError(415, bannerMessages.imageType, { image: bannerMessages.imageType });
    const file = `${randomUUID()}.${sniffed.extension}`;
    try {
      await this.storage.write(bannerImageKey(file), image);
    } catch (err) {
      // A partly written file must not stay behind.
      await this.removeFiles([file], { unreferencedOnly: false });
      throw err;
    }
    return file;
  }

  /** Removes files (by default only those no banner refers to); a failure is logged, never undoes a commit. */
  private async removeFiles(files: string[], opts = { unreferencedOnly: true }): Promise<void> {
    try {
      const gone = opts.unreferencedOnly ? await repo.unreferencedImages(this.db, files) : files;
      for (const file of gone) await this.storage.remove(bannerImageKey(file));
    } catch (err) {
      this.log.warn({ err, files }, 'could not remove banner image files');
    }
  }
}
