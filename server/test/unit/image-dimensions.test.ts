import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUploadedImage, sniffImage, tooManyPixels } from '../../src/storage/image-sniff';
import { images } from '../support/banner-images';
import {
  blackPng,
  gifFrame,
  gifScreen,
  jpegDeclaring,
  webpBitstreamPastCanvas,
  webpCanvas,
  webpFramePastCanvas,
  webpLosslessDeclaring,
  webpLossyDeclaring,
} from '../support/image-bombs';

const real = Object.entries(images).map(([name, make]) => [name, make()] as const);

/** `bytes` with the byte at `at` changed. */
const corrupt = (bytes: Buffer, at: number) => {
  bytes[at] ^= 0xff;
  return bytes;
};
/** `bytes` up to `length` bytes after the first `marker`. */
const cutAfter = (bytes: Buffer, marker: number[], length: number) =>
  bytes.subarray(0, bytes.indexOf(Buffer.from(marker)) + length);

describe('image dimensions from the headers (issue 17: decompression bombs)', () => {
  it.each(real)('accepts a real %s as the structural check does, within the limits', (_, bytes) => {
    const sniffed = sniffImage(bytes);
    if (!sniffed.ok) throw new Error('test image not accepted');
    expect(tooManyPixels(sniffed)).toBe(false);
    expect(checkUploadedImage(bytes)).toEqual({ ok: true, type: sniffed.type, extension: sniffed.extension });
  });

  it.each([
    ['a PNG', blackPng(30_000, 30_000), 30_000, 30_000],
    ['a JPEG', jpegDeclaring(65_000, 65_000), 65_000, 65_000],
    ['a GIF screen', gifScreen(65_535, 65_535), 65_535, 65_535],
    ['a GIF frame past a 1×1 screen', gifFrame(60_000, 60_000), 60_000, 60_000],
    ['a WebP VP8X canvas', webpCanvas(16_000_000, 16_000_000), 16_000_000, 16_000_000],
    ['a lossless WebP', webpLosslessDeclaring(16_384, 16_384), 16_384, 16_384],
    ['a lossy WebP', webpLossyDeclaring(16_383, 16_383), 16_383, 16_383],
    ['a VP8 bitstream past a 4×3 VP8X canvas', webpBitstreamPastCanvas(16_383, 16_383), 16_383, 16_383],
    ['an animated WebP frame past a 1×1 canvas', webpFramePastCanvas(20_000, 20_000), 20_000, 20_000],
  ])('reads the huge size %s declares without decoding it', (_, bytes, width, height) => {
    expect(bytes.length).toBeLessThan(200_000);
    expect(sniffImage(bytes)).toMatchObject({ ok: true, width, height });
    expect(checkUploadedImage(bytes)).toEqual({ ok: false, problem: 'dimensions' });
  });

  it.each([
    ['a PNG cut after its header', blackPng(30_000, 30_000).subarray(0, 33)],
    ['a PNG with its data corrupted', corrupt(blackPng(30_000, 30_000), 60)],
    ['a JPEG cut after its frame header', cutAfter(jpegDeclaring(65_000, 65_000), [0xff, 0xc0], 11)],
    ['a GIF cut after its screen', gifScreen(65_535, 65_535).subarray(0, 13)],
    ['a GIF cut after its frame descriptor', cutAfter(gifFrame(60_000, 60_000), [0x2c], 10)],
    ['a WebP cut after its VP8X canvas', webpCanvas(16_000_000, 16_000_000).subarray(0, 30)],
  ])('refuses %s as too large: the size is read first, whatever follows it', (_, bytes) => {
    expect(sniffImage(bytes).ok).toBe(false);
    expect(checkUploadedImage(bytes)).toEqual({ ok: false, problem: 'dimensions' });
  });

  it('the whole 30,000 × 30,000 PNG is a real, well-formed file of about 110 KB', () => {
    const png = blackPng(30_000, 30_000);
    expect(sniffImage(png)).toMatchObject({ ok: true, width: 30_000, height: 30_000 });
  });

  it.each([
    [10_000, 4_000, false],
    [4_000, 10_000, false],
    [6_400, 6_250, false],
    [10_000, 1, false],
    [10_001, 1, true],
    [1, 10_001, true],
    [6_400, 6_251, true],
    [10_000, 4_001, true],
  ])('%i × %i over the limits: %s', (width, height, over) => {
    expect(tooManyPixels({ width, height })).toBe(over);
    expect(checkUploadedImage(blackPng(width, height)).ok).toBe(!over);
  });

  it('never throws on truncated, corrupted or random bytes, and agrees with the structural check', () => {
    const samples = real.map(([, b]) => b);
    const agree = (bytes: Buffer) => {
      const check = checkUploadedImage(bytes);
      const sniffed = sniffImage(bytes);
      if (sniffed.ok) expect(sniffed.width >= 1 && sniffed.height >= 1).toBe(true);
      if (check.ok) expect(sniffed.ok && !tooManyPixels(sniffed) && sniffed.type === check.type).toBe(true);
      else if (check.problem === 'type') expect(sniffed.ok).toBe(false);
      else expect(!sniffed.ok || tooManyPixels(sniffed)).toBe(true);
    };
    for (const bytes of samples) for (let n = 0; n < bytes.length; n++) agree(bytes.subarray(0, n));
    fc.assert(fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => agree(Buffer.from(bytes))));
    // Random bytes behind each format's signature reach deeper into the parsers.
    const signatures = [
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0xff, 0xd8, 0xff],
      [...Buffer.from('GIF89a')],
      [...Buffer.from('RIFF\0\0\0\0WEBP')],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 256 }), (head, tail) =>
        agree(Buffer.from([...head, ...tail])),
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: samples.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        (which, edits, cut) => {
          const bytes = Buffer.from(samples[which]!);
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          agree(bytes.subarray(0, bytes.length - (cut % bytes.length)));
        },
      ),
    );
  });
});
