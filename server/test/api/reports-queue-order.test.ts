import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { prioritisedPending } from '../../src/modules/ads/ads-read-repository';
import { addOpenReports } from '../support/report-factories';
import { makeAd } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

const FILTER = { status: 'pending', sort: 'postingDate', order: 'desc' } as const;

/**
 * The pending queue's first rows with open reports beside the ads (docs/decisions/0034-reports.md,
 * "The counters beside the ad"): two reads in order, one of the prioritised and one of the reported,
 * give the same rows as sorting every ad by rule priority plus report weight.
 */
describeApi('the queue order of prioritised and reported ads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { MESSAGE_WORKER: 'false' } });
  });
  afterAll(() => t.close());

  type Ad = { rulePriority: number; reports: number; status: 'pending' | 'approved' };
  const ad = fc.record({
    rulePriority: fc.integer({ min: 0, max: 3 }),
    reports: fc.integer({ min: 0, max: 4 }),
    status: fc.constantFrom<'pending' | 'approved'>('pending', 'pending', 'pending', 'approved'),
  });

  it('reads the same first rows as a sort of every ad, for any priorities, weights and limit', async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(ad, { minLength: 1, maxLength: 14 }),
        fc.integer({ min: 1, max: 6 }),
        async (ads, limit) => {
          await db.execute(sql`delete from advertisements`);
          const made: { id: string; postingDate: Date; score: number; ad: Ad }[] = [];
          for (const a of ads) {
            // Some share a posting date: the id breaks the tie, in both reads and in the sort.
            const row = await makeAd(db, {
              status: a.status,
              rulePriority: a.rulePriority,
              postingDate: new Date(Date.UTC(2026, 10, 1, made.length % 5)),
            });
            // Weights in quarters, as reporters' records give them, so that sums tie exactly.
            if (a.reports) await addOpenReports(db, row.id, a.reports, a.reports * 0.75);
            made.push({ id: row.id, postingDate: row.postingDate, score: a.rulePriority + a.reports * 0.75, ad: a });
          }
          const expected = made
            .filter((m) => m.ad.status === 'pending' && (m.ad.rulePriority > 0 || m.ad.reports > 0))
            .sort(
              (x, y) =>
                y.score - x.score ||
                x.postingDate.getTime() - y.postingDate.getTime() ||
                (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
            )
            .slice(0, limit)
            .map((m) => m.id);
          const read = (await prioritisedPending(db, FILTER, limit)).map((r) => r.id);
          expect(read).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("follows the ad: a decision takes a reported ad out of the queue's order, a rule's priority moves it", async () => {
    const db = t.database.db;
    await db.execute(sql`delete from advertisements`);
    const first = await makeAd(db, { heading: 'Reported and prioritised later' });
    const second = await makeAd(db, { heading: 'Reported more' });
    await addOpenReports(db, first.id, 1);
    await addOpenReports(db, second.id, 2);
    const queue = async () => (await prioritisedPending(db, FILTER, 10)).map((r) => r.heading);
    const priorities = async () =>
      rowsOf<{ ad_id: string; queue_priority: number | null }>(
        await db.execute(sql`select ad_id, queue_priority from ad_reports order by queue_priority desc nulls last`),
      ).map((r) => [r.ad_id, r.queue_priority]);
    expect(await queue()).toEqual(['Reported more', 'Reported and prioritised later']);

    await db.execute(sql`update advertisements set rule_priority = 2 where id = ${first.id}`);
    expect(await priorities()).toEqual([
      [first.id, 3],
      [second.id, 2],
    ]);
    expect(await queue()).toEqual(['Reported and prioritised later', 'Reported more']);

    await db.execute(sql`update advertisements set status = 'approved' where id = ${first.id}`);
    expect(await priorities()).toEqual([
      [second.id, 2],
      [first.id, null],
    ]);
    expect(await queue()).toEqual(['Reported more']);

    await db.execute(sql`delete from advertisements where id = ${second.id}`);
    expect(await priorities()).toEqual([[first.id, null]]);
  });
});
