import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import {
  IMAGE_CANDIDATES_PER_KEY,
  imageBandMatches,
  imageBandMatchesQuery,
} from '../../src/modules/signals/signals-repository';
import { buildTestApp, describeApi, testDb, type TestApp } from '../support/test-app';

/**
 * How a new ad's photo lookup is planned on PostgreSQL (signals-repository.ts, imageBandMatchesQuery):
 * by the keys' GIN index, however many photos are stored and whatever the statistics say. Read over
 * the whole table, each photo's lookup grew with every photo stored (a new ad's signals took 14 s
 * at 20 ads a second in bench/signals-speed.ts).
 */
describeApi('how the photo band lookup is planned on PostgreSQL', () => {
  const onPostgres = testDb === 'postgres';
  let t: TestApp;

  beforeAll(async () => {
    if (onPostgres) t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it.runIf(onPostgres)('probes the keys index for a new ad’s two hundred keys, and caps a key’s photos', async () => {
    const db = t.database.db;
    // 3,000 photos of 81 random keys each (a stored photo's count), and a flood of one photo; the
    // ads behind them are not needed here (no foreign-key check in replica mode).
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into ad_image_hashes (ad_id, image, path, hashes, keys)
        select gen_random_uuid(), 0, 'p' || n, '{}',
          array(select (random() * 524287)::bigint from generate_series(1, 81) where n > 0)
        from generate_series(1, 3000) n`);
      await tx.execute(sql`insert into ad_image_hashes (ad_id, image, path, hashes, keys)
        select gen_random_uuid(), 0, 'flood' || n, '{}', '{600000}' from generate_series(1, 150) n`);
    });
    await db.execute(sql`analyze ad_image_hashes`);
    const stored = rowsOf<{ ad_id: string; key: string }>(
      await db.execute(sql`select ad_id, keys[1]::text as key from ad_image_hashes where path = 'p1'`),
    )[0]!;
    const keys = [Number(stored.key), ...Array.from({ length: 215 }, (_, i) => 530000 + i)];

    const [plan] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await db.execute(sql`explain (format json) ${imageBandMatchesQuery(keys, [])}`),
    );
    const text = JSON.stringify(plan);
    expect(text).toContain('ad_image_hashes_keys_idx');
    expect(text).not.toContain('"Seq Scan"');

    const found = await imageBandMatches(db, keys, []);
    expect(found).toContainEqual({ key: Number(stored.key), adId: stored.ad_id, image: 0 });
    expect(await imageBandMatches(db, keys, [stored.ad_id])).not.toContainEqual(
      expect.objectContaining({ adId: stored.ad_id }),
    );
    expect(await imageBandMatches(db, [600000], [])).toHaveLength(IMAGE_CANDIDATES_PER_KEY);
  });
});
