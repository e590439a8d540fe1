import sharp from 'sharp';
import type { Random } from './random';

/**
 * Generated photos with real structure for a perceptual hash: a gradient background and a scene of
 * random shapes, drawn as SVG by sharp. A "model" (a car model, say) is a fixed silhouette in a
 * fixed colour; two photos of the same model share it, placed a little differently on a different
 * background with different surroundings: the clean look-alikes that must not match.
 */
export interface Model {
  colour: string;
  body: Array<{ x: number; y: number; w: number; h: number; rx: number }>;
  wheels: Array<{ x: number; y: number; r: number }>;
}

const W = 800;
const H = 600;
const colour = (r: Random) => `rgb(${r.int(0, 255)},${r.int(0, 255)},${r.int(0, 255)})`;

export function makeModel(r: Random): Model {
  const w = r.int(320, 460);
  const h = r.int(90, 140);
  return {
    colour: colour(r),
    body: [
      { x: 0, y: 0, w, h, rx: r.int(10, 40) },
      { x: r.int(40, 100), y: -r.int(60, 90), w: r.int(150, 220), h: r.int(70, 100), rx: r.int(10, 30) },
    ],
    wheels: [
      { x: r.int(50, 90), y: h, r: r.int(30, 45) },
      { x: w - r.int(50, 90), y: h, r: r.int(30, 45) },
    ],
  };
}

function shape(r: Random): string {
  const fill = `fill="${colour(r)}" fill-opacity="${(0.4 + r() * 0.6).toFixed(2)}"`;
  switch (r.int(0, 3)) {
    case 0:
      return `<rect x="${r.int(-50, W)}" y="${r.int(-50, H)}" width="${r.int(40, 400)}" height="${r.int(40, 300)}" ${fill}/>`;
    case 1:
      return `<circle cx="${r.int(0, W)}" cy="${r.int(0, H)}" r="${r.int(20, 180)}" ${fill}/>`;
    case 2:
      return `<ellipse cx="${r.int(0, W)}" cy="${r.int(0, H)}" rx="${r.int(30, 250)}" ry="${r.int(20, 150)}" ${fill}/>`;
    default: {
      const points = Array.from({ length: r.int(3, 6) }, () => `${r.int(0, W)},${r.int(0, H)}`).join(' ');
      return `<polygon points="${points}" ${fill}/>`;
    }
  }
}

/** A JPEG (quality 90) of a random scene, with `model` drawn in it when given. */
export async function makePhoto(r: Random, model?: Model): Promise<Buffer> {
  const angle = r.int(0, 359);
  const parts = [
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${colour(r)}"/><stop offset="1" stop-color="${colour(r)}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#g)"/>`,
    ...Array.from({ length: r.int(model ? 3 : 6, model ? 7 : 14) }, () => shape(r)),
  ];
  if (model) {
    const x = r.int(120, 300);
    const y = r.int(280, 380);
    const s = (0.85 + r() * 0.3).toFixed(2);
    parts.push(
      `<g transform="translate(${x} ${y}) scale(${s})">`,
      ...model.body.map(
        (b) => `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="${b.rx}" fill="${model.colour}"/>`,
      ),
      ...model.wheels.map((w) => `<circle cx="${w.x}" cy="${w.y}" r="${w.r}" fill="#222"/>`),
      '</g>',
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

export type PhotoEdit = 'q60' | 'half' | 'crop10' | 'overlay';
export const photoEdits: PhotoEdit[] = ['q60', 'half', 'crop10', 'overlay'];

/** The same photo after an edit a reposter makes: re-encoded at quality 60, halved, cropped by 10 %, or a small text overlay. */
export async function editPhoto(photo: Buffer, edit: PhotoEdit, r: Random): Promise<Buffer> {
  const image = sharp(photo);
  switch (edit) {
    case 'q60':
      return image.jpeg({ quality: 60 }).toBuffer();
    case 'half':
      return image
        .resize(W / 2, H / 2)
        .jpeg({ quality: 85 })
        .toBuffer();
    case 'crop10': {
      // 10 % of the width and of the height cut off, split at random between the two sides.
      const left = r.int(0, W * 0.1);
      const top = r.int(0, H * 0.1);
      return image
        .extract({ left, top, width: W * 0.9, height: H * 0.9 })
        .jpeg({ quality: 85 })
        .toBuffer();
    }
    case 'overlay': {
      const text = r.pick(['SOLD', 'Call now', 'www.cars.lk', '077 123 4567', 'Negotiable']);
      const x = r.int(10, 500);
      const y = r.int(40, 560);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><text x="${x}" y="${y}" font-family="sans-serif" font-size="${r.int(24, 36)}" font-weight="bold" fill="white" stroke="black" stroke-width="1">${text}</text></svg>`;
      return image
        .composite([{ input: Buffer.from(svg) }])
        .jpeg({ quality: 85 })
        .toBuffer();
    }
  }
}
