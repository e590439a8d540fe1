import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkUploadedImage, sniffImage } from '../../src/storage/image-sniff';
import { hostile, images } from '../support/banner-images';

/** A PNG chunk with a correct CRC, so tests can build structurally odd but checksum-valid files. */
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function ihdr(width: number, height: number, depth = 8, colour = 2): Buffer {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(width, 0);
  d.writeUInt32BE(height, 4);
  d[8] = depth;
  d[9] = colour;
  return pngChunk('IHDR', d);
}
const idat = () => pngChunk('IDAT', deflateSync(Buffer.alloc(3 * 4 + 1)));
const iend = () => pngChunk('IEND', Buffer.alloc(0));

function riff(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

const valid = {
  png: { bytes: images.png(), type: 'image/png', extension: 'png', width: 4, height: 3 },
  jpeg: { bytes: images.jpeg(), type: 'image/jpeg', extension: 'jpg', width: 4, height: 3 },
  gif: { bytes: images.gif(), type: 'image/gif', extension: 'gif', width: 1, height: 1 },
  webp: { bytes: images.webp(), type: 'image/webp', extension: 'webp', width: 4, height: 3 },
  webpLossless: { bytes: images.webpLossless(), type: 'image/webp', extension: 'webp', width: 4, height: 3 },
  webpExtended: { bytes: images.webpExtended(), type: 'image/webp', extension: 'webp', width: 4, height: 3 },
};

describe('sniffImage (docs/decisions/0006-banner-ads.md)', () => {
  it.each(Object.entries(valid))('accepts a real %s with its type and size', (_, v) => {
    expect(sniffImage(v.bytes)).toEqual({
      ok: true,
      type: v.type,
      extension: v.extension,
      width: v.width,
      height: v.height,
    });
  });

  it('accepts a PNG with ancillary chunks and a JPEG padded with zeros after EOI', () => {
    const png = images.png();
    const withText = Buffer.concat([
      png.subarray(0, 33),
      pngChunk('tEXt', Buffer.from('Comment\0Made in Colombo')),
      png.subarray(33),
    ]);
    expect(sniffImage(withText)).toMatchObject({ ok: true, type: 'image/png' });
    expect(sniffImage(Buffer.concat([images.jpeg(), Buffer.alloc(16)]))).toMatchObject({ ok: true });
  });

  it.each(Object.entries(hostile))('refuses %s', (_, make) => {
    expect(sniffImage(make()).ok).toBe(false);
  });

  it.each([
    ['an empty file', Buffer.alloc(0)],
    ['plain text', Buffer.from('hello')],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')],
    ['a BMP', Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)])],
    ['an SVG with an XML prolog', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a JPEG header then script', Buffer.from([0xff, 0xd8, 0xff, ...Buffer.from('<script>alert(1)</script>')])],
    ['a JPEG with script after EOI', Buffer.concat([images.jpeg(), Buffer.from('<script>alert(1)</script>')])],
    ['a JPEG with no frame', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    ['a GIF header then script', Buffer.from('GIF89a/*<script>alert(1)</script>*/')],
    ['a GIF with script after the trailer', Buffer.concat([images.gif(), Buffer.from('<script>')])],
    ['a GIF with no image', Buffer.from('474946383961010001000000003b', 'hex')],
    [
      'a RIFF/WEBP header then script',
      Buffer.concat([Buffer.from('RIFF\x20\x00\x00\x00WEBP'), Buffer.from('<script>x</script>')]),
    ],
    ['a WebP with bytes after its RIFF length', Buffer.concat([images.webp(), Buffer.from('<b>')])],
    ['a WebP whose only chunk is not an image', riff(riffChunk('EXIF', Buffer.alloc(4)))],
    ['a PNG that does not start with IHDR', Buffer.concat([PNG_SIG, idat(), ihdr(4, 3), iend()])],
    ['a PNG without IDAT', Buffer.concat([PNG_SIG, ihdr(4, 3), iend()])],
    ['a PNG of zero width', Buffer.concat([PNG_SIG, ihdr(0, 3), idat(), iend()])],
    ['a PNG with an impossible bit depth', Buffer.concat([PNG_SIG, ihdr(4, 3, 7), idat(), iend()])],
    ['a PNG with two IHDR', Buffer.concat([PNG_SIG, ihdr(4, 3), ihdr(4, 3), idat(), iend()])],
    [
      'a PNG with a non-letter chunk type',
      Buffer.concat([PNG_SIG, ihdr(4, 3), pngChunk('<sc>', Buffer.alloc(2)), idat(), iend()]),
    ],
  ])('refuses %s', (_, bytes) => {
    expect(sniffImage(bytes).ok).toBe(false);
  });

  it('refuses, as uploads, the formats sharp reads besides ours (TIFF, HEIF/AVIF, SVG)', async () => {
    const grey = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#888888' } });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>');
    for (const bytes of [await grey().tiff().toBuffer(), await grey().avif().toBuffer(), svg]) {
      expect((await sharp(bytes).metadata()).width).toBe(4);
      expect(sniffImage(bytes).ok).toBe(false);
      expect(checkUploadedImage(bytes)).toEqual({ ok: false, problem: 'type' });
    }
  });

  it('refuses a PNG whose chunk CRC does not match', () => {
    const png = images.png();
    png[png.length - 20] ^= 0xff; // inside IDAT
    expect(sniffImage(png)).toEqual({ ok: false, reason: 'bad CRC in PNG IDAT chunk' });
  });

  it('refuses a WebP whose VP8 start code is wrong', () => {
    const webp = images.webp();
    webp[23] = 0; // the 9D of 9D 01 2A
    expect(sniffImage(webp).ok).toBe(false);
  });

  it.each(Object.entries(valid))('refuses every truncation of a real %s', (_, v) => {
    for (let length = 0; length < v.bytes.length; length++) {
      const result = sniffImage(v.bytes.subarray(0, length));
      if (result.ok) throw new Error(`accepted the first ${length} of ${v.bytes.length} bytes`);
    }
  });

  it.each(Object.entries(valid))('refuses a real %s followed by any non-zero byte', (_, v) => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (tail) => {
        fc.pre(tail.some((b) => b !== 0));
        expect(sniffImage(Buffer.concat([v.bytes, Buffer.from(tail)])).ok).toBe(false);
      }),
    );
  });

  it('never throws, whatever the bytes (random files and corrupted real images)', () => {
    const real = Object.values(valid).map((v) => v.bytes);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        sniffImage(Buffer.from(bytes));
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: real.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        (which, edits) => {
          const bytes = Buffer.from(real[which]!);
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          const result = sniffImage(bytes);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
    );
  });
});

/** A RIFF chunk (id, little-endian size, data, pad byte). */
function riffChunk(id: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length & 1)]);
}
