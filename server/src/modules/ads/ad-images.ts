import { isAbsoluteUrl } from '@backoffice/contract';
import { keyInArea, storageKey } from '../../storage/file-storage';

export type Log = { warn(obj: object, msg: string): void };

/**
 * Where a sent image is in the ad's list: the same string, or else the same stored file
 * (`ads/x.png` and `/uploads/ads/x.png`, as a URL on S3_PUBLIC_URL's host comes back as its key).
 * The entry kept is the stored one, so the list stays as the public site wrote it.
 */
export function indexOfImage(stored: string[], sent: string): number {
  const exact = stored.indexOf(sent);
  if (exact >= 0 || isAbsoluteUrl(sent)) return exact;
  const key = storageKey(sent);
  return key ? stored.findIndex((s) => !isAbsoluteUrl(s) && storageKey(s) === key) : -1;
}

/** Ad images live under uploads/ads/; an ad's list is written by the public site too. */
export const AD_IMAGE_AREA = 'ads';

/**
 * The storage keys of ad image paths that lie in the ads area. Any other path (a banner's file,
 * `../`, an absolute URL) may leave the ad's list but its file is not the ads area's to delete:
 * it is logged and left alone.
 */
export function adImageKeys(paths: string[], log: Log): string[] {
  const keys: string[] = [];
  const foreign: string[] = [];
  for (const p of paths) {
    const key = keyInArea(p, AD_IMAGE_AREA);
    if (key) keys.push(key);
    else foreign.push(p);
  }
  if (foreign.length) log.warn({ paths: foreign }, 'ad image paths outside the ads area: files left alone');
  return keys;
}
