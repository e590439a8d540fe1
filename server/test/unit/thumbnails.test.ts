import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../src/seed/png';
import { LocalDiskStorage } from '../../src/storage/file-storage';
import { ensureThumbnail, makeThumbnail } from '../../src/storage/thumbnails';
import type { ThumbnailWidth } from '../../src/storage/thumbnail-keys';
import { filesUnder } from '../support/uploaded-files';
import { blackPng, jpegDeclaring } from '../support/image-bombs';

const gradient = (width: number, height: number) => encodePng(width, height, (x, y) => [x % 256, y % 256, 90]);

describe('thumbnails', () => {
  it('are WebP, 96 and 480 px wide, keeping the proportions, and never enlarged', async () => {
    const big = gradient(1200, 600);
    for (const [width, expected] of [
      [96, [96, 48]],
      [480, [480, 240]],
    ] as const) {
      const meta = await sharp((await makeThumbnail(big, width))!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', ...expected]);
    }
    const small = await sharp((await makeThumbnail(gradient(60, 40), 480))!).metadata();
    expect([small.width, small.height]).toEqual([60, 40]);
  });

  it('apply the EXIF orientation: a landscape JPEG tagged "rotate 90°" becomes portrait', async () => {
    // 200 × 100 pixels as stored, shown upright as 100 × 200.
    const jpeg = await sharp(gradient(200, 100)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const meta = await sharp((await makeThumbnail(jpeg, 96))!).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([96, 192, undefined]);
    // Red grows left to right as stored; turned clockwise, it grows top to bottom.
    const { data, info } = await sharp((await makeThumbnail(jpeg, 480))!)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    expect([info.width, info.height]).toEqual([100, 200]);
    expect(at(info.width - 1, 0)).toBeLessThan(40);
    expect(at(0, info.height - 1)).toBeGreaterThan(150);
  });

  it('give null (the placeholder) for a corrupt, a truncated or a non-image file', async () => {
    const png = gradient(300, 200);
    const corrupt = Buffer.from(png);
    corrupt.fill(0x5a, 60, png.length - 20);
    expect(await makeThumbnail(corrupt, 96)).toBeNull();
    expect(await makeThumbnail(png.subarray(0, png.length >> 1), 96)).toBeNull();
    const jpeg = await sharp(gradient(300, 200)).jpeg().toBuffer();
    expect(await makeThumbnail(jpeg.subarray(0, jpeg.length - 200), 96)).toBeNull();
    expect(await makeThumbnail(Buffer.from('<svg onload="alert(1)"/>'), 96)).toBeNull();
  });

  it('refuse a decompression bomb from its headers, before the decoder sees it', async () => {
    expect(await makeThumbnail(blackPng(30_000, 30_000), 96)).toBeNull();
    expect(await makeThumbnail(jpegDeclaring(65_000, 65_000), 96)).toBeNull();
    // 10,001 × 1 is cheap to decode, so the decoder alone would thumbnail it: only the header check
    // (image-sniff.ts, over 10,000 px a side) refuses it.
    const wide = blackPng(10_001, 1);
    expect(await sharp(wide).resize({ width: 96 }).webp().toBuffer()).toBeInstanceOf(Buffer);
    expect(await makeThumbnail(wide, 96)).toBeNull();
  });

  it('are made of originals only, at the listed widths (issue 38.2): anything else is missing and writes nothing', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-thumbs-'));
    try {
      const storage = new LocalDiskStorage(root);
      for (const key of ['ads/x.png', 'thumbs/w480/ads/x.png.webp', 'thumbs/planted.png', 'ads/.hidden.png'])
        await storage.write(key, gradient(200, 100));
      const before = filesUnder(root);
      for (const [key, width] of [
        ['thumbs/w480/ads/x.png.webp', 96],
        ['thumbs/planted.png', 480],
        ['ads/.hidden.png', 96],
        ['ads/x.png', 100],
      ] as const)
        expect(await ensureThumbnail(storage, key, width as ThumbnailWidth), key).toEqual({ kind: 'missing' });
      expect(filesUnder(root)).toEqual(before);
      expect(await ensureThumbnail(storage, 'ads/x.png', 96)).toEqual({ kind: 'stored' });
      expect(filesUnder(root)).toEqual([...before, 'thumbs/w96/ads/x.png.webp'].sort());
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
