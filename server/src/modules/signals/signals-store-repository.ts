import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { toSigned64 } from '../../signals/image-hash';
import { riskScore } from '../../signals/risk';
import type { SignalKind } from '../../signals/types';
import { pgArray } from './signals-repository';

/**
 * The analysis's one write transaction and the embedded database's queue
 * (docs/decisions/0029-trust-signals.md).
 */

/** The analysis of one ad, as written. */
export type AnalysisRow = {
  adId: string;
  userId: string | null;
  signature: Uint8Array;
  textKeys: number[];
  photos: { image: number; path: string; hashes: bigint[]; keys: number[] }[];
  unreadableImages: string[];
  phones: { phone: string; source: 'contact' | 'text' }[];
  priceCategory: string | null;
  priceBin: number | null;
  signals: { kind: string; evidence: unknown; strength: number }[];
  risk: number;
};

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * Writes the analyses in one transaction, replacing any earlier analysis of the same ads (its bands,
 * photos, phones and signals go, its price leaves the histogram). Ads deleted meanwhile are skipped;
 * so are ads analysed meanwhile unless `force`. Their queue entries go too. Returns the ids written.
 */
export async function writeAnalyses(
  db: Executor,
  rows: readonly AnalysisRow[],
  at: Date,
  opts: { force: boolean; queued: readonly string[]; backLinks: readonly BackLink[] },
): Promise<string[]> {
  const { force, queued } = opts;
  const ids = rows.map((r) => r.adId);
  // The batch's ads and the earlier ads it repeats, locked in one order (no deadlock between writers).
  const targets = [...new Set(opts.backLinks.map((l) => l.adId))].filter((id) => !ids.includes(id));
  const locked = rowsOf<{ id: string; risk: number | null }>(
    await db.execute(sql`
      select id, risk from advertisements where id = any(${pgArray([...ids, ...targets])}::uuid[])
      order by id for update`),
  );
  const batch = new Set(ids);
  const keep = new Set(locked.filter((r) => batch.has(r.id) && (force || r.risk === null)).map((r) => r.id));
  const analysed = new Set(locked.filter((r) => !batch.has(r.id) && r.risk !== null).map((r) => r.id));
  // By category: the histogram rows are updated in one order by every writer (no deadlock).
  const list = rows
    .filter((r) => keep.has(r.adId))
    .sort((a, b) => (a.priceCategory ?? '').localeCompare(b.priceCategory ?? ''));
  const done = pgArray(list.map((r) => r.adId));
  if (list.length) {
    for (const table of [
      'ad_analysis',
      'ad_signals',
      'ad_text_bands',
      'ad_image_hashes',
      'ad_image_bands',
      'ad_phones',
    ])
      await db.execute(sql`delete from ${sql.identifier(table)} where ad_id = any(${done}::uuid[])`);
    await db.execute(sql`
      insert into ad_analysis (ad_id, analysed_at, text_signature, price_category, price_bin, unreadable_images)
      select id, ${at.toISOString()}::timestamptz, decode(sig, 'hex'), cat, bin, coalesce(bad::text[], '{}')
      from unnest(${done}::uuid[], ${pgArray(list.map((r) => hex(r.signature)))}::text[],
        ${pgArray(list.map((r) => r.priceCategory))}::text[], ${pgArray(list.map((r) => r.priceBin))}::smallint[],
        ${pgArray(list.map((r) => pgArray(r.unreadableImages)))}::text[]) as t(id, sig, cat, bin, bad)`);
    const many = (table: SQL, columns: SQL, types: string[], tuples: unknown[][]) =>
      tuples.length
        ? db.execute(
            sql`insert into ${table} ${columns} select * from unnest(${sql.join(
              types.map((type, i) => sql`${pgArray(tuples.map((t) => t[i] as string))}::${sql.raw(type)}`),
              sql`, `,
            )}) on conflict do nothing`,
          )
        : undefined;
    await many(
      sql`ad_signals`,
      sql`(ad_id, kind, evidence, strength)`,
      ['uuid[]', 'text[]', 'jsonb[]', 'real[]'],
      list.flatMap((r) => r.signals.map((s) => [r.adId, s.kind, JSON.stringify(s.evidence), s.strength])),
    );
    await many(
      sql`ad_text_bands`,
      sql`(key, ad_id)`,
      ['bigint[]', 'uuid[]'],
      list.flatMap((r) => r.textKeys.map((k) => [k, r.adId])),
    );
    const photos = list.flatMap((r) => r.photos.map((p) => ({ adId: r.adId, ...p })));
    if (photos.length) {
      await db.execute(sql`
        insert into ad_image_hashes (ad_id, image, path, hashes)
        select id, image, path, hashes::bigint[]
        from unnest(${pgArray(photos.map((p) => p.adId))}::uuid[], ${pgArray(photos.map((p) => p.image))}::smallint[],
          ${pgArray(photos.map((p) => p.path))}::text[], ${pgArray(photos.map((p) => pgArray(p.hashes.map(toSigned64))))}::text[])
          as t(id, image, path, hashes)`);
    }
    await many(
      sql`ad_image_bands`,
      sql`(key, ad_id, image)`,
      ['int[]', 'uuid[]', 'smallint[]'],
      photos.flatMap((p) => p.keys.map((k) => [k, p.adId, p.image])),
    );
    await many(
      sql`ad_phones`,
      sql`(phone, user_id, ad_id, source)`,
      ['text[]', 'uuid[]', 'uuid[]', 'text[]'],
      list.flatMap((r) => (r.userId ? r.phones.map((p) => [p.phone, r.userId, r.adId, p.source]) : [])),
    );
    await db.execute(sql`
      update advertisements a set risk = t.risk, signal_kinds = t.kinds::text[]
      from unnest(${done}::uuid[], ${pgArray(list.map((r) => r.risk))}::smallint[],
        ${pgArray(list.map((r) => pgArray(r.signals.map((s) => s.kind))))}::text[]) as t(id, risk, kinds)
      where a.id = t.id`);
  }
  await linkBack(
    db,
    opts.backLinks.filter((l) => analysed.has(l.adId) && keep.has(l.otherId)),
  );
  if (queued.length) await db.execute(sql`delete from ad_analysis_queue where ad_id = any(${pgArray(queued)}::uuid[])`);
  return list.map((r) => r.adId);
}

/** An earlier ad (`adId`) whose text a newly analysed one (`otherId`) repeats. */
export type BackLink = { adId: string; otherId: string; similarity: number };

/**
 * Adds each newly analysed repost to its earlier ad's duplicate_text evidence (replacing an earlier
 * link to it), then sets those ads' risk and kinds from their signals again.
 */
async function linkBack(db: Executor, links: readonly BackLink[]): Promise<void> {
  if (!links.length) return;
  // One row per earlier ad (several reposts of it may come in one batch).
  await db.execute(sql`
    insert into ad_signals (ad_id, kind, evidence, strength)
    select id, 'duplicate_text', jsonb_build_object('duplicates',
        jsonb_agg(jsonb_build_object('adId', other, 'similarity', similarity) order by similarity desc)), max(similarity)
    from unnest(${pgArray(links.map((l) => l.adId))}::uuid[], ${pgArray(links.map((l) => l.otherId))}::text[],
      ${pgArray(links.map((l) => l.similarity))}::float8[]) as t(id, other, similarity)
    group by id
    on conflict (ad_id, kind) do update set
      strength = greatest(ad_signals.strength, excluded.strength),
      evidence = jsonb_build_object('duplicates', (
        select jsonb_agg(d.e order by (d.e->>'similarity')::float8 desc) from (
          select o.e from jsonb_array_elements(ad_signals.evidence->'duplicates') o(e)
          where not exists (select 1 from jsonb_array_elements(excluded.evidence->'duplicates') n(e)
            where n.e->>'adId' = o.e->>'adId')
          union all select n.e from jsonb_array_elements(excluded.evidence->'duplicates') n(e)) d))`);
  const ids = [...new Set(links.map((l) => l.adId))];
  const signals = rowsOf<{ ad_id: string; kind: SignalKind; strength: number }>(
    await db.execute(
      sql`select ad_id, kind, strength from ad_signals where ad_id = any(${pgArray(ids)}::uuid[]) order by ad_id, kind`,
    ),
  );
  const risks = ids.map((id) => {
    const own = signals.filter((s) => s.ad_id === id);
    return {
      id,
      risk: riskScore(own.map((s) => ({ kind: s.kind, strength: Number(s.strength) }))),
      kinds: own.map((s) => s.kind),
    };
  });
  await db.execute(sql`
    update advertisements a set risk = t.risk, signal_kinds = t.kinds::text[]
    from unnest(${pgArray(ids)}::uuid[], ${pgArray(risks.map((r) => r.risk))}::smallint[],
      ${pgArray(risks.map((r) => pgArray(r.kinds)))}::text[]) as t(id, risk, kinds)
    where a.id = t.id`);
}

/** The oldest ads waiting in ad_analysis_queue (the embedded database's queue). */
export async function queuedAds(db: Executor, limit: number): Promise<string[]> {
  const result = await db.execute(sql`select ad_id from ad_analysis_queue order by queued_at, ad_id limit ${limit}`);
  return rowsOf<{ ad_id: string }>(result).map((r) => r.ad_id);
}

/** Drops ads from ad_analysis_queue (analysed, or given up on). */
export async function dequeue(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.execute(sql`delete from ad_analysis_queue where ad_id = any(${pgArray(ids)}::uuid[])`);
}

/** The job analysing each of these ads, added to graphile-worker's queue (PostgreSQL). */
export async function addAnalysisJobs(db: Executor, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    select count(*) from graphile_worker.add_jobs(array(
      select ('analyse_ad', json_build_object('adId', id), null, null, 5::smallint, null, null, null)::graphile_worker.job_spec
      from unnest(${pgArray(ids)}::uuid[]) as t(id)))`);
}

/**
 * PostgreSQL, once graphile-worker's queue is there: ads queued in ad_analysis_queue before it
 * was (by an import or a seed on a fresh database) become jobs, in one transaction.
 */
export async function moveQueueToJobs(db: Executor): Promise<number> {
  return db.transaction(async (tx) => {
    const moved = rowsOf<{ ad_id: string }>(await tx.execute(sql`delete from ad_analysis_queue returning ad_id`)).map(
      (r) => r.ad_id,
    );
    await addAnalysisJobs(tx, moved);
    return moved.length;
  });
}

/**
 * Pending ads carrying this number are analysed again (a number just blocked or unblocked): their
 * risk goes back to null, which is what "to be analysed" means, and they are queued as new ads are
 * (graphile-worker's queue where it is there, else ad_analysis_queue). Returns how many.
 */
export async function reanalyseCarrying(db: Executor, phone: string): Promise<number> {
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`
      update advertisements set risk = null
      where id in (
        select p.ad_id from ad_phones p join advertisements a on a.id = p.ad_id
        where p.phone = ${phone} and a.status = 'pending' limit 1000)
      returning id`),
  ).map((r) => r.id);
  if (!ids.length) return 0;
  const [{ queue } = { queue: false }] = rowsOf<{ queue: boolean }>(
    await db.execute(sql`select to_regnamespace('graphile_worker') is not null as queue`),
  );
  if (queue) await addAnalysisJobs(db, ids);
  else {
    await db.execute(sql`
      insert into ad_analysis_queue (ad_id) select unnest(${pgArray(ids)}::uuid[]) on conflict do nothing`);
    await db.execute(sql`select pg_notify('ad_analysis', '')`);
  }
  return ids.length;
}
