/**
 * Thumbnails live in the same storage as their original, under a key derived from it:
 * `ads/x.png` → `thumbs/w96/ads/x.png.webp` (docs/decisions/0019-object-storage-and-thumbnails.md).
 * A separate top-level folder keeps listings of an area (banner-ads/, ads/) to the uploads themselves.
 */
import { THUMBNAIL_WIDTHS, type ThumbnailWidth } from '@backoffice/contract';

export { THUMBNAIL_WIDTHS, type ThumbnailWidth };

export const isThumbnailWidth = (w: number): w is ThumbnailWidth => (THUMBNAIL_WIDTHS as readonly number[]).includes(w);

export const thumbnailKey = (key: string, width: ThumbnailWidth) => `thumbs/w${width}/${key}.webp`;

export const thumbnailKeysOf = (key: string) => THUMBNAIL_WIDTHS.map((w) => thumbnailKey(key, w));

const thumbnailPattern = /^thumbs\/w(\d+)\/(.+)\.webp$/;

/** The original a thumbnail key was made from; null for any other key. */
export function originalOfThumbnail(key: string): string | null {
  const match = thumbnailPattern.exec(key);
  return match && isThumbnailWidth(Number(match[1])) ? match[2]! : null;
}
