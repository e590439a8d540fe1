/** Small, fast, seeded 32-bit hashes (MurmurHash3's string loop and finaliser), shared by the MinHash and the band keys. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function hashString(text: string, seed = 0): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    let k = Math.imul(text.charCodeAt(i), 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  return fmix32(h ^ text.length);
}

/** Combines 32-bit values into one 32-bit hash, order mattering. */
export function hashInts(values: ArrayLike<number>, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < values.length; i++) h = fmix32(h ^ Math.imul(values[i]! ^ (i + 1), 0x9e3779b1));
  return h;
}
