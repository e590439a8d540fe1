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

/**
 * A key thumbnails may be made of: an upload itself, never a thumbnail (everything under `thumbs/`,
 * so a thumbnail of a thumbnail is never made) nor a temporary or other dotfile. Made on request
 * by anyone who can see the image, thumbnails are thereby bounded: at most one per original and
 * listed width (docs/decisions/0019-object-storage-and-thumbnails.md).
 */
export function isOriginalKey(key: string): boolean {
  const parts = key.split('/');
  return parts[0] !== 'thumbs' && parts.every((part) => part !== '' && !part.startsWith('.'));
}

const thumbnailPattern = /^thumbs\/w(\d+)\/(.+)\.webp$/;

/** The original a thumbnail key was made from; null for any other key. */
export function originalOfThumbnail(key: string): string | null {
  const match = thumbnailPattern.exec(key);
  return match && isThumbnailWidth(Number(match[1])) ? match[2]! : null;
}
