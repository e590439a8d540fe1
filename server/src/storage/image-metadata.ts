import sharp from 'sharp';
import { IMAGE_MAX_PIXELS } from '@backoffice/contract';
import type { ImageType } from './image-sniff';

/**
 * Uploaded originals are stored without what the camera or editor wrote beside the picture: EXIF
 * (GPS position, device, time), XMP, IPTC, comments, embedded thumbnails
 * (docs/decisions/0019-object-storage-and-thumbnails.md). The colour profile stays: it is how the
 * pixels are meant to look, not information about who took them.
 *
 * A file made only of the structures below is stored byte for byte (nothing to take out, no loss).
 * Anything else, including what this list does not know, goes through sharp: EXIF orientation
 * applied to the pixels, the same format written again without metadata.
 */
const PNG_PICTURE = new Set([
  ...['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs', 'hIST'],
  ...['acTL', 'fcTL', 'fdAT'], // APNG frames
]);
const WEBP_PICTURE = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
const GIF_LOOP = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

function pngCarriesMetadata(buf: Buffer): boolean {
  for (let at = 8; at + 8 <= buf.length; at += 12 + buf.readUInt32BE(at))
    if (!PNG_PICTURE.has(buf.toString('latin1', at + 4, at + 8))) return true;
  return false;
}

const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;

/** A JPEG segment that is the picture: tables, frame, scans, JFIF without a thumbnail, ICC, Adobe. */
function jpegSegmentIsPicture(buf: Buffer, marker: number, at: number, length: number): boolean {
  const id = (s: string) => buf.toString('latin1', at + 2, at + 2 + s.length) === s;
  if (isSof(marker) || [0xc4, 0xcc, 0xda, 0xdb, 0xdc, 0xdd].includes(marker)) return true;
  if (marker === 0xe0) return id('JFIF\0') && length === 16 && buf[at + 14] === 0 && buf[at + 15] === 0;
  if (marker === 0xe2) return id('ICC_PROFILE\0');
  if (marker === 0xee) return id('Adobe');
  return false; // APP1 (EXIF, XMP), APP13 (IPTC), COM, any other APPn
}

function jpegCarriesMetadata(buf: Buffer): boolean {
  let at = 2;
  while (at + 2 <= buf.length) {
    while (buf[at + 1] === 0xff) at++;
    const marker = buf[at + 1]!;
    at += 2;
    if (marker === 0xd9) return false;
    if (marker === 0x01) continue;
    const length = buf.readUInt16BE(at);
    if (!jpegSegmentIsPicture(buf, marker, at, length)) return true;
    at += length;
    if (marker !== 0xda) continue;
    // Entropy-coded data up to the next marker that is not a stuffed 0xFF00 or a restart.
    for (;;) {
      const ff = buf.indexOf(0xff, at);
      if (ff < 0 || ff + 1 >= buf.length) return true;
      at = ff + 2;
      if (buf[ff + 1] !== 0x00 && !isRst(buf[ff + 1]!)) {
        at = ff;
        break;
      }
    }
  }
  return true;
}

function gifCarriesMetadata(buf: Buffer): boolean {
  const skipSubBlocks = (at: number) => {
    while (at < buf.length && buf[at] !== 0) at += 1 + buf[at]!;
    return at + 1;
  };
  let at = 13 + (buf[10]! & 0x80 ? 3 * 2 ** ((buf[10]! & 0x07) + 1) : 0);
  while (at < buf.length) {
    const introducer = buf[at]!;
    if (introducer === 0x3b) return false;
    if (introducer === 0x2c) {
      const local = buf[at + 9]!;
      at = skipSubBlocks(at + 11 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0));
      continue;
    }
    const label = buf[at + 1];
    const loop = label === 0xff && buf[at + 2] === 11 && GIF_LOOP.has(buf.toString('latin1', at + 3, at + 14));
    // Only frame timing (graphic control) and the loop count; comments, text, XMP and others are not kept.
    if (introducer !== 0x21 || (label !== 0xf9 && !loop)) return true;
    at = skipSubBlocks(at + 2);
  }
  return true;
}

function webpChunks(buf: Buffer): string[] {
  const ids: string[] = [];
  for (let at = 12; at + 8 <= buf.length;) {
    ids.push(buf.toString('latin1', at, at + 4));
    const size = buf.readUInt32LE(at + 4);
    at += 8 + size + (size & 1);
  }
  return ids;
}

/** True when the file holds anything beyond the picture; for a file sniffImage has accepted. */
export function carriesMetadata(buf: Buffer, type: ImageType): boolean {
  try {
    if (type === 'image/png') return pngCarriesMetadata(buf);
    if (type === 'image/jpeg') return jpegCarriesMetadata(buf);
    if (type === 'image/gif') return gifCarriesMetadata(buf);
    return webpChunks(buf).some((id) => !WEBP_PICTURE.has(id));
  } catch {
    return true; // unreadable here: let the decoder write it again
  }
}

export type StorableImage = { ok: true; data: Buffer } | { ok: false; problem: 'dimensions' | 'decode' };

/**
 * The bytes to store for an upload that passed checkUploadedImage: the same bytes when they carry no
 * metadata, else the picture written again in its own format, upright, without metadata. Animations
 * keep their frames, timing and loop count (sharp cannot turn them, so only a still image is turned
 * by its EXIF orientation), all frames together within IMAGE_MAX_PIXELS. A file the decoder refuses
 * is 'decode', one over the pixel limit 'dimensions'.
 */
export async function storableImage(data: Buffer, type: ImageType): Promise<StorableImage> {
  if (!carriesMetadata(data, type)) return { ok: true, data };
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', animated: true } as const;
  try {
    const { pages = 1 } = await sharp(data, options).metadata();
    const image = sharp(data, options).keepIccProfile();
    if (pages === 1) image.rotate();
    if (type === 'image/jpeg') image.jpeg({ quality: 90 });
    else if (type === 'image/png') image.png();
    else if (type === 'image/gif') image.gif();
    else {
      const chunks = webpChunks(data);
      image.webp(chunks.includes('VP8L') && !chunks.includes('VP8 ') ? { lossless: true } : { quality: 90 });
    }
    return { ok: true, data: await image.toBuffer() };
  } catch (err) {
    return { ok: false, problem: /pixel limit/i.test(String(err)) ? 'dimensions' : 'decode' };
  }
}
