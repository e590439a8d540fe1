import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '@backoffice/contract';
import { sniffImage, type ImageType } from './image-sniff';

/**
 * The canvas an image asks its decoder to allocate, read from the headers alone (no pixel is
 * decoded): PNG IHDR, the JPEG frame header (SOF), the GIF logical screen and every frame's
 * extent (a frame larger than the screen enlarges the canvas in browsers), the WebP VP8, VP8L or
 * VP8X canvas and the extents of its bitstream and animation frames.
 *
 * Never throws: anything it cannot read is 'unknown', and the structural check (image-sniff.ts)
 * refuses such a file anyway.
 */
export type Dimensions = { width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const has = (buf: Buffer, at: number, bytes: number[]) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...Buffer.from(s, 'latin1')];

class Unreadable extends Error {}

/** Reads with bounds checks; past the end means 'unknown'. */
function reader(buf: Buffer) {
  const check = (at: number, n: number) => {
    if (at < 0 || at + n > buf.length) throw new Unreadable();
  };
  return {
    u8: (at: number) => (check(at, 1), buf[at]!),
    u16be: (at: number) => (check(at, 2), buf.readUInt16BE(at)),
    u16le: (at: number) => (check(at, 2), buf.readUInt16LE(at)),
    u24le: (at: number) => (check(at, 3), buf.readUIntLE(at, 3)),
    u32be: (at: number) => (check(at, 4), buf.readUInt32BE(at)),
    u32le: (at: number) => (check(at, 4), buf.readUInt32LE(at)),
    id: (at: number) => (check(at, 4), buf.toString('latin1', at, at + 4)),
  };
}

type Reader = ReturnType<typeof reader>;

function png(r: Reader): Dimensions {
  if (r.u32be(8) !== 13 || r.id(12) !== 'IHDR') throw new Unreadable();
  return { width: r.u32be(16), height: r.u32be(20) };
}

/** SOF markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpeg(r: Reader, length: number): Dimensions {
  let at = 2;
  while (at < length) {
    if (r.u8(at) !== 0xff) throw new Unreadable();
    while (r.u8(at + 1) === 0xff) at++;
    const marker = r.u8(at + 1);
    at += 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    // A scan or the end before any frame header: no size to read.
    if (marker === 0xda || marker === 0xd9 || marker === 0xd8 || marker === 0x00) throw new Unreadable();
    const segment = r.u16be(at);
    if (segment < 2) throw new Unreadable();
    if (isSof(marker)) return { height: r.u16be(at + 3), width: r.u16be(at + 5) };
    at += segment;
  }
  throw new Unreadable();
}

function gif(r: Reader, length: number): Dimensions {
  let width = r.u16le(6);
  let height = r.u16le(8);
  const packed = r.u8(10);
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const skipSubBlocks = (from: number) => {
    let p = from;
    for (let size = r.u8(p); size !== 0; size = r.u8(p)) p += 1 + size;
    return p + 1;
  };
  while (at < length) {
    const introducer = r.u8(at);
    if (introducer === 0x3b) return { width, height };
    if (introducer === 0x21) {
      r.u8(at + 1);
      at = skipSubBlocks(at + 2);
    } else if (introducer === 0x2c) {
      width = Math.max(width, r.u16le(at + 1) + r.u16le(at + 5));
      height = Math.max(height, r.u16le(at + 3) + r.u16le(at + 7));
      const local = r.u8(at + 9);
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      r.u8(at); // LZW minimum code size
      at = skipSubBlocks(at + 1);
    } else {
      throw new Unreadable();
    }
  }
  throw new Unreadable();
}

function vp8(r: Reader, at: number): Dimensions {
  if (r.u8(at + 3) !== 0x9d || r.u8(at + 4) !== 0x01 || r.u8(at + 5) !== 0x2a) throw new Unreadable();
  return { width: r.u16le(at + 6) & 0x3fff, height: r.u16le(at + 8) & 0x3fff };
}

function vp8l(r: Reader, at: number): Dimensions {
  if (r.u8(at) !== 0x2f) throw new Unreadable();
  const bits = r.u32le(at + 1);
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

function webp(r: Reader, length: number): Dimensions {
  let canvas: Dimensions | null = null;
  const grow = (d: Dimensions) =>
    (canvas = canvas ? { width: Math.max(canvas.width, d.width), height: Math.max(canvas.height, d.height) } : d);
  for (let at = 12; at + 8 <= length;) {
    const id = r.id(at);
    const size = r.u32le(at + 4);
    const data = at + 8;
    if (id === 'VP8 ') grow(vp8(r, data));
    else if (id === 'VP8L') grow(vp8l(r, data));
    else if (id === 'VP8X') grow({ width: r.u24le(data + 4) + 1, height: r.u24le(data + 7) + 1 });
    else if (id === 'ANMF')
      grow({
        width: r.u24le(data) * 2 + r.u24le(data + 6) + 1,
        height: r.u24le(data + 3) * 2 + r.u24le(data + 9) + 1,
      });
    if (!canvas) throw new Unreadable(); // the first chunk must say the size
    at = data + size + (size & 1);
  }
  if (!canvas) throw new Unreadable();
  return canvas;
}

/** The largest canvas the file declares, or 'unknown' when its headers cannot be read. */
export function imageDimensions(buf: Buffer): Dimensions | 'unknown' {
  const r = reader(buf);
  try {
    let d: Dimensions;
    if (has(buf, 0, PNG_SIGNATURE)) d = png(r);
    else if (has(buf, 0, [0xff, 0xd8, 0xff])) d = jpeg(r, buf.length);
    else if (has(buf, 0, ascii('GIF87a')) || has(buf, 0, ascii('GIF89a'))) d = gif(r, buf.length);
    else if (has(buf, 0, ascii('RIFF')) && has(buf, 8, ascii('WEBP'))) d = webp(r, buf.length);
    else return 'unknown';
    return d.width >= 1 && d.height >= 1 ? d : 'unknown';
  } catch (err) {
    if (err instanceof Unreadable) return 'unknown';
    throw err;
  }
}

/** Over the limits: more than IMAGE_MAX_SIDE on a side or more than IMAGE_MAX_PIXELS in all. */
export const tooManyPixels = (d: Dimensions) =>
  d.width > IMAGE_MAX_SIDE || d.height > IMAGE_MAX_SIDE || d.width * d.height > IMAGE_MAX_PIXELS;

export type UploadCheck =
  | { ok: true; type: ImageType; extension: 'png' | 'jpg' | 'gif' | 'webp' }
  | { ok: false; problem: 'type' | 'dimensions' };

/**
 * What every image upload goes through: the declared size first (before the whole file is walked),
 * then the structural check. A file whose size cannot be read is refused as not an image.
 */
export function checkUploadedImage(buf: Buffer): UploadCheck {
  const declared = imageDimensions(buf);
  if (declared !== 'unknown' && tooManyPixels(declared)) return { ok: false, problem: 'dimensions' };
  const sniffed = sniffImage(buf);
  if (!sniffed.ok || declared === 'unknown') return { ok: false, problem: 'type' };
  if (tooManyPixels(sniffed)) return { ok: false, problem: 'dimensions' };
  return { ok: true, type: sniffed.type, extension: sniffed.extension };
}
