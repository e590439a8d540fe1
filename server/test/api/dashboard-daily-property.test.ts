import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { advertisements } from '../../src/db/schema';
import { postedCount, splitDays } from '../../src/modules/dashboard/dashboard-repository';
import { summaryMatchesTable } from '../support/ads-helpers';
import { makeAd } from '../support/factories';
import { HOUR } from '../support/dashboard-factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * The dashboard counts a period's whole UTC days from ad_daily and its partial days from the
 * ads themselves. For random ads, random changes to them and random periods, that must equal a
 * plain count, and ad_daily must stay equal to a fresh group-by.
 */
const START = Date.UTC(2026, 10, 10, 0, 0, 0);
const SPAN = 6 * 24 * HOUR;
const statuses = ['pending', 'approved', 'rejected'] as const;
const categories = ['Land sale', 'Vehicles', 'Services'];
const types = ['digital', 'regular'] as const;

describeApi('dashboard period counts from ad_daily', () => {
  let t: TestApp;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await buildTestApp();
    // Posting times on and around UTC midnights and Colombo midnights (18:30 UTC) as well.
    const rng = fc.sample(
      fc.record({
        at: fc.oneof(
          fc.integer({ min: 0, max: SPAN }),
          fc.integer({ min: 0, max: 6 }).map((d) => d * 24 * HOUR),
          fc.integer({ min: 0, max: 5 }).map((d) => d * 24 * HOUR + 18.5 * HOUR),
        ),
        status: fc.constantFrom(...statuses),
        category: fc.constantFrom(...categories),
        adType: fc.constantFrom(...types),
      }),
      { numRuns: 160, seed: 42 },
    );
    const ads = [];
    for (const r of rng)
      ads.push(
        await makeAd(db(), {
          postingDate: new Date(START + r.at),
          status: r.status,
          category: r.category,
          adType: r.adType,
        }),
      );
    // Changes the triggers must follow: moderation, a moved posting date, deletion, a bulk update.
    await db().update(advertisements).set({ status: 'approved' }).where(eq(advertisements.id, ads[0]!.id));
    await db()
      .update(advertisements)
      .set({ postingDate: new Date(START + 3 * 24 * HOUR) })
      .where(eq(advertisements.id, ads[1]!.id));
    await db().delete(advertisements).where(eq(advertisements.id, ads[2]!.id));
    await db().update(advertisements).set({ status: 'rejected' }).where(eq(advertisements.category, 'Services'));
  });
  afterAll(() => t?.close());

  it('keeps ad_daily equal to a fresh count through inserts, updates and deletes', async () => {
    expect(await summaryMatchesTable(db())).toBe(true);
  });

  it('counts any period exactly as a plain count of the ads does', async () => {
    const instant = fc.oneof(
      fc.integer({ min: -24 * HOUR, max: SPAN + 24 * HOUR }),
      fc.integer({ min: -1, max: 7 }).map((d) => d * 24 * HOUR),
      fc.integer({ min: -1, max: 7 }).map((d) => d * 24 * HOUR + 18.5 * HOUR),
    );
    const where = fc.constantFrom(
      ["status = 'pending'", sql`status = 'pending'`],
      ["status = 'approved'", sql`status = 'approved'`],
      ["ad_type = 'regular'", sql`ad_type = 'regular'`],
      ["category = 'Vehicles'", sql`category = 'Vehicles'`],
      ["status = 'rejected' and category = 'Land sale'", sql`status = 'rejected' and category = 'Land sale'`],
    );
    await fc.assert(
      fc.asyncProperty(instant, fc.option(instant, { nil: null }), where, async (a, b, [text, condition]) => {
        const from = new Date(START + a);
        const to = b === null ? null : new Date(START + b);
        const [row] = rowsOf<{ fast: number; plain: number }>(
          await db().execute(sql`
            select ${postedCount(condition, from, to)} as fast,
              (select count(*)::int from advertisements where ${sql.raw(text)}
                and posting_date >= ${from.toISOString()}::timestamptz
                ${to === null ? sql`` : sql`and posting_date < ${to.toISOString()}::timestamptz`}) as plain`),
        );
        expect(row!.fast).toBe(row!.plain);
      }),
      { numRuns: 120 },
    );
  });
});

it('splits a period into whole UTC days and the partial days at its edges', () => {
  const d = (iso: string) => new Date(iso);
  expect(splitDays(d('2026-11-01T18:30:00Z'), d('2026-11-04T18:30:00Z'))).toEqual({
    days: { from: '2026-11-02', to: '2026-11-04' },
    edges: [
      { from: d('2026-11-01T18:30:00Z'), to: d('2026-11-02T00:00:00Z') },
      { from: d('2026-11-04T00:00:00Z'), to: d('2026-11-04T18:30:00Z') },
    ],
  });
  expect(splitDays(d('2026-11-02T00:00:00Z'), d('2026-11-03T00:00:00Z'))).toEqual({
    days: { from: '2026-11-02', to: '2026-11-03' },
    edges: [],
  });
  expect(splitDays(d('2026-11-02T05:00:00Z'), d('2026-11-02T23:00:00Z'))).toEqual({
    days: null,
    edges: [{ from: d('2026-11-02T05:00:00Z'), to: d('2026-11-02T23:00:00Z') }],
  });
  expect(splitDays(d('2026-11-02T05:00:00Z'), null)).toEqual({
    days: { from: '2026-11-03', to: null },
    edges: [{ from: d('2026-11-02T05:00:00Z'), to: d('2026-11-03T00:00:00Z') }],
  });
  expect(splitDays(d('2026-11-03T00:00:00Z'), d('2026-11-02T00:00:00Z'))).toEqual({ days: null, edges: [] });
});
