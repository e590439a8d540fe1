import { contactSentence, lookAlikeNumbers, plantContact, type Planted } from './contacts';
import { editText, makeItem, makeSentences, sameModel, type TextEdit } from './ad-text';
import { editPhoto, makeModel, makePhoto, photoEdits, type PhotoEdit } from './photos';
import { seeded, type Random } from './random';

/**
 * The labelled set of bench/signals.ts, generated from a seed (the recipe is this folder): the
 * "tune" split (seed 1) is the one thresholds were chosen on, the "test" split (seed 2) the one the
 * figures quote.
 */
export const SPLITS = { tune: 1, test: 2 } as const;
export type Split = keyof typeof SPLITS;

export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export interface TextAd {
  id: string;
  heading: string;
  details: string;
}
export interface TextSet {
  ads: TextAd[];
  /** An original and its reposts, and two reposts of one original. */
  duplicates: Set<string>;
  /** Ads of the same model, written apart: must not match. */
  lookAlikes: Set<string>;
}

const edits: TextEdit[] = ['edit', 'reorder', 'singlish'];

export function textSet(split: Split, originals = 600): TextSet {
  const r = seeded(SPLITS[split] * 1000 + 1);
  const ads: TextAd[] = [];
  const duplicates = new Set<string>();
  const lookAlikes = new Set<string>();
  const pairsWithin = (ids: string[], into: Set<string>) =>
    ids.forEach((a, i) => ids.slice(i + 1).forEach((b) => into.add(pairKey(a, b))));
  for (let i = 0; i < originals; i++) {
    const first = makeItem(r);
    const clusters: string[][] = [];
    for (let look = 0; look < (r.chance(0.4) ? 2 : 1); look++) {
      const item = look === 0 ? first : sameModel(r, first);
      const sentences = makeSentences(r, item);
      const id = `t${i}-${look}`;
      ads.push({ id, heading: item.heading, details: sentences.join(' ') });
      const cluster = [id];
      const reposts = r.chance(0.15) ? 2 : r.chance(0.6) ? 1 : 0;
      for (let k = 0; k < reposts; k++) {
        const chosen = r.shuffle([...edits]).slice(0, r.int(1, 3));
        ads.push({ id: `${id}-r${k}`, ...editText(r, item.heading, sentences, chosen) });
        cluster.push(`${id}-r${k}`);
      }
      pairsWithin(cluster, duplicates);
      clusters.push(cluster);
    }
    if (clusters.length === 2)
      for (const a of clusters[0]!) for (const b of clusters[1]!) lookAlikes.add(pairKey(a, b));
  }
  return { ads, duplicates, lookAlikes };
}

export interface Photo {
  id: string;
  ad: string;
  advertiser: string;
  bytes: Buffer;
  edit?: PhotoEdit;
}
export interface PhotoSet {
  photos: Photo[];
  /** The same picture: same advertiser (a repost) or another (stolen). */
  same: Map<string, 'duplicate_image' | 'stolen_image'>;
  lookAlikes: Set<string>;
}

export async function photoSet(split: Split, originals = 160): Promise<PhotoSet> {
  const r = seeded(SPLITS[split] * 1000 + 2);
  const models = Array.from({ length: 12 }, () => makeModel(r));
  const photos: Photo[] = [];
  const same = new Map<string, 'duplicate_image' | 'stolen_image'>();
  const lookAlikes = new Set<string>();
  for (let i = 0; i < originals; i++) {
    const model = r.chance(0.75) ? r.pick(models) : undefined;
    const original: Photo = { id: `p${i}`, ad: `a${i}`, advertiser: `u${i}`, bytes: await makePhoto(r, model) };
    photos.push(original);
    // A repost by the same advertiser (each edit in turn), and every fourth photo stolen by another.
    const edit = photoEdits[i % photoEdits.length]!;
    const repost: Photo = {
      id: `p${i}-r`,
      ad: `a${i}-r`,
      advertiser: original.advertiser,
      bytes: await editPhoto(original.bytes, edit, r),
      edit,
    };
    photos.push(repost);
    same.set(pairKey(original.id, repost.id), 'duplicate_image');
    if (i % 4 === 0) {
      const stolenEdit = r.pick(photoEdits);
      const stolen: Photo = {
        id: `p${i}-s`,
        ad: `a${i}-s`,
        advertiser: `thief${i}`,
        bytes: await editPhoto(original.bytes, stolenEdit, r),
        edit: stolenEdit,
      };
      photos.push(stolen);
      same.set(pairKey(original.id, stolen.id), 'stolen_image');
      same.set(pairKey(repost.id, stolen.id), 'stolen_image');
    }
    if (model) {
      // Another seller's photo of the same model: a different photo, which must not match.
      const other: Photo = { id: `p${i}-l`, ad: `a${i}-l`, advertiser: `v${i}`, bytes: await makePhoto(r, model) };
      photos.push(other);
      lookAlikes.add(pairKey(original.id, other.id));
      lookAlikes.add(pairKey(repost.id, other.id));
    }
  }
  return { photos, same, lookAlikes };
}

export interface ContactAd extends TextAd {
  planted: Planted[];
}

/** Half the ads carry one or two contacts among ordinary sentences; all are full of look-alike numbers. */
export function contactSet(split: Split, count = 800): ContactAd[] {
  const r: Random = seeded(SPLITS[split] * 1000 + 3);
  return Array.from({ length: count }, (_, i) => {
    const item = makeItem(r);
    const sentences = makeSentences(r, item).filter((s) => !/Rs\./.test(s));
    const numbers = r.shuffle([...lookAlikeNumbers]).slice(0, r.int(2, 4));
    sentences.push(...numbers.map((f) => f(r)));
    const planted = i % 2 === 0 ? Array.from({ length: r.int(1, 2) }, () => plantContact(r)) : [];
    sentences.push(...planted.map((p) => contactSentence(r, p)));
    return { id: `c${i}`, heading: item.heading, details: r.shuffle(sentences).join(' '), planted };
  });
}
