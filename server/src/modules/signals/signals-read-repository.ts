import { eq, sql } from 'drizzle-orm';
import type { AdStatus } from '@backoffice/contract';
import { rowsOf, type Db, type Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { advertisements } from '../../db/schema/ads';
import { adAnalysis } from '../../db/schema/signals';
import { parseBigintArray, pgArray, TEXT_CANDIDATES_PER_KEY } from './signals-repository';
import { fromSigned64 } from '../../signals/image-hash';

/** What the API reads of the trust signals: one ad's, its near-duplicates' rows, the blocklist. */

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export type AdSignalsRow = {
  risk: number | null;
  analysedAt: string | null;
  unreadableImages: string[];
  signals: { kind: string; evidence: unknown }[];
};

/** The ad's risk, signals and analysis; undefined when there is no such ad. */
export async function adSignals(db: Executor, adId: string): Promise<AdSignalsRow | undefined> {
  const result = await db.execute(sql`
    select a.risk, an.analysed_at, coalesce(an.unreadable_images, '{}') as unreadable_images,
      (select coalesce(json_agg(json_build_object('kind', s.kind, 'evidence', s.evidence) order by s.strength desc, s.kind), '[]')
       from ad_signals s where s.ad_id = a.id) as signals
    from advertisements a left join ad_analysis an on an.ad_id = a.id
    where a.id = ${adId}::uuid`);
  type Row = {
    risk: number | null;
    analysed_at: Date | string | null;
    unreadable_images: string[];
    signals: AdSignalsRow['signals'] | string;
  };
  const row = rowsOf<Row>(result)[0];
  if (!row) return undefined;
  return {
    // Not analysed yet: no risk to tell, whatever the row's default says; a clean ad's row may keep
    // null once analysed (domain/analysed-risk.ts).
    risk: row.analysed_at === null ? null : Number(row.risk ?? 0),
    analysedAt: row.analysed_at === null ? null : iso(row.analysed_at),
    unreadableImages: row.unreadable_images,
    signals: json(row.signals),
  };
}

export type DuplicateAdRow = {
  id: string;
  heading: string;
  username: string;
  status: AdStatus;
  images: string[];
  postingDate: string;
};

/** An ad sharing a text or photo band key with the looked-up one, with what the comparison needs. */
export type DuplicateCandidate = {
  id: string;
  /** Found through the text bands: its stored signature (null if none). */
  signature: Buffer | null;
  /** Found through the photo bands: its photos' hashes (else empty). */
  photos: bigint[][];
};

/** A photo band key's kind bit (duplicate-image.ts: whole photo 0, crop 1). */
const CROP_KIND_BIT = 1 << 18;

/**
 * The ad's own signature and photos' hashes, and its candidates with what the comparison needs, in
 * one statement (undefined: no such ad); their rows are read for the few that compare close
 * (duplicateRows). The keys are the ad's stored ones: its text band keys are what it looks up, and
 * a photo's lookup keys (imageLookupKeys: the whole hash's bands of either kind, the crops' bands as
 * whole ones) are its stored whole-photo keys and every stored key with the kind bit flipped. The
 * comparison itself is the caller's. A prepared query (docs/decisions/0009): one shape, so on
 * PostgreSQL each connection parses it once instead of on every lookup.
 */
export async function duplicateCandidates(
  db: Db,
  adId: string,
): Promise<{ signature: Buffer | null; photos: bigint[][]; candidates: DuplicateCandidate[] } | undefined> {
  const query = prepared(db, 'ad_duplicate_candidates', (name) => duplicatesQuery(db).prepare(name));
  type Candidate = { id: string; signature: string | null; photos: string[] | null };
  const row = (await query.execute({ id: adId }))[0] as
    { signature: string | null; photos: string[] | string; candidates: Candidate[] | string } | undefined;
  if (!row) return undefined;
  const hashes = (text: string) => parseBigintArray(text).map(fromSigned64);
  return {
    signature: row.signature === null ? null : Buffer.from(row.signature, 'hex'),
    photos: json(row.photos).map(hashes),
    candidates: json(row.candidates).map((c) => ({
      id: c.id,
      signature: c.signature === null ? null : Buffer.from(c.signature, 'hex'),
      photos: (c.photos ?? []).map(hashes),
    })),
  };
}

/** The rows of the ads `ids` that still exist, by id. */
export async function duplicateRows(db: Db, ids: string[]): Promise<Map<string, DuplicateAdRow>> {
  if (!ids.length) return new Map();
  type Raw = Omit<DuplicateAdRow, 'postingDate'> & { posting_date: Date | string };
  const result = await db.execute(sql`
    select id, heading, username, status, images, posting_date from ${advertisements}
    where id = any(${pgArray(ids)}::uuid[])`);
  return new Map(rowsOf<Raw>(result).map(({ posting_date, ...r }) => [r.id, { ...r, postingDate: iso(posting_date) }]));
}

/**
 * The most ads sharing a text band key with the looked-up one that are compared: one probe of the
 * GIN index for all its keys (probing it once per key, as the analysis does to cap each key, reads
 * each match's row again per key). More than the answer lists (MAX_DUPLICATES); in a flood of one
 * text, any of the copies are as good as the others.
 */
const TEXT_CANDIDATES = 2 * TEXT_CANDIDATES_PER_KEY;

/**
 * duplicateCandidates' statement, the ad's id its one placeholder. A text candidate's signature is
 * read from the row the index probe found (its key check reads that row anyway); no candidate's ad
 * row is read here: most candidates of a templated text compare far (a lookup at 200,000 ads read
 * about 1,900 buffers for 200 candidates with those rows, 300 without).
 */
function duplicatesQuery(db: Db) {
  const id = sql`${sql.placeholder('id')}::uuid`;
  const candidates = sql`(
    with text_found as (
      select t.ad_id, t.text_signature from ad_analysis t
      where t.text_keys && (select text_keys from ad_analysis where ad_id = ${id}) and t.ad_id <> ${id}
      limit ${sql.raw(String(TEXT_CANDIDATES))}),
    image_keys as (
      select k from ad_image_hashes, unnest(keys) as k where ad_id = ${id} and k < ${sql.raw(String(CROP_KIND_BIT))}
      union select k # ${sql.raw(String(CROP_KIND_BIT))} from ad_image_hashes, unnest(keys) as k where ad_id = ${id}),
    image_found as (
      select distinct ad_id from ad_image_hashes
      where keys && (select coalesce(array_agg(k), '{}') from image_keys) and ad_id <> ${id} limit 50000),
    found as (
      select coalesce(t.ad_id, i.ad_id) as ad_id, t.text_signature, i.ad_id is not null as by_image
      from text_found t full join image_found i on i.ad_id = t.ad_id)
    select coalesce(json_agg(json_build_object('id', f.ad_id,
        'signature', encode(f.text_signature, 'hex'),
        'photos', case when f.by_image then
          (select coalesce(json_agg(ch.hashes::text), '[]') from ad_image_hashes ch where ch.ad_id = f.ad_id) end)), '[]')
    from found f)`;
  return db
    .select({
      signature: sql<string | null>`encode(${adAnalysis.textSignature}, 'hex')`,
      photos: sql<string[] | string>`(select coalesce(json_agg(h.hashes::text), '[]') from ad_image_hashes h
        where h.ad_id = ${advertisements.id})`,
      candidates: sql<unknown>`${candidates}`,
    })
    .from(advertisements)
    .leftJoin(adAnalysis, eq(adAnalysis.adId, advertisements.id))
    .where(eq(advertisements.id, id));
}

export type BlockedPhoneRow = { phone: string; addedAt: string; addedBy: { _id: string; name: string } | null };

const blockedColumns = sql`b.phone, b.added_at, b.added_by, coalesce(nullif(u.name, ''), u.username) as added_by_name`;
type BlockedRaw = { phone: string; added_at: Date | string; added_by: string | null; added_by_name: string | null };
const toBlocked = (r: BlockedRaw): BlockedPhoneRow => ({
  phone: r.phone,
  addedAt: iso(r.added_at),
  addedBy: r.added_by ? { _id: r.added_by, name: r.added_by_name ?? '' } : null,
});

export async function listBlockedPhones(db: Executor): Promise<BlockedPhoneRow[]> {
  const result = await db.execute(sql`
    select ${blockedColumns} from blocked_phones b left join users u on u.id = b.added_by
    order by b.added_at desc, b.phone`);
  return rowsOf<BlockedRaw>(result).map(toBlocked);
}

/** Adds the number (E.164) unless listed; the row either way, and whether it was added now. */
export async function addBlockedPhone(
  db: Executor,
  phone: string,
  adminId: string,
  at: Date,
): Promise<{ row: BlockedPhoneRow; added: boolean }> {
  const inserted = await db.execute(sql`
    insert into blocked_phones (phone, added_at, added_by) values (${phone}, ${at.toISOString()}::timestamptz, ${adminId}::uuid)
    on conflict (phone) do nothing returning phone`);
  const result = await db.execute(sql`
    select ${blockedColumns} from blocked_phones b left join users u on u.id = b.added_by where b.phone = ${phone}`);
  return { row: toBlocked(rowsOf<BlockedRaw>(result)[0]!), added: rowsOf(inserted).length > 0 };
}

export async function removeBlockedPhone(db: Executor, phone: string): Promise<boolean> {
  const result = await db.execute(sql`delete from blocked_phones where phone = ${phone} returning phone`);
  return rowsOf(result).length > 0;
}
