import sharp from 'sharp';
import type { NewAdRow } from '../server/src/db/schema';
import type { Random } from './signals/random';

/**
 * The data of bench/signals-speed.ts. seedAds' templated texts share nearly all their words within a
 * category (the trust signals would rightly call most of them near-duplicates, and every band key
 * would name thousands of ads), so each ad here gets forty words of its own from an 8,000-word
 * vocabulary of made-up words, and every 50th ad is a repost of an earlier one (its text with one
 * word changed, by the same advertiser): the near-duplicates the lookups find.
 */
const SYLLABLES = ['ka', 'ma', 'ri', 'lo', 'sen', 'du', 'pa', 'vi', 'na', 'go'];
const SYLLABLES2 = ['te', 'shi', 'ra', 'ba', 'lu', 'mi', 'de', 'ko', 'ya', 'ha'];
const word = (r: Random) =>
  r.pick(SYLLABLES) + r.pick(SYLLABLES2) + r.pick(SYLLABLES) + r.pick(SYLLABLES2) + (r.int(0, 79) || '');

export const ownWords = (r: Random, k = 40) => Array.from({ length: k }, () => word(r)).join(' ');

/** The repost of a text: one of its own words changed. */
function repost(r: Random, details: string): string {
  const words = details.split(' ');
  words[words.length - 1 - r.int(0, 30)] = word(r);
  return words.join(' ');
}

export const REPOST_EVERY = 50;

/** seedAds' `adjust`: own words for every ad; ad n (a multiple of 50) reposts ad n − 25. */
export function seedAdjust(r: Random) {
  const sources = new Map<number, NewAdRow>();
  return (ad: NewAdRow, n: number) => {
    ad.details = `${ad.details} ${ownWords(r)}`;
    if (n % REPOST_EVERY === REPOST_EVERY / 2) sources.set(n, { ...ad });
    const source = sources.get(n - REPOST_EVERY / 2);
    if (n % REPOST_EVERY !== 0 || !source) return;
    sources.delete(n - REPOST_EVERY / 2);
    Object.assign(ad, {
      heading: source.heading,
      title: source.title,
      details: repost(r, source.details ?? ''),
      category: source.category,
      price: source.price,
      userId: source.userId,
      username: source.username,
    });
  };
}

export type Arrival = {
  userId: string;
  username: string;
  heading: string;
  title: string;
  details: string;
  category: string;
  price: number | null;
  images: string[];
};

/**
 * A new ad as the public site would write it: an existing ad's heading and category with words of
 * its own, or (every 50th) a repost of an existing ad; its photos are its own (`photoKeys`).
 */
export function arrival(
  r: Random,
  i: number,
  template: { heading: string; title: string; details: string; category: string; price: number | null },
  owner: { id: string; username: string },
  photoKeys: string[],
): Arrival {
  const base = { userId: owner.id, username: owner.username, images: photoKeys };
  if (i % REPOST_EVERY === REPOST_EVERY - 1) return { ...base, ...template, details: repost(r, template.details) };
  const details = `${template.details.split(' ').slice(0, 20).join(' ')} ${ownWords(r)}`;
  return { ...base, ...template, details, price: template.price };
}

/** An 800 × 600 JPEG of its own (smoothed noise: a perceptual hash unlike any other's). */
export async function noisePhoto(r: Random): Promise<Buffer> {
  const raw = Buffer.alloc(16 * 12 * 3);
  for (let k = 0; k < raw.length; k++) raw[k] = r.int(0, 255);
  return sharp(raw, { raw: { width: 16, height: 12, channels: 3 } })
    .resize(800, 600, { kernel: 'cubic' })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The lists measured, by name. */
export const LISTS: [string, string][] = [
  ['page 1, default sort', '/api/advertisements/list'],
  ['sort=risk', '/api/advertisements/list?sort=risk'],
  ['signal=duplicate_text', '/api/advertisements/list?signal=duplicate_text'],
  // A signal no seeded ad has: the filter that finds nothing must not walk every ad.
  ['signal=blocked_phone', '/api/advertisements/list?signal=blocked_phone'],
];

/** A list compared with itself on today's copy; a signal's page is compared with today's page 1. */
export const ownBaseline = (pathname: string) => !pathname.includes('signal=');

/** A different ad on each request, from `ids`. */
export const randomDuplicates = (ids: string[]) => [
  {
    setupRequest: (req: Record<string, unknown>) => ({
      ...req,
      path: `/api/advertisements/${ids[Math.floor(Math.random() * ids.length)]}/duplicates`,
    }),
  },
];
