import { randomUUID } from 'node:crypto';
import type { BannerPlacement, BannerStatus } from '@backoffice/contract';
import type { Db } from '../db/client';
import { bannerAds } from '../db/schema';
import type { FileStorage } from '../storage/file-storage';
import { encodePng } from './png';

/**
 * docs/decisions/0015-demo-data-and-admins.md demo banners: four Sri Lankan marketplace advertisers with banner-shaped (3:1) PNG
 * artwork drawn here (a headline in a small pixel font, a sub-line and a simple emblem).
 */

type Rgb = [number, number, number];
export const BANNER_WIDTH = 960;
export const BANNER_HEIGHT = 320;

/** 5×7 pixel glyphs, one row per number (bit 4 is the leftmost pixel). */
const FONT: Record<string, number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [30, 17, 17, 17, 17, 17, 30],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 10, 4, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  0: [14, 17, 19, 21, 25, 17, 14],
  1: [4, 12, 4, 4, 4, 4, 14],
  2: [14, 17, 1, 2, 4, 8, 31],
  3: [31, 2, 4, 2, 1, 17, 14],
  4: [2, 6, 10, 18, 31, 2, 2],
  5: [31, 16, 30, 1, 1, 17, 14],
  6: [6, 8, 16, 30, 17, 17, 14],
  7: [31, 1, 2, 4, 8, 8, 8],
  8: [14, 17, 17, 14, 17, 17, 14],
  9: [14, 17, 17, 15, 1, 2, 12],
  ' ': [0, 0, 0, 0, 0, 0, 0],
  '.': [0, 0, 0, 0, 0, 12, 12],
  ',': [0, 0, 0, 0, 12, 4, 8],
  '%': [24, 25, 2, 4, 8, 19, 3],
  '-': [0, 0, 0, 31, 0, 0, 0],
  '+': [0, 4, 4, 31, 4, 4, 0],
  '&': [12, 18, 20, 8, 21, 18, 13],
  ':': [0, 12, 12, 0, 12, 12, 0],
  '/': [0, 1, 2, 4, 8, 16, 0],
  '!': [4, 4, 4, 4, 4, 0, 4],
};

/** An RGB canvas with the few drawing operations the banners need. */
class Canvas {
  readonly px: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.px = new Uint8Array(width * height * 3);
  }
  set(x: number, y: number, [r, g, b]: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.px[i] = r;
    this.px[i + 1] = g;
    this.px[i + 2] = b;
  }
  fill(test: (x: number, y: number) => boolean, colour: Rgb, box = [0, 0, this.width, this.height]) {
    const [x0, y0, x1, y1] = box.map(Math.round) as [number, number, number, number];
    for (let y = Math.max(0, y0); y < Math.min(this.height, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(this.width, x1); x++) if (test(x, y)) this.set(x, y, colour);
  }
  rect(x: number, y: number, w: number, h: number, colour: Rgb) {
    this.fill(() => true, colour, [x, y, x + w, y + h]);
  }
  circle(cx: number, cy: number, r: number, colour: Rgb) {
    this.fill((x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r, colour, [cx - r, cy - r, cx + r + 1, cy + r + 1]);
  }
  /** A trapezoid with flat top and base (a triangle when the top has no width). */
  trapezoid(top: [number, number, number], base: [number, number, number], colour: Rgb) {
    const [tx0, tx1, ty] = top;
    const [bx0, bx1, by] = base;
    this.fill(
      (x, y) => {
        const t = (y - ty) / (by - ty);
        return t >= 0 && t <= 1 && x >= tx0 + (bx0 - tx0) * t && x <= tx1 + (bx1 - tx1) * t;
      },
      colour,
      [Math.min(tx0, bx0), ty, Math.max(tx1, bx1) + 1, by + 1],
    );
  }
  text(s: string, x: number, y: number, scale: number, colour: Rgb) {
    for (const ch of s.toUpperCase()) {
      const rows = FONT[ch] ?? FONT[' ']!;
      rows.forEach((bits, row) => {
        for (let col = 0; col < 5; col++)
          if (bits & (1 << (4 - col))) this.rect(x + col * scale, y + row * scale, scale, scale, colour);
      });
      x += 6 * scale;
    }
  }
  png(): Buffer {
    return encodePng(this.width, this.height, (x, y) => {
      const i = (y * this.width + x) * 3;
      return [this.px[i]!, this.px[i + 1]!, this.px[i + 2]!];
    });
  }
}

type Emblem = 'house' | 'car' | 'phone' | 'plots';

type DemoBanner = {
  name: string;
  description: string;
  placement: BannerPlacement;
  status: BannerStatus;
  /** Days from today (negative: in the past). */
  start: number;
  end: number;
  views: number;
  art: { from: Rgb; to: Rgb; accent: Rgb; headline: string; subline: string; cta: string; emblem: Emblem };
};

export const DEMO_BANNERS: DemoBanner[] = [
  {
    name: 'Lanka Unity Bank Home Loans',
    description:
      'Build or buy your dream home with a Lanka Unity Bank housing loan: up to LKR 50 million, 9.5% fixed for the first two years, repayment up to 25 years. Apply at any of our 112 branches island-wide.',
    placement: 'Home page',
    status: 'Active',
    start: -20,
    end: 40,
    views: 18452,
    art: {
      from: [12, 44, 104],
      to: [22, 98, 170],
      accent: [250, 204, 21],
      headline: 'HOME LOANS 9.5%',
      subline: 'LANKA UNITY BANK - UP TO LKR 50M',
      cta: 'APPLY NOW',
      emblem: 'house',
    },
  },
  {
    name: 'Wijesinghe Motors – Certified Used Cars',
    description:
      'Toyota Aqua, Honda Vezel and Suzuki Wagon R with full service history and a one-year warranty. Leasing up to 70% arranged on the spot. Showroom: 245 High Level Road, Nugegoda.',
    placement: 'Search results',
    status: 'Active',
    start: -5,
    end: 25,
    views: 7390,
    art: {
      from: [127, 29, 29],
      to: [220, 38, 38],
      accent: [255, 255, 255],
      headline: 'CARS FROM LKR 4.5M',
      subline: 'WIJESINGHE MOTORS NUGEGODA',
      cta: 'BOOK A TEST DRIVE',
      emblem: 'car',
    },
  },
  {
    name: 'Mobile Zone Wellawatte – Galaxy Deals',
    description:
      'Samsung Galaxy A55 and S24 with the official Sri Lankan warranty. Trade in your old phone and pay the rest in 12 interest-free instalments on selected credit cards.',
    placement: 'Ad details',
    status: 'Active',
    start: -2,
    end: 12,
    views: 12107,
    art: {
      from: [49, 16, 96],
      to: [124, 58, 237],
      accent: [52, 211, 153],
      headline: 'GALAXY TRADE-IN',
      subline: 'MOBILE ZONE WELLAWATTE',
      cta: 'SHOP NOW',
      emblem: 'phone',
    },
  },
  {
    name: 'Green Valley Lands – Kesbewa Plots',
    description:
      'Clear-deed residential plots in Kesbewa from LKR 1.2 million per perch, 10 minutes from the Southern Expressway. Easy payment plans up to 36 months; site visits every weekend.',
    placement: 'Category pages',
    status: 'Inactive',
    start: 15,
    end: 75,
    views: 2365,
    art: {
      from: [20, 83, 45],
      to: [22, 163, 74],
      accent: [254, 240, 138],
      headline: 'KESBEWA PLOTS',
      subline: 'GREEN VALLEY LANDS - 1.2M/PERCH',
      cta: 'BOOK A SITE VISIT',
      emblem: 'plots',
    },
  },
];

function drawEmblem(c: Canvas, emblem: Emblem, accent: Rgb) {
  const white: Rgb = [255, 255, 255];
  const x = 770;
  if (emblem === 'house') {
    c.trapezoid([x, x, 70], [x - 110, x + 110, 150], accent);
    c.rect(x - 85, 150, 170, 110, white);
    c.rect(x - 20, 195, 40, 65, accent);
    c.rect(x - 70, 170, 35, 30, [147, 197, 253]);
    c.rect(x + 35, 170, 35, 30, [147, 197, 253]);
  } else if (emblem === 'car') {
    c.rect(x - 130, 160, 260, 60, white);
    c.trapezoid([x - 55, x + 45, 108], [x - 95, x + 85, 160], white);
    c.trapezoid([x - 48, x - 8, 118], [x - 75, x - 8, 154], [148, 163, 184]);
    c.trapezoid([x + 2, x + 38, 118], [x + 2, x + 66, 154], [148, 163, 184]);
    for (const wx of [x - 75, x + 75]) {
      c.circle(wx, 222, 32, [30, 30, 30]);
      c.circle(wx, 222, 14, [203, 213, 225]);
    }
  } else if (emblem === 'phone') {
    c.rect(x - 70, 40, 140, 250, [15, 15, 15]);
    c.rect(x - 60, 58, 120, 205, accent);
    c.circle(x, 276, 8, [80, 80, 80]);
    c.rect(x - 40, 90, 80, 12, white);
    c.rect(x - 40, 115, 55, 12, white);
  } else {
    for (let row = 0; row < 3; row++)
      for (let col = 0; col < 4; col++)
        c.rect(x - 150 + col * 78, 60 + row * 72, 70, 64, (row + col) % 2 ? accent : [187, 247, 208]);
  }
}

/** A 960×320 banner: gradient, emblem on the right, headline and sub-line on the left. */
export function bannerArt(art: DemoBanner['art']): Buffer {
  const c = new Canvas(BANNER_WIDTH, BANNER_HEIGHT);
  for (let x = 0; x < c.width; x++) {
    const t = x / (c.width - 1);
    const colour = art.from.map((f, i) => Math.round(f + (art.to[i]! - f) * t)) as Rgb;
    for (let y = 0; y < c.height; y++) c.set(x, y, colour);
  }
  c.rect(0, 0, 12, c.height, art.accent);
  drawEmblem(c, art.emblem, art.accent);
  c.text(art.headline, 48, 90, Math.min(6, Math.floor(560 / (art.headline.length * 6))), [255, 255, 255]);
  c.text(art.subline, 50, 180, 3, art.accent);
  c.rect(50, 230, art.cta.length * 18 + 32, 44, art.accent);
  c.text(art.cta, 68, 242, 3, art.from);
  return c.png();
}

const isoDay = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Writes the four demo banners and their images (uploads/banner-ads/<random>.png). */
export async function seedBanners(db: Db, storage: FileStorage, opts: { now?: Date } = {}): Promise<void> {
  const now = opts.now ?? new Date();
  for (const [i, banner] of DEMO_BANNERS.entries()) {
    const image = `${randomUUID()}.png`;
    await storage.write(`banner-ads/${image}`, bannerArt(banner.art));
    await db.insert(bannerAds).values({
      name: banner.name,
      description: banner.description,
      placement: banner.placement,
      status: banner.status,
      startDate: isoDay(now, banner.start),
      endDate: isoDay(now, banner.end),
      image,
      views: banner.views,
      // Listed newest first in this order.
      createdAt: new Date(now.getTime() - (i + 1) * 3_600_000),
      updatedAt: new Date(now.getTime() - (i + 1) * 3_600_000),
    });
  }
}
