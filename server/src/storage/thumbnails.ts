import sharp from 'sharp';
import { IMAGE_MAX_PIXELS } from '@backoffice/contract';
import { stage, type FileStorage, type StagedFile } from './file-storage';
import { checkUploadedImage } from './image-sniff';
import { isOriginalKey, isThumbnailWidth, THUMBNAIL_WIDTHS, thumbnailKey, type ThumbnailWidth } from './thumbnail-keys';

/** Originals larger than this are not read for a thumbnail (the placeholder is shown instead). */
export const THUMBNAIL_SOURCE_MAX_BYTES = 20 * 1024 * 1024;

// Two images at a time at most: thumbnails share the machine with the requests.
sharp.concurrency(2);
sharp.cache(false);

/**
 * A WebP `width` pixels wide (or the original's width if smaller: never enlarged), turned upright
 * by its EXIF orientation. Null when the bytes are not an image we accept or do not decode: the
 * canvas is checked from the headers first (image-sniff.ts), so a decompression bomb is
 * refused before any pixel is decoded, and the decoder is told the same limit.
 */
export async function makeThumbnail(original: Buffer, width: ThumbnailWidth): Promise<Buffer | null> {
  if (!checkUploadedImage(original).ok) return null;
  try {
    return await sharp(original, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * The original staged with its thumbnails: one commit publishes them all, one discard drops them
 * all. An image that does not decode gets no thumbnails (it is shown as the placeholder).
 */
export async function stageWithThumbnails(storage: FileStorage, key: string, data: Buffer): Promise<StagedFile> {
  const thumbnails = await Promise.all(THUMBNAIL_WIDTHS.map((w) => makeThumbnail(data, w)));
  const staged: StagedFile[] = [];
  try {
    staged.push(await stage(storage, key, data));
    for (const [i, w] of THUMBNAIL_WIDTHS.entries()) {
      const thumb = thumbnails[i];
      if (thumb) staged.push(await stage(storage, thumbnailKey(key, w), thumb));
    }
  } catch (err) {
    await Promise.all(staged.map((s) => s.discard()));
    throw err;
  }
  return {
    key,
    tempKey: staged[0]!.tempKey,
    // The original first: a crash after it leaves only thumbnails for the sweep to finish or remove.
    commit: async () => {
      for (const s of staged) await s.commit();
    },
    discard: async () => {
      await Promise.all(staged.map((s) => s.discard()));
    },
  };
}

let placeholders: Map<number, Buffer> | null = null;

/** A plain grey WebP of the asked width (4:3), shown for an image that cannot be read. */
export async function placeholder(width: ThumbnailWidth): Promise<Buffer> {
  placeholders ??= new Map();
  let image = placeholders.get(width);
  if (!image) {
    image = await sharp({
      create: { width, height: Math.round((width * 3) / 4), channels: 3, background: '#e5e7eb' },
    })
      .webp()
      .toBuffer();
    placeholders.set(width, image);
  }
  return image;
}

export type Thumbnail = { kind: 'stored' } | { kind: 'placeholder'; data: Buffer } | { kind: 'missing' };

const inFlight = new Map<string, Promise<Thumbnail>>();

/**
 * Makes sure the thumbnail of `key` exists (made once, on first request, and kept in storage);
 * 'missing' when there is no original (or `key` is no original: a thumbnail, a temporary file, or a
 * width not listed, none of which is ever made), a placeholder when the original cannot be read.
 */
export function ensureThumbnail(storage: FileStorage, key: string, width: ThumbnailWidth): Promise<Thumbnail> {
  if (!isOriginalKey(key) || !isThumbnailWidth(width)) return Promise.resolve({ kind: 'missing' });
  const target = thumbnailKey(key, width);
  const running = inFlight.get(target);
  if (running) return running;
  const work = (async (): Promise<Thumbnail> => {
    if (await storage.exists(target)) return { kind: 'stored' };
    const original = await storage.read(key);
    if (!original || original === 'not-modified') return { kind: 'missing' };
    if (original.size > THUMBNAIL_SOURCE_MAX_BYTES) {
      original.body.destroy();
      return { kind: 'placeholder', data: await placeholder(width) };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of original.body) chunks.push(chunk as Buffer);
    const thumb = await makeThumbnail(Buffer.concat(chunks), width);
    if (!thumb) return { kind: 'placeholder', data: await placeholder(width) };
    const staged = await stage(storage, target, thumb);
    await staged.commit();
    return { kind: 'stored' };
  })().finally(() => inFlight.delete(target));
  inFlight.set(target, work);
  return work;
}
