import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { users } from '../db/schema';
import { rebuildSummary } from '../modules/ads/ads-repository';
import type { FileStorage } from '../storage/file-storage';
import { CATEGORIES, DISTRICTS, REJECTION_REASONS, townIn } from './catalog';
import { demoAdvertiser } from './demo-users';
import { hashPassword } from '../lib/passwords';
import { randomBytes } from 'node:crypto';
import { writeImagePool, VARIANTS } from './demo-ads';
import { createRng } from './random';

/** Distinct texts the ads draw from: each is one category's maker in one district's town. */
const POOL = 20_000;
/** Ads per statement: each is one INSERT … SELECT over a range of generate_series. */
const CHUNK = 250_000;

/**
 * Large demo sets in PostgreSQL's own bulk path (issue 37.1, docs/decisions/0015-demo-data-and-admins.md):
 * the texts come from a pool of POOL ads written by the same makers as `seedAds` (catalog.ts), and
 * every per-ad draw (text, advertiser, status, dates, reason, photos, type) is a seeded hash of the
 * ad's number, so the same seed gives the same ads; each CHUNK is one INSERT … SELECT from
 * generate_series. The ads' user triggers are off during the load, as `seedAds` does above 20,000,
 * and the kept counts are rebuilt after it (rebuildSummary: the same rows the triggers would keep,
 * checked by server/test/api/bulk-seed.test.ts). The ads are not analysed: their signals come from
 * `npm run signals:backfill`, as for imported ads.
 */
export async function bulkSeedAds(
  db: Db,
  storage: FileStorage,
  opts: { count: number; seed?: number; now?: Date; advertisers?: number; progress?: (done: number) => void },
): Promise<number> {
  const seed = opts.seed ?? 7;
  const now = opts.now ?? new Date();
  const [{ owners } = { owners: 0 }] = await db
    .select({ owners: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.isAdmin, false));
  if (owners === 0)
    await bulkSeedAdvertisers(db, opts.advertisers ?? Math.max(20, Math.ceil(opts.count / 10)), { now, seed });
  await writeImagePool(storage, 'ads/shared');

  await db.execute(sql`drop table if exists seed_pool, seed_owners`);
  await db.execute(sql`create unlogged table seed_owners as
    select row_number() over (order by created_at, id) - 1 as rn, id, username, mobile
    from users where not is_admin`);
  await db.execute(sql`create unique index on seed_owners (rn)`);
  await db.execute(sql`create unlogged table seed_pool (k int primary key, category text, slug text,
    district text, title text, heading text, details text, price int)`);
  const rng = createRng(seed);
  for (let k = 0; k < POOL; k += 1000) {
    const rows = Array.from({ length: Math.min(1000, POOL - k) }, (_, i) => {
      const category = rng.pick(Object.keys(CATEGORIES));
      const district = rng.pick(DISTRICTS);
      const c = CATEGORIES[category]!.make(rng, townIn(rng, district));
      const slug = category.toLowerCase().replace(/\s+/g, '-');
      return sql`(${k + i}, ${category}, ${slug}, ${district}, ${c.title}, ${c.heading}, ${c.details}, ${c.price})`;
    });
    await db.execute(sql`insert into seed_pool values ${sql.join(rows, sql`, `)}`);
  }
  const [{ total, start } = { total: 0, start: 0 }] = rowsOf<{ total: number; start: number }>(
    await db.execute(sql`select (select count(*)::int from seed_owners) as total,
      (select count(*)::int from advertisements) as start`),
  );

  // Into an empty or smaller table, building each index once afterwards is cheaper than keeping
  // every index through every row (the constraints' own indexes stay).
  const rebuilt = opts.count >= start ? await dropSecondaryIndexes(db) : [];
  await db.execute(sql`alter table advertisements disable trigger user`);
  try {
    // Ad numbers continue after the ads already there, so a second load draws new ads.
    for (let lo = start + 1; lo <= start + opts.count; lo += CHUNK) {
      const hi = Math.min(start + opts.count, lo + CHUNK - 1);
      await db.execute(insertChunk({ lo, hi, seed, now, owners: total }));
      opts.progress?.(hi - start);
    }
  } finally {
    await db.execute(sql`alter table advertisements enable trigger user`);
    await db.execute(sql`drop table if exists seed_pool, seed_owners`);
    for (const definition of rebuilt) await db.execute(sql.raw(definition));
  }
  await rebuildSummary(db);
  return opts.count;
}

/**
 * Advertisers the same way: names, handles and mail domains from a pool of `demoAdvertiser`'s, the
 * number, mobile, registration date and verification drawn per advertiser (mobiles are not shared
 * by a pool). One password hash for all, as `seedAdvertisers`: they cannot sign in.
 */
async function bulkSeedAdvertisers(db: Db, count: number, opts: { seed: number; now: Date }) {
  const rng = createRng(opts.seed);
  const hash = await hashPassword(randomBytes(16).toString('hex'));
  await db.execute(sql`drop table if exists seed_people`);
  await db.execute(sql`create unlogged table seed_people (k int primary key, handle text, name text,
    local text, domain text)`);
  for (let k = 0; k < 2_000; k += 500) {
    const rows = Array.from({ length: 500 }, (_, i) => {
      // Advertiser 0's row: its username and mail end in the number 0, which each row's own replaces.
      const a = demoAdvertiser(rng, 0, opts.now, hash);
      const [local, domain] = a.email.split('@') as [string, string];
      return sql`(${k + i}, ${a.username.slice(0, -1)}, ${a.name}, ${local.slice(0, -1)}, ${domain})`;
    });
    await db.execute(sql`insert into seed_people values ${sql.join(rows, sql`, `)}`);
  }
  const [{ start } = { start: 0 }] = rowsOf<{ start: number }>(
    await db.execute(sql`select count(*)::int as start from users`),
  );
  const u = (i: number) =>
    sql.raw(`((hashint8extended(g, ${opts.seed * 64 + 32 + i}) & 2147483647)::float8 / 2147483648.0)`);
  const prefixes = sql.raw(`array['070', '071', '072', '074', '075', '076', '077', '078']`);
  try {
    for (let lo = start + 1; lo <= start + count; lo += CHUNK) {
      const hi = Math.min(start + count, lo + CHUNK - 1);
      await db.execute(sql`
        insert into users (username, name, email, mobile, is_admin, is_verified, password_hash, created_at, join_date)
        select p.handle || g, p.name, p.local || g || '@' || p.domain,
          (${prefixes})[1 + floor(${u(1)} * 8)::int] || ' ' || (100 + g % 900) || ' ' || (1000 + floor(${u(2)} * 9000)::int),
          false, ${u(3)} < 0.8, ${hash}, d.at, d.at
        from generate_series(${lo}::bigint, ${hi}::bigint) g
          cross join lateral (select ${opts.now.toISOString()}::timestamptz - (1 + floor(${u(4)} * 35040)) * interval '1 hour' as at) d
          join seed_people p on p.k = floor(${u(0)} * 2000)::int`);
    }
  } finally {
    await db.execute(sql`drop table if exists seed_people`);
  }
}

/** Drops the ads' indexes that no constraint owns, answering their definitions to create them again. */
async function dropSecondaryIndexes(db: Db): Promise<string[]> {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = 'advertisements'
        and indexname not in (select conname from pg_constraint where conrelid = 'advertisements'::regclass)`),
  );
  for (const { name } of indexes) await db.execute(sql`drop index ${sql.identifier(name)}`);
  return indexes.map((i) => i.definition);
}

/** One chunk of ads: draw `i` of ad `g` is u(i), a seeded hash of (g, i) in [0, 1). */
function insertChunk(o: { lo: number; hi: number; seed: number; now: Date; owners: number }) {
  const u = (i: number) => sql.raw(`((hashint8extended(g, ${o.seed * 64 + i}) & 2147483647)::float8 / 2147483648.0)`);
  const reasons = sql`array[${sql.join(
    REJECTION_REASONS.map((r) => sql`${r}`),
    sql`, `,
  )}]::text[]`;
  return sql`
    insert into advertisements (user_id, username, title, heading, details, price, phone1, category, district,
      status, rejection_reason, images, posting_date, ad_type, moderated_at)
    select o.id, o.username, p.title, p.heading, p.details, p.price,
      case when ${u(3)} < 0.9 then coalesce(o.mobile, '07' || lpad((g % 100000000)::text, 8, '0')) end,
      p.category, p.district, s.status,
      case when s.status = 'rejected' then (${reasons})[1 + floor(${u(4)} * ${REJECTION_REASONS.length})::int] end,
      array(select 'ads/shared/' || p.slug || '-' || floor(${u(5)} * ${VARIANTS} + k)::int % ${VARIANTS} || '.png'
        from generate_series(1, 1 + floor(${u(6)} * 5)::int) k),
      d.posting_date,
      case when ${u(7)} < 0.6 then 'digital' else 'regular' end,
      case when s.status <> 'pending' then d.posting_date + (1 + floor(${u(8)} * 48)::int) * interval '1 hour' end
    from generate_series(${o.lo}::bigint, ${o.hi}::bigint) g
      cross join lateral (select case when ${u(2)} < 0.3 then 'pending' when ${u(2)} < 0.8 then 'approved'
        else 'rejected' end as status) s
      cross join lateral (select ${o.now.toISOString()}::timestamptz - case when s.status = 'pending'
        then ${u(9)} * interval '240 hours' else interval '24 hours' + ${u(9)} * interval '8736 hours' end as posting_date) d
      join seed_pool p on p.k = floor(${u(0)} * ${POOL})::int
      join seed_owners o on o.rn = floor(${u(1)} * ${o.owners})::int`;
}
