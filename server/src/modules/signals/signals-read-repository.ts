import { sql } from 'drizzle-orm';
import type { AdStatus } from '@backoffice/contract';
import { rowsOf, type Executor } from '../../db/client';
import { parseBigintArray, pgArray } from './signals-repository';
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
    risk: row.risk === null ? null : Number(row.risk),
    analysedAt: row.analysed_at === null ? null : iso(row.analysed_at),
    unreadableImages: row.unreadable_images,
    signals: json(row.signals),
  };
}

/** The ad's stored text signature (hex) and photos' hashes; undefined when there is no such ad. */
export async function adFingerprints(
  db: Executor,
  adId: string,
): Promise<{ signature: Buffer | null; photos: { image: number; hashes: bigint[] }[] } | undefined> {
  const result = await db.execute(sql`
    select encode(an.text_signature, 'hex') as signature,
      (select coalesce(json_agg(json_build_object('image', h.image, 'hashes', h.hashes::text)), '[]')
       from ad_image_hashes h where h.ad_id = a.id) as photos
    from advertisements a left join ad_analysis an on an.ad_id = a.id
    where a.id = ${adId}::uuid`);
  type Row = { signature: string | null; photos: { image: number; hashes: string }[] | string };
  const row = rowsOf<Row>(result)[0];
  if (!row) return undefined;
  return {
    signature: row.signature === null ? null : Buffer.from(row.signature, 'hex'),
    photos: json(row.photos).map((p) => ({ image: p.image, hashes: parseBigintArray(p.hashes).map(fromSigned64) })),
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

export async function adsByIds(db: Executor, ids: readonly string[]): Promise<DuplicateAdRow[]> {
  if (!ids.length) return [];
  const result = await db.execute(sql`
    select id, heading, username, status, images, posting_date from advertisements
    where id = any(${pgArray(ids)}::uuid[])`);
  type Row = Omit<DuplicateAdRow, 'postingDate'> & { posting_date: Date | string };
  return rowsOf<Row>(result).map(({ posting_date, ...r }) => ({ ...r, postingDate: iso(posting_date) }));
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
