import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { fromSigned64 } from '../../signals/image-hash';
import { activeStrikesSql } from '../strikes/strikes-service';
import { analysed } from '../../domain/analysed-risk';

/**
 * The trust signals' SQL (docs/decisions/0029-trust-signals.md): what an analysis reads about a
 * batch of ads and the candidates its bands find, and the one transaction that writes its results.
 * Lists travel as one array literal each (`unnest`), so a batch of any size is a fixed number of
 * parameters on both drivers.
 */

/** A PostgreSQL array literal of `values`, each element quoted: cast it (`::uuid[]`) where used. */
export function pgArray(values: ReadonlyArray<string | number | bigint | null>): string {
  const element = (v: string | number | bigint | null) =>
    v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return `{${values.map(element).join(',')}}`;
}

/** `{1,-2,3}` (a bigint[] read as text) → the values. */
export const parseBigintArray = (text: string): bigint[] =>
  text === '{}' ? [] : text.slice(1, -1).split(',').map(BigInt);

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));

export type AdInput = {
  id: string;
  heading: string;
  details: string;
  username: string;
  phone1: string | null;
  price: number | null;
  category: string;
  images: string[];
  postingDate: Date;
  userId: string | null;
  accountCreatedAt: Date | null;
  hasEarlierAds: boolean;
  /** The advertiser's active strikes at the analysis (docs/decisions/0035-strikes-and-languages.md). */
  activeStrikes: number;
};

/**
 * The ads to analyse among `ids` (those not analysed yet, or all with `force`), oldest first, with
 * their advertiser's age, whether they posted before and their active strikes at `now`.
 */
export async function loadAds(db: Executor, ids: readonly string[], force: boolean, now: Date): Promise<AdInput[]> {
  const result = await db.execute(sql`
    select a.id, a.heading, a.details, a.username, a.phone1, a.price, a.category, a.images,
      a.posting_date, a.user_id, coalesce(u.join_date, u.created_at) as account_created_at,
      exists (select 1 from advertisements x where x.user_id = a.user_id
        and (x.posting_date, x.id) < (a.posting_date, a.id)) as has_earlier_ads,
      case when a.user_id is null then 0 else ${activeStrikesSql(sql`a.user_id`, now)} end as active_strikes
    from advertisements a left join users u on u.id = a.user_id
    where a.id = any(${pgArray(ids)}::uuid[])
      ${force ? sql`` : sql`and not ${analysed(sql`a.id`)}`}
    order by a.posting_date, a.id`);
  type Row = {
    id: string;
    heading: string;
    details: string;
    username: string;
    phone1: string | null;
    price: number | null;
    category: string;
    images: string[];
    posting_date: Date | string;
    user_id: string | null;
    account_created_at: Date | string | null;
    has_earlier_ads: boolean;
    active_strikes: number | null;
  };
  return rowsOf<Row>(result).map((r) => ({
    id: r.id,
    heading: r.heading,
    details: r.details,
    username: r.username,
    phone1: r.phone1,
    price: r.price === null ? null : Number(r.price),
    category: r.category,
    images: r.images,
    postingDate: date(r.posting_date),
    userId: r.user_id,
    accountCreatedAt: r.account_created_at === null ? null : date(r.account_created_at),
    hasEarlierAds: r.has_earlier_ads,
    activeStrikes: Number(r.active_strikes ?? 0),
  }));
}

/** How many stored ads one text band key offers as candidates at most. */
export const TEXT_CANDIDATES_PER_KEY = 100;

/** Ads other than `exclude` sharing any of the text band keys, by key. */
export async function textBandMatches(
  db: Executor,
  keys: readonly number[],
  exclude: readonly string[],
): Promise<{ key: number; adId: string }[]> {
  if (!keys.length) return [];
  // At most TEXT_CANDIDATES_PER_KEY ads per key: a flood of one text (a spammer's thousand copies)
  // shares every key, and each new copy needs to find only some of them, not compare with all.
  // One probe of the keys' GIN index per key (ad_analysis.text_keys).
  const result = await db.execute(sql`
    select k.key::text as key, b.ad_id from unnest(${pgArray(keys)}::bigint[]) as k(key)
    cross join lateral (
      select ad_id from ad_analysis
      where text_keys @> array[k.key] and ad_id <> all(${pgArray(exclude)}::uuid[])
      limit ${TEXT_CANDIDATES_PER_KEY}
    ) b`);
  return rowsOf<{ key: string; ad_id: string }>(result).map((r) => ({ key: Number(r.key), adId: r.ad_id }));
}

/** The stored text signatures of these ads. */
export async function signatures(db: Executor, adIds: readonly string[]): Promise<Map<string, Uint8Array>> {
  if (!adIds.length) return new Map();
  const result = await db.execute(sql`
    select ad_id, encode(text_signature, 'hex') as signature from ad_analysis
    where ad_id = any(${pgArray(adIds)}::uuid[])`);
  return new Map(
    rowsOf<{ ad_id: string; signature: string }>(result).map((r) => [r.ad_id, Buffer.from(r.signature, 'hex')]),
  );
}

/** How many stored photos one image band key offers as candidates at most. */
export const IMAGE_CANDIDATES_PER_KEY = 100;

/**
 * imageBandMatches' statement: one probe of the keys' GIN index per key, as for the text. Not
 * `keys && $1` over the table: for a new ad's two hundred keys the planner expected half the photos
 * to overlap and read them all, each overlap test comparing every stored key with every looked-up
 * one (172 ms at 3,500 photos, growing with each photo stored; 2 ms this way). At most
 * IMAGE_CANDIDATES_PER_KEY a key: a photo posted a thousand times needs to find only some of its copies.
 */
export const imageBandMatchesQuery = (keys: readonly number[], exclude: readonly string[]) => sql`
  select k.key, h.ad_id, h.image from unnest(${pgArray(keys)}::bigint[]) as k(key)
  cross join lateral (
    select ad_id, image from ad_image_hashes
    where keys @> array[k.key] and ad_id <> all(${pgArray(exclude)}::uuid[])
    limit ${IMAGE_CANDIDATES_PER_KEY}
  ) h`;

/** Photos of ads other than `exclude` sharing any of the image band keys, by key. */
export async function imageBandMatches(
  db: Executor,
  keys: readonly number[],
  exclude: readonly string[],
): Promise<{ key: number; adId: string; image: number }[]> {
  if (!keys.length) return [];
  const result = await db.execute(imageBandMatchesQuery(keys, exclude));
  return rowsOf<{ key: number; ad_id: string; image: number }>(result).map((r) => ({
    key: Number(r.key),
    adId: r.ad_id,
    image: Number(r.image),
  }));
}

export type StoredPhoto = {
  adId: string;
  image: number;
  path: string;
  hashes: bigint[];
  userId: string | null;
  /** The ad's contact number (E.164) as its analysis stored it. */
  phone: string | null;
};

/** The stored photos of these ads (all of them: the caller keeps those it looked up). */
export async function storedPhotos(db: Executor, adIds: readonly string[]): Promise<StoredPhoto[]> {
  if (!adIds.length) return [];
  const result = await db.execute(sql`
    select h.ad_id, h.image, h.path, h.hashes::text as hashes, a.user_id,
      (select p.phone from ad_phones p where p.ad_id = h.ad_id and p.source = 'contact' limit 1) as phone
    from ad_image_hashes h join advertisements a on a.id = h.ad_id
    where h.ad_id = any(${pgArray(adIds)}::uuid[])`);
  type Row = {
    ad_id: string;
    image: number;
    path: string;
    hashes: string;
    user_id: string | null;
    phone: string | null;
  };
  return rowsOf<Row>(result).map((r) => ({
    adId: r.ad_id,
    image: Number(r.image),
    path: r.path,
    hashes: parseBigintArray(r.hashes).map(fromSigned64),
    userId: r.user_id,
    phone: r.phone,
  }));
}

/** The advertiser accounts with ads carrying each of these numbers. */
export async function phoneAccounts(
  db: Executor,
  phones: readonly string[],
): Promise<{ phone: string; userId: string; username: string }[]> {
  if (!phones.length) return [];
  const result = await db.execute(sql`
    select p.phone, p.user_id, u.username
    from (select distinct phone, user_id from ad_phones where phone = any(${pgArray(phones)}::text[])) p
    join users u on u.id = p.user_id
    order by p.phone, u.username
    limit 10000`);
  return rowsOf<{ phone: string; user_id: string; username: string }>(result).map((r) => ({
    phone: r.phone,
    userId: r.user_id,
    username: r.username,
  }));
}

export async function blockedAmong(db: Executor, phones: readonly string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const result = await db.execute(sql`select phone from blocked_phones where phone = any(${pgArray(phones)}::text[])`);
  return new Set(rowsOf<{ phone: string }>(result).map((r) => r.phone));
}

/** The categories' price histograms (500 counts each), with the ads' own counted prices taken back out. */
export async function priceCounts(
  db: Executor,
  categories: readonly string[],
  adIds: readonly string[],
): Promise<Map<string, number[]>> {
  if (!categories.length) return new Map();
  const result = await db.execute(sql`
    select h.category, h.counts,
      (select coalesce(json_agg(json_build_object('category', a.price_category, 'bin', a.price_bin)), '[]'::json)
       from ad_analysis a where a.ad_id = any(${pgArray(adIds)}::uuid[]) and a.price_bin is not null) as own
    from price_histograms h where h.category = any(${pgArray(categories)}::text[])`);
  type Row = { category: string; counts: number[] | string; own: { category: string; bin: number }[] | string };
  const histograms = new Map<string, number[]>();
  for (const r of rowsOf<Row>(result)) {
    const counts = (typeof r.counts === 'string' ? r.counts.slice(1, -1).split(',') : r.counts).map(Number);
    const own = typeof r.own === 'string' ? (JSON.parse(r.own) as { category: string; bin: number }[]) : r.own;
    for (const o of own) if (o.category === r.category) counts[o.bin]! -= 1;
    histograms.set(r.category, counts);
  }
  return histograms;
}
