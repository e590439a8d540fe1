import { hamming } from './image-hash';
import type { Signal, SignalModule } from './types';

/**
 * `duplicate_image` and `stolen_image`: a photo that is the same picture as another ad's after
 * re-encoding, resizing, light cropping or a small overlay. Each photo has 26 64-bit pHashes
 * (image-hash.ts: the whole photo, then 25 crops to 90 %). Two photos match when the whole hash of
 * either is within IMAGE_THRESHOLD bits of any hash of the other (a crop's hash against the
 * whole of the other: crops against crops would only add chances of a false match).
 *
 * Banded lookup: each hash is cut into 4 bands of 16 bits; a band's key is its value with the band
 * number and the hash's kind (whole or crop) in the bits above, an integer below 2¹⁹. The keys
 * stored for a photo are its whole hash's 4 (kind 0) and its crops' (kind 1); a new photo looks up
 * its whole hash's bands among both kinds and its crops' among whole hashes only. By pigeonhole,
 * any two hashes within 3 bits share a band, and at 4 bits all but the rare pair with one bit in
 * each band; bench/signals.ts measures the recall of the whole lookup.
 *
 * IMAGE_THRESHOLD: on the tuning split, every edited copy but one (q60, half size, overlay, 10 %
 * crop) was within 4 bits of its original, and no two different photos were nearer than 6, even
 * photos of the same car model (docs/decisions/0029-trust-signals.md).
 */
export const IMAGE_THRESHOLD = 4;
const BAND_BITS = 16;
const BANDS = 64 / BAND_BITS;
const WHOLE = 0;
const CROP = 1;

function bandKey(hash: bigint, band: number, kind: number): number {
  const value = Number((hash >> BigInt(64 - BAND_BITS * (band + 1))) & 0xffffn);
  return ((kind * BANDS + band) << BAND_BITS) | value;
}
const bands = (hash: bigint, kind: number) => Array.from({ length: BANDS }, (_, b) => bandKey(hash, b, kind));

/** The band keys to store for a photo (its hashes as imageHashes returns them, whole first). */
export function imageBandKeys(hashes: readonly bigint[]): number[] {
  const [whole, ...crops] = hashes;
  return [...new Set([...bands(whole!, WHOLE), ...crops.flatMap((h) => bands(h, CROP))])];
}

/** The band keys to look up for a new photo: a stored photo sharing one is a candidate. */
export function imageLookupKeys(hashes: readonly bigint[]): number[] {
  const [whole, ...crops] = hashes;
  return [...new Set([...bands(whole!, WHOLE), ...bands(whole!, CROP), ...crops.flatMap((h) => bands(h, WHOLE))])];
}

/** The distance of two photos: the nearest of either's whole hash to any hash of the other. */
export function photoDistance(a: readonly bigint[], b: readonly bigint[]): number {
  let best = 64;
  for (const h of b) best = Math.min(best, hamming(a[0]!, h));
  for (const h of a) best = Math.min(best, hamming(h, b[0]!));
  return best;
}

export interface PhotoRef {
  adId: string;
  /** The photo's place in its ad (0 = the first photo). */
  image: number;
  hashes: readonly bigint[];
}
export interface ImageCandidate extends PhotoRef {
  advertiserId: string;
  /** The other ad's contact number, normalised (phone.ts). */
  phone?: string | null;
}
export interface DuplicateImageInput {
  advertiserId: string;
  phone?: string | null;
  photos: Array<Omit<PhotoRef, 'adId'>>;
  /** Photos of other ads that share a band key with one of this ad's photos. */
  candidates: ImageCandidate[];
}
export interface ImageMatch {
  image: number;
  otherAdId: string;
  otherImage: number;
  distance: number;
}

/**
 * The same advertiser reposting a photo is a `duplicate_image`; the same photo under another
 * advertiser (and another phone) is a `stolen_image`, a scam's habit. A shared phone means one
 * seller behind two accounts: a repost, not a theft.
 */
export const duplicateImage: SignalModule<DuplicateImageInput, { matches: ImageMatch[] }> = {
  kind: 'duplicate_image',
  detect({ advertiserId, phone, photos, candidates }) {
    const same: ImageMatch[] = [];
    const stolen: ImageMatch[] = [];
    for (const photo of photos) {
      for (const c of candidates) {
        const distance = photoDistance(photo.hashes, c.hashes);
        if (distance > IMAGE_THRESHOLD) continue;
        const match = { image: photo.image, otherAdId: c.adId, otherImage: c.image, distance };
        const ours = c.advertiserId === advertiserId || (!!phone && c.phone === phone);
        (ours ? same : stolen).push(match);
      }
    }
    const signals: Signal<{ matches: ImageMatch[] }>[] = [];
    if (same.length) signals.push({ kind: 'duplicate_image', evidence: { matches: same } });
    if (stolen.length) signals.push({ kind: 'stolen_image', evidence: { matches: stolen } });
    return signals;
  },
};
