import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdListResponse } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { advertisements } from '../../src/db/schema';
import { adIdTail } from '../../src/modules/ads/ads-repository';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/** The Ad ID column sorts by the five characters it shows, the full id breaking ties, from an index. */
describeApi('ads sorted by Ad ID', () => {
  let t: TestApp;
  let api: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    api = adminClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());

  const ids = [
    '00000000-0000-4000-8000-0000000fffff', // shows #fffff: last in ascending order although its id is smallest
    'ffffffff-0000-4000-8000-000000000001', // #00001: first although its id is largest
    '11111111-0000-4000-8000-0000000a0000', // #a0000 tie …
    '22222222-0000-4000-8000-0000000a0000', // … broken by the full id
    '33333333-0000-4000-8000-00000000b123', // #0b123
  ];

  it('orders by the last five characters, then by the full id, both ways', async () => {
    for (const id of ids) await makeAd(t.database.db, { id });
    const list = async (order: 'asc' | 'desc') => {
      const res = await api.send('GET', `/api/advertisements/list?sort=id&order=${order}&pageSize=10`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as AdListResponse).advertisements.map((a) => a._id);
    };
    const ascending = [ids[1], ids[4], ids[2], ids[3], ids[0]];
    expect(await list('asc')).toEqual(ascending);
    expect(await list('desc')).toEqual([...ascending].reverse());
  });

  it('reads that order from the ads_id_tail_idx index, not by sorting every ad', async () => {
    const db = t.database.db;
    const page = db
      .select({ id: advertisements.id })
      .from(advertisements)
      .orderBy(asc(adIdTail), asc(advertisements.id))
      .limit(10)
      .offset(20);
    // A handful of rows makes a sequential scan cheapest; forbid it and an explicit sort, so the
    // plan shows whether the index can serve the order at all.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const rows = rowsOf<Record<string, string>>(await tx.execute(sql`explain ${page}`));
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('ads_id_tail_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
