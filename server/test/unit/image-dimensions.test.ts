import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUploadedImage, imageDimensions, tooManyPixels } from '../../src/storage/image-dimensions';
import { sniffImage } from '../../src/storage/image-sniff';
import { images } from '../support/banner-images';
import {
  blackPng,
  gifFrame,
  gifScreen,
  jpegDeclaring,
  webpCanvas,
  webpLosslessDeclaring,
  webpLossyDeclaring,
} from '../support/image-bombs';

const real = Object.entries(images).map(([name, make]) => [name, make()] as const);

describe('image dimensions from the headers (issue 17: decompression bombs)', () => {
  it.each(real)('reads the size of a real %s as the structural check does', (_, bytes) => {
    const sniffed = sniffImage(bytes);
    if (!sniffed.ok) throw new Error('test image not accepted');
    expect(imageDimensions(bytes)).toEqual({ width: sniffed.width, height: sniffed.height });
  });

  it.each([
    ['a PNG', blackPng(30_000, 30_000), 30_000, 30_000],
    ['a JPEG', jpegDeclaring(65_000, 65_000), 65_000, 65_000],
    ['a GIF screen', gifScreen(65_535, 65_535), 65_535, 65_535],
    ['a GIF frame past a 1×1 screen', gifFrame(60_000, 60_000), 60_000, 60_000],
    ['a WebP VP8X canvas', webpCanvas(16_000_000, 16_000_000), 16_000_000, 16_000_000],
    ['a lossless WebP', webpLosslessDeclaring(16_384, 16_384), 16_384, 16_384],
    ['a lossy WebP', webpLossyDeclaring(16_383, 16_383), 16_383, 16_383],
  ])('reads the huge size %s declares without decoding it', (_, bytes, width, height) => {
    expect(bytes.length).toBeLessThan(200_000);
    expect(imageDimensions(bytes)).toEqual({ width, height });
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

  it('never throws on truncated, corrupted or random bytes; unreadable sizes are refused as not an image', () => {
    const samples = real.map(([, b]) => b);
    const agree = (bytes: Buffer) => {
      const size = imageDimensions(bytes);
      expect(size === 'unknown' || (size.width >= 1 && size.height >= 1)).toBe(true);
      if (size === 'unknown') expect(checkUploadedImage(bytes)).toEqual({ ok: false, problem: 'type' });
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
