import type { SignalModule } from './types';

/**
 * `price_outlier`: a price far below (or above) what its category usually costs. Prices spread over
 * orders of magnitude (a Rs 2,500 phone cover, a Rs 45,000,000 house), so the category's centre and
 * spread are taken on log10(price): the median and the median absolute deviation (MAD), which a
 * few absurd prices cannot drag. An ad is an outlier when its robust z-score is past ±Z_LIMIT.
 *
 * The stats are kept up to date as ads arrive, never recomputed per ad: a fixed log-scale
 * histogram per category (PriceHistogram), one counter per bin, so that the database can add an
 * ad with one `counts[bin] = counts[bin] + 1` and read the median and MAD from the counts alone.
 */
export interface PriceStats {
  /** Prices counted. */
  n: number;
  /** Median and MAD of log10(price). */
  median: number;
  mad: number;
}

export const Z_LIMIT = 3.5;
/** A category with fewer priced ads has no usual price yet. */
export const MIN_SAMPLE = 30;
/** A MAD under this (all the same price) would make any other price an outlier: about ±12 %. */
const MIN_MAD = 0.05;
/** 1.4826 × MAD estimates the standard deviation of a normal distribution. */
const MAD_TO_SD = 1.4826;

const log = (price: number) => Math.log10(price);

function medianOf(sorted: number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The exact stats of a list of prices (the histogram approximates these). */
export function robustStats(prices: number[]): PriceStats {
  const logs = prices
    .filter((p) => p > 0)
    .map(log)
    .sort((a, b) => a - b);
  if (logs.length === 0) return { n: 0, median: 0, mad: 0 };
  const median = medianOf(logs);
  const mad = medianOf(logs.map((x) => Math.abs(x - median)).sort((a, b) => a - b));
  return { n: logs.length, median, mad };
}

/** Bins of log10(price) from Rs 10 to Rs 10^11, 0.02 wide (±2.3 % of a price). */
export const HISTOGRAM = { min: 1, max: 11, width: 0.02, bins: 500 } as const;

export class PriceHistogram {
  readonly counts: number[];
  constructor(counts?: readonly number[]) {
    this.counts = counts ? [...counts] : new Array<number>(HISTOGRAM.bins).fill(0);
    if (this.counts.length !== HISTOGRAM.bins) throw new Error(`a price histogram has ${HISTOGRAM.bins} bins`);
  }

  /** The bin a price is counted in (prices beyond the range go to the first or last bin). */
  static binOf(price: number): number {
    const bin = Math.floor((log(price) - HISTOGRAM.min) / HISTOGRAM.width);
    return Math.min(HISTOGRAM.bins - 1, Math.max(0, bin));
  }

  add(price: number, by = 1): void {
    if (price > 0) this.counts[PriceHistogram.binOf(price)]! += by;
  }

  remove(price: number): void {
    this.add(price, -1);
  }

  stats(): PriceStats {
    const n = this.counts.reduce((a, b) => a + b, 0);
    if (n === 0) return { n: 0, median: 0, mad: 0 };
    const centre = (bin: number) => HISTOGRAM.min + (bin + 0.5) * HISTOGRAM.width;
    let seen = 0;
    let medianBin = 0;
    while (seen + this.counts[medianBin]! < n / 2) seen += this.counts[medianBin++]!;
    const median = centre(medianBin);
    // MAD: widen a window around the median bin until it holds half of the prices.
    let inside = this.counts[medianBin]!;
    let radius = 0;
    while (inside < n / 2) {
      radius++;
      inside += (this.counts[medianBin - radius] ?? 0) + (this.counts[medianBin + radius] ?? 0);
    }
    return { n, median, mad: radius * HISTOGRAM.width };
  }
}

export interface PriceOutlierInput {
  price?: number | null;
  stats: PriceStats;
}
export interface PriceOutlierEvidence {
  price: number;
  direction: 'below' | 'above';
  /** The category's usual price (its median) and usual range (median ± 2 spreads), in rupees. */
  usual: number;
  usualLow: number;
  usualHigh: number;
  z: number;
  sample: number;
}

export function priceZ(price: number, stats: PriceStats): number {
  return (log(price) - stats.median) / (MAD_TO_SD * Math.max(stats.mad, MIN_MAD));
}

export const priceOutlier: SignalModule<PriceOutlierInput, PriceOutlierEvidence> = {
  kind: 'price_outlier',
  detect({ price, stats }) {
    if (price == null || !(price > 0) || stats.n < MIN_SAMPLE) return [];
    const z = priceZ(price, stats);
    if (Math.abs(z) < Z_LIMIT) return [];
    const spread = MAD_TO_SD * Math.max(stats.mad, MIN_MAD);
    const rupees = (x: number) => Math.round(10 ** x);
    return [
      {
        kind: 'price_outlier',
        // Far below is the classic bait; far above is more often a typo or a misplaced category.
        strength: z < 0 ? 1 : 0.5,
        evidence: {
          price,
          direction: z < 0 ? 'below' : 'above',
          usual: rupees(stats.median),
          usualLow: rupees(stats.median - 2 * spread),
          usualHigh: rupees(stats.median + 2 * spread),
          z: Math.round(z * 10) / 10,
          sample: stats.n,
        },
      },
    ];
  },
};
