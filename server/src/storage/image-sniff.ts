/**
 * docs/decisions/0006-banner-ads.md: what an uploaded file really is, from its bytes alone (never its name or declared type).
 *
 * Magic bytes are not enough: "a PNG signature followed by a script" starts like a PNG. So each
 * format's container is walked to its end and must account for every byte:
 * - PNG: signature, IHDR first, chunks with valid types, lengths and CRCs, at least one IDAT,
 *   IEND last, nothing after it;
 * - JPEG: SOI, well-formed marker segments, a frame header before the first scan, entropy-coded
 *   data, EOI last (only zero padding after it);
 * - GIF: header, screen descriptor, colour tables, extension and image blocks made of sub-blocks,
 *   at least one image, the trailer last, nothing after it;
 * - WebP: RIFF length equal to the file, chunks that fill it exactly, a VP8, VP8L or VP8X
 *   (extended) first chunk with a valid bitstream header.
 * Pixel data is not decoded; a structurally valid file is served with its real Content-Type and
 * `nosniff`, so a browser only ever treats it as an image.
 */

import { crc32 } from 'node:zlib';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export type SniffResult =
  | { ok: true; type: ImageType; extension: 'png' | 'jpg' | 'gif' | 'webp'; width: number; height: number }
  | { ok: false; reason: string };

type Dimensions = { width: number; height: number };

class Invalid extends Error {}

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

// --- PNG -----------------------------------------------------------------------------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Allowed bit depths per PNG colour type. */
const pngDepths: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function parsePng(buf: Buffer): Dimensions {
  let at = PNG_SIGNATURE.length;
  let dims: Dimensions | null = null;
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
      if (type !== 'IHDR' || length !== 13) fail('PNG must start with IHDR');
      const colourType = buf[at + 17]!;
      const depth = buf[at + 16]!;
      if (!pngDepths[colourType]?.includes(depth)) fail('invalid PNG bit depth or colour type');
      if (buf[at + 18] !== 0 || buf[at + 19] !== 0 || buf[at + 20]! > 1) fail('invalid PNG header');
      dims = positive({ width: buf.readUInt32BE(at + 8), height: buf.readUInt32BE(at + 12) });
    } else if (type === 'IHDR') {
      fail('repeated IHDR');
    }
    if (type === 'IDAT') sawIdat = true;
    at = dataEnd + 4;
    if (type === 'IEND') {
      if (length !== 0) fail('IEND must be empty');
      if (!sawIdat) fail('PNG without image data');
      if (at !== buf.length) fail('bytes after PNG IEND');
      return dims!;
    }
  }
}

// --- JPEG ----------------------------------------------------------------------------------

/** SOF markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;

function parseJpeg(buf: Buffer): Dimensions {
  let at = 2;
  let dims: Dimensions | null = null;
  let sawScan = false;
  for (;;) {
    need(buf, at + 2, 'JPEG marker');
    if (buf[at] !== 0xff) fail('expected a JPEG marker');
    // Any number of 0xFF fill bytes may precede a marker.
    while (buf[at + 1] === 0xff) {
      at++;
      need(buf, at + 2, 'JPEG marker');
    }
    const marker = buf[at + 1]!;
    at += 2;
    if (marker === 0xd9) {
      if (!dims || !sawScan) fail('JPEG without a frame or scan');
      // Some encoders pad files with zeros; anything else after EOI is refused.
      for (let i = at; i < buf.length; i++) if (buf[i] !== 0) fail('bytes after JPEG EOI');
      return dims;
    }
    if (marker === 0x00 || marker === 0xd8 || isRst(marker)) fail('unexpected JPEG marker');
    if (marker === 0x01) continue; // TEM: no length
    need(buf, at + 2, 'JPEG segment length');
    const length = buf.readUInt16BE(at);
    if (length < 2) fail('invalid JPEG segment length');
    need(buf, at + length, 'JPEG segment');
    if (isSof(marker)) {
      if (dims) fail('repeated JPEG frame header');
      if (length < 8) fail('short JPEG frame header');
      const components = buf[at + 7]!;
      if (components < 1 || length !== 8 + components * 3) fail('invalid JPEG frame header');
      dims = positive({ height: buf.readUInt16BE(at + 3), width: buf.readUInt16BE(at + 5) });
    }
    at += length;
    if (marker !== 0xda) continue;
    // Start of scan: entropy-coded data runs to the next marker other than a stuffed 0xFF00 or RSTn.
    if (!dims) fail('JPEG scan before frame header');
    sawScan = true;
    for (;;) {
      const ff = buf.indexOf(0xff, at);
      if (ff < 0 || ff + 1 >= buf.length) fail('truncated JPEG scan');
      const next = buf[ff + 1]!;
      if (next === 0x00 || isRst(next)) {
        at = ff + 2;
        continue;
      }
      at = ff;
      break;
    }
  }
}

// --- GIF -----------------------------------------------------------------------------------

function skipSubBlocks(buf: Buffer, at: number): number {
  for (;;) {
    need(buf, at + 1, 'GIF data block');
    const size = buf[at]!;
    at += 1 + size;
    if (size === 0) return at;
  }
}

function parseGif(buf: Buffer): Dimensions {
  need(buf, 13, 'GIF header');
  const dims = positive({ width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) });
  const packed = buf[10]!;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let images = 0;
  for (;;) {
    need(buf, at + 1, 'GIF block');
    const introducer = buf[at]!;
    if (introducer === 0x3b) {
      if (images === 0) fail('GIF without an image');
      if (at + 1 !== buf.length) fail('bytes after GIF trailer');
      return dims;
    }
    if (introducer === 0x21) {
      need(buf, at + 2, 'GIF extension');
      at = skipSubBlocks(buf, at + 2);
    } else if (introducer === 0x2c) {
      need(buf, at + 10, 'GIF image descriptor');
      const local = buf[at + 9]!;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
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

// --- WebP ----------------------------------------------------------------------------------

function vp8Dimensions(buf: Buffer, at: number, size: number): Dimensions {
  // Frame tag (3 bytes, key frame bit clear), start code 9D 01 2A, then 14-bit width and height.
  if (size < 10) fail('short VP8 chunk');
  if ((buf[at]! & 0x01) !== 0) fail('VP8 data is not a key frame');
  if (buf[at + 3] !== 0x9d || buf[at + 4] !== 0x01 || buf[at + 5] !== 0x2a) fail('bad VP8 start code');
  return positive({ width: buf.readUInt16LE(at + 6) & 0x3fff, height: buf.readUInt16LE(at + 8) & 0x3fff });
}

function vp8lDimensions(buf: Buffer, at: number, size: number): Dimensions {
  // Signature 0x2F, then 14-bit width-1 and height-1 and a 3-bit version that must be 0.
  if (size < 5 || buf[at] !== 0x2f) fail('bad VP8L signature');
  const bits = buf.readUInt32LE(at + 1);
  if (bits >>> 29 !== 0) fail('unknown VP8L version');
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

function parseWebp(buf: Buffer): Dimensions {
  need(buf, 12, 'RIFF header');
  if (buf.readUInt32LE(4) + 8 !== buf.length) fail('RIFF length does not match the file');
  const chunks: Array<{ id: string; at: number; size: number }> = [];
  let at = 12;
  while (at < buf.length) {
    need(buf, at + 8, 'WebP chunk header');
    const id = buf.toString('latin1', at, at + 4);
    if (!/^[\x20-\x7e]{4}$/.test(id)) fail('invalid WebP chunk id');
    const size = buf.readUInt32LE(at + 4);
    const end = at + 8 + size + (size & 1);
    need(buf, end, `WebP ${id} chunk`);
    chunks.push({ id, at: at + 8, size });
    at = end;
  }
  const first = chunks[0];
  if (!first) fail('WebP without chunks');
  if (first.id === 'VP8 ') return vp8Dimensions(buf, first.at, first.size);
  if (first.id === 'VP8L') return vp8lDimensions(buf, first.at, first.size);
  if (first.id !== 'VP8X' || first.size < 10) fail('WebP must start with VP8, VP8L or VP8X');
  // Extended format: canvas size (24-bit width-1, height-1), then a bitstream or animation frames.
  const canvas = {
    width: buf.readUIntLE(first.at + 4, 3) + 1,
    height: buf.readUIntLE(first.at + 7, 3) + 1,
  };
  const rest = chunks.slice(1);
  const bitstream = rest.find((c) => c.id === 'VP8 ' || c.id === 'VP8L');
  if (bitstream) {
    if (bitstream.id === 'VP8 ') vp8Dimensions(buf, bitstream.at, bitstream.size);
    else vp8lDimensions(buf, bitstream.at, bitstream.size);
  } else if (!rest.some((c) => c.id === 'ANMF')) {
    fail('WebP without image data');
  }
  return canvas;
}

// --- Entry point ---------------------------------------------------------------------------

const startsWith = (buf: Buffer, bytes: number[] | Buffer, offset = 0) =>
  buf.length >= offset + bytes.length && [...bytes].every((b, i) => buf[offset + i] === b);

const ascii = (s: string) => [...Buffer.from(s, 'latin1')];

/** Identifies a JPEG, PNG, GIF or WebP file by walking its structure; anything else is refused. */
export function sniffImage(buf: Buffer): SniffResult {
  try {
    if (buf.length === 0) return { ok: false, reason: 'empty file' };
    if (startsWith(buf, PNG_SIGNATURE)) return { ok: true, type: 'image/png', extension: 'png', ...parsePng(buf) };
    if (startsWith(buf, [0xff, 0xd8, 0xff]))
      return { ok: true, type: 'image/jpeg', extension: 'jpg', ...parseJpeg(buf) };
    if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a')))
      return { ok: true, type: 'image/gif', extension: 'gif', ...parseGif(buf) };
    if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8))
      return { ok: true, type: 'image/webp', extension: 'webp', ...parseWebp(buf) };
    return { ok: false, reason: 'not a JPEG, PNG, GIF or WebP file' };
  } catch (err) {
    if (err instanceof Invalid) return { ok: false, reason: err.message };
    throw err;
  }
}
