import { fmix32, hashInts, hashString } from './hashing';
import { tokenise } from './text-normalise';
import type { AdText, SignalModule } from './types';

/**
 * `duplicate_text`: a near-duplicate of another ad's heading and details. Each ad gets a MinHash
 * signature over its words (shingles of one word, after text-normalise.ts: case, spacing,
 * character swaps and Singlish spellings folded), which estimates the Jaccard similarity of two
 * ads' word sets. Single words rather than pairs: on the labelled set (bench/signals/) a repost
 * with edited words and reordered sentences kept more of its words than of its word pairs, while
 * two ads of the same model shared about as little of either (docs/decisions/0029-trust-signals.md). Locality-sensitive banding finds the candidates: the signature is cut into
 * BANDS bands of ROWS values, each band hashed to one key; two ads sharing any key are candidates
 * (one indexed lookup of BANDS keys among millions), and the estimate on the whole signature
 * decides. With 32 bands of 4 rows, a pair at similarity 0.6 shares a key with probability
 * 1 − (1 − 0.6⁴)³² ≈ 0.99, at 0.55 ≈ 0.95, at 0.3 ≈ 0.23, at 0.1 ≈ 0.003 (docs/decisions/0029-trust-signals.md).
 */
export const HASHES = 128;
export const BANDS = 32;
export const ROWS = HASHES / BANDS;
/** Estimated Jaccard similarity at or above which two ads are near-duplicates (bench/signals.ts). */
export const TEXT_THRESHOLD = 0.55;
const SHINGLE = 1;

const seeds = Array.from({ length: HASHES }, (_, i) => fmix32(0x5bd1e995 ^ Math.imul(i + 1, 0x27d4eb2d)));

/** The shingles of an ad: its folded words, SHINGLE at a time. */
export function shingles(ad: AdText): Set<string> {
  // Each field on its own (tokens never span the line between them): the risky phrases read the
  // same two tokenisations (text-normalise.ts keeps the last few).
  const words = [...tokenise(ad.heading), ...tokenise(ad.details)].map((t) => t.norm);
  const out = new Set<string>();
  for (let i = 0; i + SHINGLE <= words.length; i++) out.add(words.slice(i, i + SHINGLE).join(' '));
  return out;
}

export function minhash(ad: AdText): Uint32Array {
  const signature = new Uint32Array(HASHES).fill(0xffffffff);
  for (const shingle of shingles(ad)) {
    const x = hashString(shingle);
    for (let i = 0; i < HASHES; i++) {
      const h = fmix32(x ^ seeds[i]!);
      if (h < signature[i]!) signature[i] = h;
    }
  }
  return signature;
}

/**
 * The band keys to store (one row per key in an indexed table) and to look up: integers below
 * 2⁵³, the band's number in the top bits, so that equal values in different bands never meet.
 */
export function textBandKeys(signature: Uint32Array): number[] {
  const keys: number[] = [];
  for (let b = 0; b < BANDS; b++) {
    const rows = signature.subarray(b * ROWS, (b + 1) * ROWS);
    const high = hashInts(rows, 0x1000 + b);
    const low = hashInts(rows, 0x2000 + b) & 0xffff;
    keys.push(b * 2 ** 48 + high * 2 ** 16 + low);
  }
  return keys;
}

/** The estimated Jaccard similarity of two signatures: the share of equal values. */
export function estimatedSimilarity(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let i = 0; i < HASHES; i++) if (a[i] === b[i]) same++;
  return same / HASHES;
}

/** The exact Jaccard similarity of two ads' shingles (for tests and the bench). */
export function jaccard(a: AdText, b: AdText): number {
  const sa = shingles(a);
  const sb = shingles(b);
  let both = 0;
  for (const s of sa) if (sb.has(s)) both++;
  return both / (sa.size + sb.size - both || 1);
}

/** A signature as bytes for a bytea column, and back (little-endian uint32s). */
export function signatureToBytes(signature: Uint32Array): Buffer {
  return Buffer.from(signature.buffer, signature.byteOffset, signature.byteLength);
}
export function signatureFromBytes(bytes: Uint8Array): Uint32Array {
  const copy = new Uint8Array(bytes);
  return new Uint32Array(copy.buffer, 0, copy.byteLength / 4);
}

export interface TextCandidate {
  adId: string;
  signature: Uint32Array;
}
export interface DuplicateTextEvidence {
  duplicates: Array<{ adId: string; similarity: number }>;
}

/** Input: this ad's signature and the ads that share a band key with it (found by the job). */
export const duplicateText: SignalModule<
  { signature: Uint32Array; candidates: TextCandidate[] },
  DuplicateTextEvidence
> = {
  kind: 'duplicate_text',
  detect({ signature, candidates }) {
    const duplicates = candidates
      .map((c) => ({ adId: c.adId, similarity: Math.round(estimatedSimilarity(signature, c.signature) * 100) / 100 }))
      .filter((d) => d.similarity >= TEXT_THRESHOLD)
      .sort((a, b) => b.similarity - a.similarity);
    return duplicates.length
      ? [{ kind: 'duplicate_text', strength: duplicates[0]!.similarity, evidence: { duplicates } }]
      : [];
  },
};
