/**
 * What an uploaded file really is, from its bytes alone (never its name or declared type), and the
 * canvas it would make a decoder allocate (docs/decisions/0006-banner-ads.md, 0019-object-storage-and-thumbnails.md).
 *
 * Magic bytes are not enough: "a PNG signature followed by a script" starts like a PNG. So each
 * format's container is walked to its end and must account for every byte:
 * - PNG: IHDR first, chunks with valid types, lengths and CRCs, an IDAT, IEND last, nothing after;
 * - JPEG: well-formed marker segments, a frame header before the first scan, entropy-coded data,
 *   EOI last (only zero padding after it);
 * - GIF: screen descriptor, colour tables, extension and image blocks made of sub-blocks, at least
 *   one image, the trailer last, nothing after it;
 * - WebP: chunks filling the RIFF length and the file exactly, VP8, VP8L or VP8X first, every
 *   bitstream header valid.
 * The same walk reads each size a header declares as it reaches it (PNG IHDR, JPEG frame, GIF screen
 * and frames, which browsers honour past the screen, WebP VP8X canvas, bitstreams and animation
 * frames); the canvas is the largest. An upload's walk stops at the first size over the limits, so a
 * decompression bomb is refused before the rest is read. No pixel is decoded; a file that passes is
 * served with its real Content-Type and `nosniff`, so a browser only ever treats it as an image.
 */

import { crc32 } from 'node:zlib';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '@backoffice/contract';

const TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;
type Extension = keyof typeof TYPES;
export type ImageType = (typeof TYPES)[Extension];
type Dimensions = { width: number; height: number };

export type SniffResult =
  ({ ok: true; type: ImageType; extension: Extension } & Dimensions) | { ok: false; reason: string };

class Invalid extends Error {}
class TooLarge extends Error {}

function fail(reason: string): never {
  throw new Invalid(reason);
}

function need(buf: Buffer, end: number, what: string): void {
  if (end > buf.length) fail(`truncated ${what}`);
}

function positive(d: Dimensions): Dimensions {
  if (d.width < 1 || d.height < 1) fail('zero width or height');
  return d;
}

/** Over the limits: more than IMAGE_MAX_SIDE on a side or more than IMAGE_MAX_PIXELS in all. */
export const tooManyPixels = (d: Dimensions) =>
  d.width > IMAGE_MAX_SIDE || d.height > IMAGE_MAX_SIDE || d.width * d.height > IMAGE_MAX_PIXELS;

/** The largest canvas declared so far; an upload's walk ends at the first size over the limits. */
class Canvas {
  width = 0;
  height = 0;
  constructor(private readonly stopOverLimits: boolean) {}
  grow(d: Dimensions): void {
    this.width = Math.max(this.width, d.width);
    this.height = Math.max(this.height, d.height);
    if (this.stopOverLimits && tooManyPixels(this)) throw new TooLarge();
  }
}

const PNG_SIGNATURE = '\x89PNG\r\n\x1a\n';

/** Allowed bit depths by PNG colour type (there is no type 1 or 5). */
const pngDepths = [[1, 2, 4, 8, 16], [], [8, 16], [1, 2, 4, 8], [8, 16], [], [8, 16]];

function parsePng(buf: Buffer, canvas: Canvas): void {
  need(buf, 24, 'PNG header');
  if (buf.readUInt32BE(8) !== 13 || buf.toString('latin1', 12, 16) !== 'IHDR') fail('PNG must start with IHDR');
  canvas.grow(positive({ width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) }));
  let at = PNG_SIGNATURE.length;
  let sawIdat = false;
  for (let index = 0; ; index++) {
    need(buf, at + 12, 'PNG chunk');
    const length = buf.readUInt32BE(at);
    if (length > 0x7fffffff) fail('PNG chunk length out of range');
    const type = buf.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) fail('invalid PNG chunk type');
    const dataEnd = at + 8 + length;
    need(buf, dataEnd + 4, `PNG ${type} chunk`);
    if (crc32(buf.subarray(at + 4, dataEnd)) !== buf.readUInt32BE(dataEnd)) fail(`bad CRC in PNG ${type} chunk`);
    if (index === 0) {
      if (!pngDepths[buf[at + 17]!]?.includes(buf[at + 16]!)) fail('invalid PNG bit depth or colour type');
      if (buf[at + 18] !== 0 || buf[at + 19] !== 0 || buf[at + 20]! > 1) fail('invalid PNG header');
    } else if (type === 'IHDR') {
      fail('repeated IHDR');
    }
    if (type === 'IDAT') sawIdat = true;
    at = dataEnd + 4;
    if (type === 'IEND') {
      if (length !== 0) fail('IEND must be empty');
      if (!sawIdat) fail('PNG without image data');
      if (at !== buf.length) fail('bytes after PNG IEND');
      return;
    }
  }
}

/** SOF markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;

function parseJpeg(buf: Buffer, canvas: Canvas): void {
  let at = 2;
  let framed = false;
  let sawScan = false;
  for (;;) {
    need(buf, at + 2, 'JPEG marker');
    if (buf[at] !== 0xff) fail('expected a JPEG marker');
    // Any number of 0xFF fill bytes may precede a marker.
    while (buf[at + 1] === 0xff) need(buf, ++at + 2, 'JPEG marker');
    const marker = buf[at + 1]!;
    at += 2;
    if (marker === 0xd9) {
      if (!framed || !sawScan) fail('JPEG without a frame or scan');
      // Some encoders pad files with zeros; anything else after EOI is refused.
      for (let i = at; i < buf.length; i++) if (buf[i] !== 0) fail('bytes after JPEG EOI');
      return;
    }
    if (marker === 0x00 || marker === 0xd8 || isRst(marker)) fail('unexpected JPEG marker');
    if (marker === 0x01) continue; // TEM: no length
    need(buf, at + 2, 'JPEG segment length');
    const length = buf.readUInt16BE(at);
    if (length < 2) fail('invalid JPEG segment length');
    if (isSof(marker)) {
      if (framed) fail('repeated JPEG frame header');
      need(buf, at + 7, 'JPEG frame header');
      canvas.grow(positive({ height: buf.readUInt16BE(at + 3), width: buf.readUInt16BE(at + 5) }));
      framed = true;
    }
    need(buf, at + length, 'JPEG segment');
    if (isSof(marker) && (length < 8 || buf[at + 7]! < 1 || length !== 8 + buf[at + 7]! * 3))
      fail('invalid JPEG frame header');
    at += length;
    if (marker !== 0xda) continue;
    // Start of scan: entropy-coded data runs to the next marker other than a stuffed 0xFF00 or RSTn.
    if (!framed) fail('JPEG scan before frame header');
    sawScan = true;
    for (let ff = buf.indexOf(0xff, at); ; ff = buf.indexOf(0xff, ff + 2)) {
      if (ff < 0 || ff + 1 >= buf.length) fail('truncated JPEG scan');
      if (buf[ff + 1] !== 0x00 && !isRst(buf[ff + 1]!)) {
        at = ff;
        break;
      }
    }
  }
}

function skipSubBlocks(buf: Buffer, at: number): number {
  for (;;) {
    need(buf, at + 1, 'GIF data block');
    const size = buf[at]!;
    at += 1 + size;
    if (size === 0) return at;
  }
}

/** Bytes of the colour table a GIF packed field announces. */
const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

function parseGif(buf: Buffer, canvas: Canvas): void {
  need(buf, 13, 'GIF header');
  const screen = { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
  canvas.grow(screen);
  let at = 13 + colourTable(buf[10]!);
  let images = 0;
  for (;;) {
    need(buf, at + 1, 'GIF block');
    const introducer = buf[at]!;
    if (introducer === 0x3b) {
      if (images === 0) fail('GIF without an image');
      if (at + 1 !== buf.length) fail('bytes after GIF trailer');
      positive(screen);
      return;
    }
    if (introducer === 0x21) {
      need(buf, at + 2, 'GIF extension');
      at = skipSubBlocks(buf, at + 2);
    } else if (introducer === 0x2c) {
      need(buf, at + 10, 'GIF image descriptor');
      // A frame reaching past the logical screen: browsers enlarge the canvas to hold it.
      const u16 = (offset: number) => buf.readUInt16LE(at + offset);
      canvas.grow({ width: u16(1) + u16(5), height: u16(3) + u16(7) });
      at += 10 + colourTable(buf[at + 9]!);
      need(buf, at + 1, 'GIF image data');
      const minCodeSize = buf[at]!;
      if (minCodeSize < 2 || minCodeSize > 11) fail('invalid GIF LZW code size');
      at = skipSubBlocks(buf, at + 1);
      images++;
    } else {
      fail('unknown GIF block');
    }
  }
}

function vp8(buf: Buffer, at: number, size: number, canvas: Canvas): void {
  // Frame tag (3 bytes, key frame bit clear), start code 9D 01 2A, then 14-bit width and height.
  if (size < 10) fail('short VP8 chunk');
  if (buf[at + 3] !== 0x9d || buf[at + 4] !== 0x01 || buf[at + 5] !== 0x2a) fail('bad VP8 start code');
  canvas.grow(positive({ width: buf.readUInt16LE(at + 6) & 0x3fff, height: buf.readUInt16LE(at + 8) & 0x3fff }));
  if ((buf[at]! & 0x01) !== 0) fail('VP8 data is not a key frame');
}

function vp8l(buf: Buffer, at: number, size: number, canvas: Canvas): void {
  // Signature 0x2F, then 14-bit width-1 and height-1 and a 3-bit version that must be 0.
  if (size < 5 || buf[at] !== 0x2f) fail('bad VP8L signature');
  const bits = buf.readUInt32LE(at + 1);
  canvas.grow({ width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 });
  if (bits >>> 29 !== 0) fail('unknown VP8L version');
}

/** A 24-bit size field stored minus one (VP8X canvas, ANMF frame). */
const u24plus1 = (buf: Buffer, at: number) => buf.readUIntLE(at, 3) + 1;

/** The bytes at the start of a chunk that hold its sizes: read before the rest of the chunk is required. */
const SIZE_BYTES: Record<string, number> = { 'VP8 ': 10, VP8L: 5, VP8X: 10, ANMF: 12 };

function parseWebp(buf: Buffer, canvas: Canvas): void {
  need(buf, 12, 'RIFF header');
  let first: string | null = null;
  let image = false;
  for (let at = 12; at < buf.length;) {
    need(buf, at + 8, 'WebP chunk header');
    const id = buf.toString('latin1', at, at + 4);
    if (!/^[\x20-\x7e]{4}$/.test(id)) fail('invalid WebP chunk id');
    const size = buf.readUInt32LE(at + 4);
    const data = at + 8;
    at = data + size + (size & 1);
    need(buf, data + Math.min(size, SIZE_BYTES[id] ?? 0), `WebP ${id} chunk`); // the sizes first, then the rest
    first ??= id;
    if (!['VP8 ', 'VP8L', 'VP8X'].includes(first)) fail('WebP must start with VP8, VP8L or VP8X');
    if (id === 'VP8 ') vp8(buf, data, size, canvas);
    else if (id === 'VP8L') vp8l(buf, data, size, canvas);
    else if (id === 'VP8X') {
      if (size < 10) fail('short VP8X chunk');
      canvas.grow({ width: u24plus1(buf, data + 4), height: u24plus1(buf, data + 7) });
    } else if (id === 'ANMF') {
      // Frame offset (stored halved) plus frame size.
      if (size < 16) fail('short ANMF chunk');
      canvas.grow({
        width: buf.readUIntLE(data, 3) * 2 + u24plus1(buf, data + 6),
        height: buf.readUIntLE(data + 3, 3) * 2 + u24plus1(buf, data + 9),
      });
    }
    if (id === 'VP8 ' || id === 'VP8L' || id === 'ANMF') image = true;
    need(buf, at, `WebP ${id} chunk`);
  }
  if (buf.readUInt32LE(4) + 8 !== buf.length) fail('RIFF length does not match the file');
  if (!image) fail('WebP without image data');
}

/** The format the magic bytes name, or null. */
function formatOf(buf: Buffer): Extension | null {
  const is = (text: string, at = 0) => buf.toString('latin1', at, at + text.length) === text;
  if (is(PNG_SIGNATURE)) return 'png';
  if (is('\xff\xd8\xff')) return 'jpg';
  if (is('GIF87a') || is('GIF89a')) return 'gif';
  return is('RIFF') && is('WEBP', 8) ? 'webp' : null;
}

const parsers = { png: parsePng, jpg: parseJpeg, gif: parseGif, webp: parseWebp };

/** The file's type, its structure walked; throws Invalid, or TooLarge as soon as an upload's canvas is over the limits. */
function walk(buf: Buffer, canvas: Canvas): { type: ImageType; extension: Extension } {
  if (buf.length === 0) fail('empty file');
  const extension = formatOf(buf);
  if (!extension) fail('not a JPEG, PNG, GIF or WebP file');
  parsers[extension](buf, canvas);
  return { type: TYPES[extension], extension };
}

/** Identifies a JPEG, PNG, GIF or WebP file by walking its structure; anything else is refused. */
export function sniffImage(buf: Buffer): SniffResult {
  const canvas = new Canvas(false);
  try {
    return { ok: true, ...walk(buf, canvas), width: canvas.width, height: canvas.height };
  } catch (err) {
    if (err instanceof Invalid) return { ok: false, reason: err.message };
    throw err;
  }
}

export type UploadCheck =
  { ok: true; type: ImageType; extension: Extension } | { ok: false; problem: 'type' | 'dimensions' };

/**
 * What every image upload goes through: 'dimensions' as soon as a header declares a canvas over the
 * limits (whatever follows it), else 'type' unless the file is a well-formed JPEG, PNG, WebP or GIF.
 */
export function checkUploadedImage(buf: Buffer): UploadCheck {
  try {
    return { ok: true, ...walk(buf, new Canvas(true)) };
  } catch (err) {
    if (err instanceof TooLarge) return { ok: false, problem: 'dimensions' };
    if (err instanceof Invalid) return { ok: false, problem: 'type' };
    throw err;
  }
}
