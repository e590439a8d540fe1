import { deflateSync } from 'node:zlib';
import { images } from './banner-images';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let c = 0xffffffff;
  for (const byte of body) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE((c ^ 0xffffffff) >>> 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * A real, complete PNG of any size that stays small on disk: one bit per pixel, every pixel black,
 * so the compressed rows are almost nothing (30,000 × 30,000 is about 110 KB). Decoding it would
 * still take width × height × 4 bytes.
 */
export function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc(height * (1 + Math.ceil(width / 8))); // filter byte 0 and black pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The test JPEG with its frame header (SOF0) declaring another size. */
export function jpegDeclaring(width: number, height: number): Buffer {
  const jpeg = images.jpeg();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** The 1×1 GIF with its logical screen declaring another size. */
export function gifScreen(width: number, height: number): Buffer {
  const gif = images.gif();
  gif.writeUInt16LE(width, 6);
  gif.writeUInt16LE(height, 8);
  return gif;
}

/** The 1×1 GIF whose screen stays 1×1 but whose one frame declares another size. */
export function gifFrame(width: number, height: number): Buffer {
  const gif = images.gif();
  const descriptor = gif.indexOf(0x2c, 13);
  gif.writeUInt16LE(width, descriptor + 5);
  gif.writeUInt16LE(height, descriptor + 7);
  return gif;
}

/** The extended WebP with its VP8X canvas declaring another size (24 bits a side). */
export function webpCanvas(width: number, height: number): Buffer {
  const webp = images.webpExtended();
  webp.writeUIntLE(width - 1, 24, 3);
  webp.writeUIntLE(height - 1, 27, 3);
  return webp;
}

/** The lossless WebP declaring another size (14 bits a side, so at most 16,384). */
export function webpLosslessDeclaring(width: number, height: number): Buffer {
  const webp = images.webpLossless();
  const bits = webp.readUInt32LE(21) & ~0xfffffff;
  webp.writeUInt32LE((bits | (width - 1) | ((height - 1) << 14)) >>> 0, 21);
  return webp;
}

/** The lossy WebP declaring another size (14 bits a side). */
export function webpLossyDeclaring(width: number, height: number): Buffer {
  const webp = images.webp();
  webp.writeUInt16LE(width, 26);
  webp.writeUInt16LE(height, 28);
  return webp;
}

/** The extended WebP with its VP8X canvas kept at 4×3 and its VP8 bitstream declaring another size. */
export function webpBitstreamPastCanvas(width: number, height: number): Buffer {
  const webp = images.webpExtended();
  const vp8 = webp.indexOf('VP8 ', 12, 'latin1') + 8;
  webp.writeUInt16LE(width, vp8 + 6);
  webp.writeUInt16LE(height, vp8 + 8);
  return webp;
}

/** An animated WebP on a 1×1 canvas whose one frame (ANMF, holding the lossless test image) declares another size. */
export function webpFramePastCanvas(width: number, height: number): Buffer {
  const chunk = (id: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, 'latin1');
    head.writeUInt32LE(data.length, 4);
    return Buffer.concat([head, data, Buffer.alloc(data.length & 1)]);
  };
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x02; // animation
  const frame = Buffer.alloc(16); // x, y, width-1, height-1 (24 bits each), duration, flags
  frame.writeUIntLE(width - 1, 6, 3);
  frame.writeUIntLE(height - 1, 9, 3);
  const body = Buffer.concat([
    chunk('VP8X', vp8x),
    chunk('ANIM', Buffer.alloc(6)),
    chunk('ANMF', Buffer.concat([frame, images.webpLossless().subarray(12)])),
  ]);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}
