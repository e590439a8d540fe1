/**
 * Images are also served as WebP thumbnails of these widths (never wider than the original):
 * `/uploads/ads/x.png?w=96`. Screens ask for the size they show instead of the full image
 * (docs/decisions/0019-object-storage-and-thumbnails.md).
 */
export const THUMBNAIL_WIDTHS = [96, 480] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

/**
 * The thumbnails of one image as the server answers them when images are served from another host
 * (S3_PUBLIC_URL): absolute URLs there, which no `?w=` could be added to.
 */
export interface ImageThumbnails {
  w96: string;
  w480: string;
}

/**
 * An image URL on another host (`https://…`, `//…`), as the server answers them with S3_PUBLIC_URL.
 * Only http(s): a stored path such as `javascript:…` or `data:…` is a path of this server, served
 * under /uploads/, never used as it is.
 */
export function isAbsoluteUrl(url: string): boolean {
  return /^(?:https?:)?\/\//i.test(url);
}

/**
 * The thumbnail of an image URL (as adImageUrl, bannerImageUrl or profilePictureUrl give it): the
 * server's own answer when it sent one, else `?w=` on a path of this server. An absolute URL
 * without thumbnails is shown as it is: a bucket or CDN does not know `?w=`.
 */
export function thumbnailUrl(url: string, width: ThumbnailWidth, thumbnails?: ImageThumbnails | null): string;
export function thumbnailUrl(
  url: string | null,
  width: ThumbnailWidth,
  thumbnails?: ImageThumbnails | null,
): string | null;
export function thumbnailUrl(
  url: string | null,
  width: ThumbnailWidth,
  thumbnails?: ImageThumbnails | null,
): string | null {
  if (url === null) return null;
  if (thumbnails) return thumbnails[`w${width}`];
  if (isAbsoluteUrl(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

/** Both thumbnails as a `srcset`, for images whose shown size changes with the screen or its density. */
export function thumbnailSrcSet(url: string | null, thumbnails?: ImageThumbnails | null): string | undefined {
  if (url === null || (!thumbnails && isAbsoluteUrl(url))) return undefined;
  return THUMBNAIL_WIDTHS.map((w) => `${thumbnailUrl(url, w, thumbnails)} ${w}w`).join(', ');
}
