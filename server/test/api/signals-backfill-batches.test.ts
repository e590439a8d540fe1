import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { backfill } from '../../src/modules/signals/signals-backfill';
import { makeAd, makeUser } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * The backfill's batches (docs/decisions/0029-trust-signals.md): an ad is matched against the
 * stored ads and its own batch's earlier ones, so a repost or a number met in an earlier batch is
 * found as if the ads had come one by one. Analysis is run here by hand (the app's worker is off).
 */
describeApi('trust signals: the backfill across its batches', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const deps = () => ({ db: t.database.db, storage: t.app.storage, clock: t.clock });

  it('finds in a backfill batch the reposts and numbers of the batches before it, and links them back', async () => {
    const db = t.database.db;
    await backfill(deps(), { textOnly: true }); // what the tests before left unanalysed
    const text = {
      heading: 'Nissan Leaf 2017 battery 95 percent, home charger included',
      details: 'Imported 2019, one owner in Sri Lanka, all service records, Kandy area, serious buyers only please.',
    };
    const phone1 = '0719876543';
    const [u1, u2, u3, u4] = [await makeUser(db), await makeUser(db), await makeUser(db), await makeUser(db)];
    // Posting order; batches of two: [original, filler], [repost, filler], [repost].
    const original = await makeAd(db, { ...text, phone1, userId: u1.id, username: u1.username });
    await makeAd(db, {
      heading: 'Teak wardrobe',
      details: 'Three doors, mirror.',
      phone1,
      userId: u2.id,
    });
    const repost = await makeAd(db, { ...text, phone1, userId: u3.id, username: u3.username });
    await makeAd(db, { heading: 'Rice cooker', details: 'Barely used, 1.8 litres.', userId: u4.id });
    const again = await makeAd(db, { ...text, userId: u4.id, username: u4.username });

    expect(await backfill(deps(), { textOnly: true, batchSize: 2 })).toMatchObject({ done: 5, analysed: 5 });
    const duplicatesOf = async (id: string) =>
      rowsOf<{ ids: string[] | null }>(
        await db.execute(sql`select (select array_agg(d->>'adId' order by d->>'adId')
          from jsonb_array_elements(evidence->'duplicates') d) as ids
          from ad_signals where ad_id = ${id} and kind = 'duplicate_text'`),
      )[0]?.ids ?? [];
    const sorted = (...ids: string[]) => [...ids].sort();
    // The repost found its original in the batch before, the last one found both, and each earlier
    // one names the later ones (linked back).
    expect(await duplicatesOf(repost.id)).toEqual(sorted(original.id, again.id));
    expect(await duplicatesOf(again.id)).toEqual(sorted(original.id, repost.id));
    expect(await duplicatesOf(original.id)).toEqual(sorted(repost.id, again.id));
    // The number behind three accounts, two of them from the batch before.
    const reuse = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from ad_signals where ad_id = ${repost.id} and kind = 'phone_reuse'`,
      ),
    )[0]!.n;
    expect(reuse).toBe(1);
  });
});
