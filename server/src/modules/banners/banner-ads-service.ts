import { randomUUID } from 'node:crypto';
import {
  bannerMessages,
  messages,
  type BannerAd,
  type BannerCreateFields,
  type BannerListQuery,
  type BannerUpdateFields,
} from '@backoffice/contract';
import { changedFields, recordAudit } from '../../domain/audit-writer';
import type { Db } from '../../db/client';
import type { BannerAdRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors';
import type { FileStorage, StagedFile } from '../../storage/file-storage';
import { checkUploadedImage } from '../../storage/image-sniff';
import { storableImage } from '../../storage/image-metadata';
import { stageWithThumbnails } from '../../storage/thumbnails';
import * as repo from './banner-ads-repository';

/** Banner images live under uploads/banner-ads/ (docs/product.md#banner-ads); the row holds the file name only. */
export const BANNER_IMAGE_DIR = 'banner-ads';
export const bannerImageKey = (file: string) => `${BANNER_IMAGE_DIR}/${file}`;
const fileName = (staged: StagedFile) => staged.key.slice(BANNER_IMAGE_DIR.length + 1);

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

const BANNER_FIELDS = [
  'name',
  'description',
  'placement',
  'startDate',
  'endDate',
  'status',
  'image',
] as const satisfies readonly (keyof BannerAdRow)[];

const bannerEntry = (row: BannerAdRow) => ({ entity: 'banner', entityId: row.id, entityLabel: row.name }) as const;

type Log = { warn(obj: object, msg: string): void };

/**
 * Banner ads (docs/product.md#banner-ads, docs/product.md#calls; docs/decisions/0006-banner-ads.md). An image is checked from its bytes and written under a temporary
 * name before the database change; it takes its random final name once the change commits and
 * is removed if the change fails. The file it replaces (or of a deleted banner) is removed only
 * after the change commits.
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

  async create(fields: BannerCreateFields, image: Buffer, actorId: string): Promise<BannerAd> {
    const staged = await this.stageImage(image);
    let row: BannerAdRow;
    try {
      const now = this.clock();
      row = await this.db.transaction(async (tx) => {
        const row = await repo.insertBannerAd(tx, {
          ...fields,
          image: fileName(staged),
          createdAt: now,
          updatedAt: now,
        });
        await recordAudit(tx, { ...bannerEntry(row), action: 'created', actorId, at: now });
        return row;
      });
    } catch (err) {
      await staged.discard();
      throw err;
    }
    await this.publish(staged);
    return toBannerAd(row);
  }

  /** The fields sent are replaced, the others keep their stored values; without a new image the current file stays. */
  async update(id: string, fields: BannerUpdateFields, image: Buffer | null, actorId: string): Promise<BannerAd> {
    const staged = image ? await this.stageImage(image) : null;
    const file = staged ? fileName(staged) : null;
    let result: { row: BannerAdRow; replaced: string | null };
    try {
      result = await this.db.transaction(async (tx) => {
        const current = await repo.lockBannerAd(tx, id);
        if (!current) throw new NotFoundError(bannerMessages.notFound);
        if ((fields.endDate ?? current.endDate) < (fields.startDate ?? current.startDate)) {
          throw new ValidationError(bannerMessages.endBeforeStart, { endDate: bannerMessages.endBeforeStart });
        }
        const row = await repo.updateBannerAd(tx, id, {
          ...fields,
          ...(file ? { image: file } : {}),
          updatedAt: this.clock(),
        });
        const changed = changedFields(current, row, BANNER_FIELDS);
        await recordAudit(tx, {
          ...bannerEntry(row),
          action: 'updated',
          actorId,
          at: row.updatedAt,
          details: { fields: changed },
        });
        return { row, replaced: file && current.image !== file ? current.image : null };
      });
    } catch (err) {
      await staged?.discard();
      throw err;
    }
    if (staged) await this.publish(staged);
    if (result.replaced) await this.removeFiles([result.replaced]);
    return toBannerAd(result.row);
  }

  async delete(id: string, actorId: string): Promise<void> {
    const row = await this.db.transaction(async (tx) => {
      const row = await repo.deleteBannerAd(tx, id);
      if (!row) throw new NotFoundError(bannerMessages.notFound);
      await recordAudit(tx, { ...bannerEntry(row), action: 'deleted', actorId, at: this.clock() });
      return row;
    });
    await this.removeFiles([row.image]);
  }

  /**
   * docs/decisions/0006-banner-ads.md: 415 unless the bytes are a well-formed JPEG, PNG, WebP or GIF of a sane size; written under
   * a random name as a temporary file that only becomes the banner's image once its row commits.
   */
  private async stageImage(image: Buffer): Promise<StagedFile> {
    if (image.length === 0) throw new AppError(415, bannerMessages.imageEmpty, { image: bannerMessages.imageEmpty });
    const checked = checkUploadedImage(image);
    if (!checked.ok) {
      const message = checked.problem === 'dimensions' ? messages.server.imageDimensions : bannerMessages.imageType;
      throw new AppError(415, message, { image: message });
    }
    // Stored without EXIF, GPS and other metadata, turned upright (docs/decisions/0019-object-storage-and-thumbnails.md).
    const storable = await storableImage(image, checked.type);
    if (!storable.ok) {
      const message = storable.problem === 'dimensions' ? messages.server.imageDimensions : bannerMessages.imageType;
      throw new AppError(415, message, { image: message });
    }
    // The 96 and 480 px thumbnails are made now, once, and published with the image.
    return stageWithThumbnails(this.storage, bannerImageKey(`${randomUUID()}.${checked.extension}`), storable.data);
  }

  /**
   * The row has committed: the file takes its final name. Should that fail, the row still stands
   * and the temporary file is complete, so the upload sweep finishes the rename later.
   */
  private async publish(staged: StagedFile): Promise<void> {
    try {
      await staged.commit();
    } catch (err) {
      this.log.warn({ err, key: staged.key }, 'could not publish a banner image; the upload sweep will');
    }
  }

  /** Removes the files no banner refers to; a failure is logged, never undoes a commit. */
  private async removeFiles(files: string[]): Promise<void> {
    try {
      const gone = await repo.unreferencedImages(this.db, files);
      for (const file of gone) await this.storage.remove(bannerImageKey(file));
    } catch (err) {
      this.log.warn({ err, files }, 'could not remove banner image files');
    }
  }
}
