/**
 * Images are also served as WebP thumbnails of these widths (never wider than the original):
 * `/uploads/ads/x.png?w=96`. Screens ask for the size they show instead of the full image
 * (docs/decisions/0019-object-storage-and-thumbnails.md).
 */
export const THUMBNAIL_WIDTHS = [96, 480] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

/** The thumbnail of an image URL (as adImageUrl, bannerImageUrl or profilePictureUrl give it). */
export function thumbnailUrl(url: string, width: ThumbnailWidth): string;
export function thumbnailUrl(url: string | null, width: ThumbnailWidth): string | null;
export function thumbnailUrl(url: string | null, width: ThumbnailWidth): string | null {
  return url === null ? null : `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

/** Both thumbnails as a `srcset`, for images whose shown size changes with the screen or its density. */
export function thumbnailSrcSet(url: string | null): string | undefined {
  return url === null ? undefined : THUMBNAIL_WIDTHS.map((w) => `${thumbnailUrl(url, w)} ${w}w`).join(', ');
}
