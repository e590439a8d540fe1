import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { toSigned64 } from '../../signals/image-hash';
import { riskScore } from '../../signals/risk';
import type { SignalKind } from '../../signals/types';
import { pgArray } from './signals-repository';
import { analysed as hasAnalysis } from '../../domain/analysed-risk';

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
  const locked = rowsOf<{ id: string; risk: number | null; signal_kinds: string[]; analysed: boolean }>(
    await db.execute(sql`
      select id, risk, signal_kinds, ${hasAnalysis(sql`a.id`)} as analysed
      from advertisements a where id = any(${pgArray([...ids, ...targets])}::uuid[])
      order by id for update of a`),
  );
  const batch = new Set(ids);
  const keep = new Set(locked.filter((r) => batch.has(r.id) && (force || !r.analysed)).map((r) => r.id));
  const analysed = new Set(locked.filter((r) => !batch.has(r.id) && r.analysed).map((r) => r.id));
  // By category: the histogram rows are updated in one order by every writer (no deadlock).
  const list = rows
    .filter((r) => keep.has(r.adId))
    .sort((a, b) => (a.priceCategory ?? '').localeCompare(b.priceCategory ?? ''));
  const done = pgArray(list.map((r) => r.adId));
  if (list.length) {
    // The `reported` signal is the reports' (docs/decisions/0034-reports.md): it stays while reports are open.
    for (const table of ['ad_analysis', 'ad_signals', 'ad_image_hashes', 'ad_phones'])
      await db.execute(sql`delete from ${sql.identifier(table)} where ad_id = any(${done}::uuid[])
        ${table === 'ad_signals' ? sql`and kind <> 'reported'` : sql``}`);
    await db.execute(sql`
      insert into ad_analysis (ad_id, analysed_at, text_signature, text_keys, price_category, price_bin, unreadable_images)
      select id, ${at.toISOString()}::timestamptz, decode(sig, 'hex'), keys::bigint[], cat, bin, coalesce(bad::text[], '{}')
      from unnest(${done}::uuid[], ${pgArray(list.map((r) => hex(r.signature)))}::text[],
        ${pgArray(list.map((r) => pgArray(r.textKeys)))}::text[],
        ${pgArray(list.map((r) => r.priceCategory))}::text[], ${pgArray(list.map((r) => r.priceBin))}::smallint[],
        ${pgArray(list.map((r) => pgArray(r.unreadableImages)))}::text[]) as t(id, sig, keys, cat, bin, bad)`);
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
    const photos = list.flatMap((r) => r.photos.map((p) => ({ adId: r.adId, ...p })));
    if (photos.length) {
      await db.execute(sql`
        insert into ad_image_hashes (ad_id, image, path, hashes, keys)
        select id, image, path, hashes::bigint[], keys::bigint[]
        from unnest(${pgArray(photos.map((p) => p.adId))}::uuid[], ${pgArray(photos.map((p) => p.image))}::smallint[],
          ${pgArray(photos.map((p) => p.path))}::text[], ${pgArray(photos.map((p) => pgArray(p.hashes.map(toSigned64))))}::text[],
          ${pgArray(photos.map((p) => pgArray(p.keys)))}::text[])
          as t(id, image, path, hashes, keys)`);
    }
    await many(
      sql`ad_phones`,
      sql`(phone, user_id, ad_id, source)`,
      ['text[]', 'uuid[]', 'uuid[]', 'text[]'],
      list.flatMap((r) => (r.userId ? r.phones.map((p) => [p.phone, r.userId, r.adId, p.source]) : [])),
    );
    // An ad analysed to the risk and kinds its row has keeps its row (not a HOT update: every index):
    // a clean ad's row is never written, its null (before migration 0038) or 0 counting as 0.
    const kinds = sql`(t.kinds::text[] || case when a.signal_kinds @> array['reported'] then array['reported'] else '{}'::text[] end)`;
    await db.execute(sql`
      update advertisements a set risk = t.risk, signal_kinds = ${kinds}
      from unnest(${done}::uuid[], ${pgArray(list.map((r) => r.risk))}::smallint[],
        ${pgArray(list.map((r) => pgArray(r.signals.map((s) => s.kind))))}::text[]) as t(id, risk, kinds)
      where a.id = t.id and (coalesce(a.risk, 0) <> t.risk or a.signal_kinds is distinct from ${kinds})`);
  }
  await linkBack(
    db,
    opts.backLinks.filter((l) => analysed.has(l.adId) && keep.has(l.otherId)),
    new Map(locked.map((r) => [r.id, { risk: r.risk === null ? null : Number(r.risk), kinds: r.signal_kinds }])),
  );
  if (queued.length) await db.execute(sql`delete from ad_analysis_queue where ad_id = any(${pgArray(queued)}::uuid[])`);
  return list.map((r) => r.adId);
}

/** An earlier ad (`adId`) whose text a newly analysed one (`otherId`) repeats. */
export type BackLink = { adId: string; otherId: string; similarity: number };

type Duplicate = { adId: string; similarity: number };

/**
 * The most near-duplicates an ad's duplicate_text evidence names: the most similar ones. In a flood
 * of one text every copy repeats every earlier one, and evidence naming them all would grow (and be
 * rewritten) with each copy; `GET /api/advertisements/{id}/duplicates` lists more, looked up live.
 */
export const EVIDENCE_DUPLICATES = 20;

/**
 * `current` with `added` in (a link to the same ad replaced), most similar first, capped at
 * EVIDENCE_DUPLICATES. On equal similarity the links already there stay first, so that a copy
 * no more alike than those shown changes nothing.
 */
export function mergeDuplicates(current: readonly Duplicate[], added: readonly Duplicate[]): Duplicate[] {
  const replaced = new Set(added.map((d) => d.adId));
  return [...current.filter((d) => !replaced.has(d.adId)), ...added]
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, EVIDENCE_DUPLICATES);
}

const sameDuplicates = (a: readonly Duplicate[], b: readonly Duplicate[]) =>
  a.length === b.length && a.every((d, i) => d.adId === b[i]!.adId && d.similarity === b[i]!.similarity);

/**
 * Adds each newly analysed repost to its earlier ad's duplicate_text evidence (mergeDuplicates),
 * then sets those ads' risk and kinds from their signals again. Only what changes is written: an
 * evidence row whose list and strength stay as they were is left alone, and so is an ad row whose
 * risk and kinds stay (its update is not a HOT one: it would write every index of the ad again).
 */
async function linkBack(
  db: Executor,
  links: readonly BackLink[],
  current: ReadonlyMap<string, { risk: number | null; kinds: readonly string[] }>,
): Promise<void> {
  if (!links.length) return;
  const ids = [...new Set(links.map((l) => l.adId))];
  type Row = {
    ad_id: string;
    kind: SignalKind;
    strength: number;
    evidence: { duplicates: Duplicate[] } | string | null;
  };
  const stored = rowsOf<Row>(
    await db.execute(sql`
      select ad_id, kind, strength, case when kind = 'duplicate_text' then evidence end as evidence
      from ad_signals where ad_id = any(${pgArray(ids)}::uuid[]) order by ad_id, kind`),
  );
  const signalsOf = new Map<string, Row[]>();
  for (const r of stored) signalsOf.set(r.ad_id, [...(signalsOf.get(r.ad_id) ?? []), r]);
  const addedTo = new Map<string, Duplicate[]>();
  for (const l of links)
    addedTo.set(l.adId, [...(addedTo.get(l.adId) ?? []), { adId: l.otherId, similarity: l.similarity }]);
  const evidence: { id: string; duplicates: Duplicate[]; strength: number }[] = [];
  const rows: { id: string; risk: number; kinds: string[] }[] = [];
  for (const id of ids) {
    const own = signalsOf.get(id) ?? [];
    const added = addedTo.get(id)!;
    const found = own.find((s) => s.kind === 'duplicate_text');
    const before = found?.evidence
      ? (typeof found.evidence === 'string'
          ? (JSON.parse(found.evidence) as { duplicates: Duplicate[] })
          : found.evidence
        ).duplicates
      : [];
    const duplicates = mergeDuplicates(before, added);
    const strength = Math.max(found ? Number(found.strength) : 0, ...added.map((d) => d.similarity));
    if (!found || strength > Number(found.strength) || !sameDuplicates(before, duplicates))
      evidence.push({ id, duplicates, strength });
    const signals = [
      ...own.filter((s) => s.kind !== 'duplicate_text').map((s) => ({ kind: s.kind, strength: Number(s.strength) })),
      { kind: 'duplicate_text' as const, strength },
    ];
    const kinds = signals.map((s) => s.kind as string).sort();
    const risk = riskScore(signals);
    const was = current.get(id);
    const sameKinds = !!was && was.kinds.length === kinds.length && kinds.every((k) => was.kinds.includes(k));
    if (!was || was.risk !== risk || !sameKinds) rows.push({ id, risk, kinds });
  }
  if (evidence.length)
    await db.execute(sql`
      insert into ad_signals (ad_id, kind, evidence, strength)
      select id, 'duplicate_text', evidence, strength
      from unnest(${pgArray(evidence.map((e) => e.id))}::uuid[],
        ${pgArray(evidence.map((e) => JSON.stringify({ duplicates: e.duplicates })))}::jsonb[],
        ${pgArray(evidence.map((e) => e.strength))}::real[]) as t(id, evidence, strength)
      on conflict (ad_id, kind) do update set evidence = excluded.evidence, strength = excluded.strength`);
  if (rows.length)
    await db.execute(sql`
      update advertisements a set risk = t.risk, signal_kinds = t.kinds::text[]
      from unnest(${pgArray(rows.map((r) => r.id))}::uuid[], ${pgArray(rows.map((r) => r.risk))}::smallint[],
        ${pgArray(rows.map((r) => pgArray(r.kinds)))}::text[]) as t(id, risk, kinds)
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
 * analysis row goes, which is what "to be analysed" means (their risk stays on the row until the
 * new analysis writes its own), and they are queued as new ads are (graphile-worker's queue where
 * it is there, else ad_analysis_queue). Returns how many.
 */
export async function reanalyseCarrying(db: Executor, phone: string): Promise<number> {
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`
      delete from ad_analysis
      where ad_id in (
        select p.ad_id from ad_phones p join advertisements a on a.id = p.ad_id
        where p.phone = ${phone} and a.status = 'pending' limit 1000)
      returning ad_id as id`),
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
