import sharp from 'sharp';

/**
 * A perceptual hash of a photo (pHash): the photo in grey at 32 × 32, its 2-D discrete cosine
 * transform, and one bit per low frequency (the 64 lowest after the mean, in zig-zag order): set
 * when that coefficient is above their median. Re-encoding, resizing and a small overlay move few
 * bits; a different picture moves about half.
 *
 * A crop moves the whole frame, so besides the whole photo's hash (the first) a photo has hashes of
 * its 25 crops to 90 % (a 5 × 5 grid of offsets from 0 to 10 % in steps of 2.5 %): a photo cropped
 * by up to 10 % is then within a few bits of one of the original's crops. (A 3 × 3 grid left the
 * cropped copies up to 10 bits away, where photos of the same car model already are: bench/signals.ts.)
 * One decode per photo: sharp shrinks it to GRID × GRID grey once, and the crops are averaged from that.
 */
const SIZE = 32;
const GRID = 160;
export const CROP_OFFSETS = [0, 0.025, 0.05, 0.075, 0.1] as const;
const CROP = 0.9;

/** The 64 lowest frequencies after the mean (DC), by u + v, then u. */
const frequencies: Array<[number, number]> = [];
for (let s = 1; frequencies.length < 64; s++)
  for (let u = 0; u <= s && frequencies.length < 64; u++) frequencies.push([u, s - u]);
const maxFrequency = Math.max(...frequencies.flat()) + 1;

/** cos((2x + 1)uπ / 2N) for the frequencies used. */
const cosines = Array.from({ length: maxFrequency }, (_, u) =>
  Float64Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))),
);

/** The pHash of a SIZE × SIZE grey picture (row-major), as a 64-bit unsigned bigint. */
export function phashOfPixels(pixels: Float64Array): bigint {
  // Rows first: for each of the picture's rows, its first maxFrequency coefficients along x.
  const rows = new Float64Array(SIZE * maxFrequency);
  for (let y = 0; y < SIZE; y++) {
    for (let v = 0; v < maxFrequency; v++) {
      const c = cosines[v]!;
      let sum = 0;
      for (let x = 0; x < SIZE; x++) sum += pixels[y * SIZE + x]! * c[x]!;
      rows[y * maxFrequency + v] = sum;
    }
  }
  const coefficients = frequencies.map(([u, v]) => {
    const c = cosines[u]!;
    let sum = 0;
    for (let y = 0; y < SIZE; y++) sum += rows[y * maxFrequency + v]! * c[y]!;
    return sum;
  });
  const median = [...coefficients].sort((a, b) => a - b)[32]!;
  let hash = 0n;
  for (let i = 0; i < 64; i++) if (coefficients[i]! > median) hash |= 1n << BigInt(63 - i);
  return hash;
}

/** The summed-area table of a GRID × GRID picture: any rectangle's sum in four reads. */
function integral(grid: Uint8Array): Float64Array {
  const W = GRID + 1;
  const sums = new Float64Array(W * W);
  for (let y = 0; y < GRID; y++) {
    let row = 0;
    for (let x = 0; x < GRID; x++) {
      row += grid[y * GRID + x]!;
      sums[(y + 1) * W + x + 1] = sums[y * W + x + 1]! + row;
    }
  }
  return sums;
}

/** The SIZE × SIZE average of the part of the picture from (x0, y0), `size` wide and high (fractions of it). */
function resample(sums: Float64Array, x0: number, y0: number, size: number): Float64Array {
  const W = GRID + 1;
  const out = new Float64Array(SIZE * SIZE);
  const step = (size * GRID) / SIZE;
  for (let j = 0; j < SIZE; j++) {
    const top = Math.round(y0 * GRID + j * step);
    const bottom = Math.max(top + 1, Math.round(y0 * GRID + (j + 1) * step));
    for (let i = 0; i < SIZE; i++) {
      const left = Math.round(x0 * GRID + i * step);
      const right = Math.max(left + 1, Math.round(x0 * GRID + (i + 1) * step));
      const sum = sums[bottom * W + right]! - sums[top * W + right]! - sums[bottom * W + left]! + sums[top * W + left]!;
      out[j * SIZE + i] = sum / ((bottom - top) * (right - left));
    }
  }
  return out;
}

/** The hashes of a photo: the whole photo first, then its 25 crops to 90 %. */
export async function imageHashes(input: Buffer | string): Promise<bigint[]> {
  const grid = await sharp(input, { failOn: 'none' })
    .rotate()
    .resize(GRID, GRID, { fit: 'fill', fastShrinkOnLoad: true })
    .greyscale()
    .raw()
    .toBuffer();
  const sums = integral(grid);
  const hashes = [phashOfPixels(resample(sums, 0, 0, 1))];
  for (const y of CROP_OFFSETS) for (const x of CROP_OFFSETS) hashes.push(phashOfPixels(resample(sums, x, y, CROP)));
  return hashes;
}

/** The number of bits two hashes differ in. */
export function hamming(a: bigint, b: bigint): number {
  let x = a ^ b;
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}

/** A hash as PostgreSQL's signed bigint (and back), for a bigint column. */
export const toSigned64 = (hash: bigint) => BigInt.asIntN(64, hash);
export const fromSigned64 = (stored: bigint) => BigInt.asUintN(64, stored);
