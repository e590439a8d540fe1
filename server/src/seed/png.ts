import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encodes an RGB image as PNG; `pixel(x, y)` returns [r, g, b]. */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 320×240 "photo": a sky-to-ground gradient with a coloured block, varied by `variant`. */
export function demoPhoto(hue: [number, number, number], variant: number): Buffer {
  const [hr, hg, hb] = hue;
  const bx = 40 + ((variant * 53) % 160);
  const by = 80 + ((variant * 31) % 80);
  return encodePng(320, 240, (x, y) => {
    if (x >= bx && x < bx + 110 && y >= by && y < by + 90) {
      const shade = 0.75 + ((x + y) % 20) / 80;
      return [hr * shade, hg * shade, hb * shade].map(Math.round) as [number, number, number];
    }
    const t = y / 240;
    const sky: [number, number, number] = [
      Math.round(40 + 120 * (1 - t) + (variant % 5) * 8),
      Math.round(60 + 110 * (1 - t)),
      Math.round(90 + 130 * (1 - t)),
    ];
    return y > 170 ? [Math.round(hr * 0.35 + 40), Math.round(hg * 0.35 + 50), Math.round(hb * 0.35 + 30)] : sky;
  });
}
