import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AD_SORT_FIELDS, type AdListQuery } from '@backoffice/contract';
import type { AdRow } from '../../src/db/schema';
import { findAdsPage } from '../../src/modules/ads/ads-repository';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { createRng } from '../../src/seed/random';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * The list endpoint against a plain in-memory model (docs/decisions/0014-ad-moderation-rules.md): for random filters, searches, sorts
 * and pages it must return exactly the model's page and total.
 */
const statuses = ['pending', 'approved', 'rejected'] as const;
const categories = ['Land sale', 'Vehicles', 'Services'];
const districts = ['Colombo', 'Kandy', 'Jaffna', 'Galle'];
// Lowercase letters only, so byte order and any collation agree; duplicates force tie-breaks.
const words = ['aqua', 'house', 'land', 'sale', 'rent', 'van', 'zeta'];

function modelList(ads: AdRow[], q: AdListQuery) {
  const needle = q.q?.toLowerCase();
  const matching = ads.filter(
    (a) =>
      (q.status === 'all' || a.status === q.status) &&
      (!q.category || a.category === q.category) &&
      (!q.district || a.district === q.district) &&
      (!needle || [a.heading, a.details, a.username].some((f) => f.toLowerCase().includes(needle))),
  );
  const key = (a: AdRow): (string | number)[] => {
    const date = a.postingDate.getTime();
    switch (q.sort) {
      case 'id':
        return [a.id.slice(-5), a.id];
      case 'heading':
        return [a.heading, a.id];
      case 'username':
        return [a.username, a.id];
      case 'postingDate':
        return [date, a.id];
      case 'adType':
        return [a.adType, date, a.id];
      case 'status':
        return [a.status, date, a.id];
    }
  };
  const sign = q.order === 'asc' ? 1 : -1;
  matching.sort((x, y) => {
    const [kx, ky] = [key(x), key(y)];
    for (let i = 0; i < kx.length; i++) if (kx[i] !== ky[i]) return (kx[i]! < ky[i]! ? -1 : 1) * sign;
    return 0;
  });
  const start = (q.page - 1) * q.pageSize;
  return { ids: matching.slice(start, start + q.pageSize).map((a) => a.id), total: matching.length };
}

describeApi('list endpoint matches an in-memory model', () => {
  let t: TestApp;
  let api: ReturnType<typeof adminClient>;
  const ads: AdRow[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    api = adminClient(t.app, await signIn(t.app, admin.email));
    const rng = createRng(42);
    for (let i = 0; i < 90; i++) {
      ads.push(
        await makeAd(t.database.db, {
          heading: `${rng.pick(words)} ${rng.pick(words)}`,
          details: rng.chance(0.3) ? `call ${rng.pick(words)} 50% off_now` : 'plain',
          username: rng.pick(['kasun', 'nimali', 'arun', 'priya']),
          status: rng.pick(statuses),
          category: rng.pick(categories),
          district: rng.pick(districts),
          adType: rng.pick(['digital', 'regular'] as const),
          // Few distinct instants, so ties on posting date are common; many on the edges of UTC
          // days and hours, which deep pages skip whole (findAdsPage's anchor).
          postingDate: new Date(
            Date.UTC(2026, 0, rng.int(1, 6), rng.pick([0, 0, 5, 6, 6, 23]), rng.pick([0, 59]), rng.pick([0, 59])),
          ),
        }),
      );
    }
  });
  afterAll(() => t?.close());

  it('agrees for random queries', async () => {
    const modelCounts = {
      total: ads.length,
      ...Object.fromEntries(statuses.map((s) => [s, ads.filter((a) => a.status === s).length])),
    };
    const query = fc.record({
      page: fc.integer({ min: 1, max: 12 }),
      pageSize: fc.constantFrom(1, 5, 10, 25, 100),
      sort: fc.constantFrom(...AD_SORT_FIELDS),
      order: fc.constantFrom('asc' as const, 'desc' as const),
      status: fc.constantFrom('all' as const, ...statuses),
      category: fc.option(fc.constantFrom(...categories, 'Unknown'), { nil: undefined }),
      district: fc.option(fc.constantFrom(...districts), { nil: undefined }),
      q: fc.option(
        fc.oneof(
          fc.constantFrom(...words, 'AQUA', '50%', 'off_', '%', '_', 'sale r', 'an'),
          fc.string({ maxLength: 3 }),
        ),
        {
          nil: undefined,
        },
      ),
    });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const params = Object.fromEntries(
          Object.entries(q).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== ''),
        );
        const res = await api.list(params);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        const expected = modelList(ads, { ...q, q: q.q || undefined });
        // A search's total is in the list only when this page shows the end of the results;
        // otherwise the count call answers it. Either way it must be the model's.
        const { page: _page, pageSize: _size, sort: _sort, order: _order, ...filter } = params;
        const counted = (await api.count(filter)).json().total;
        expect(counted).toBe(expected.total);
        if (params.q === undefined) expect(body.total).toBe(expected.total);
        else {
          const endShown = body.advertisements.length < q.pageSize && (body.advertisements.length > 0 || q.page === 1);
          expect(body.total).toBe(endShown ? expected.total : null);
        }
        expect(body.advertisements.map((a: { _id: string }) => a._id)).toEqual(expected.ids);
        expect(body.counts).toEqual(modelCounts);
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same deep pages when they start from an anchor hour', async () => {
    // Anchoring from offset 0 makes every page of the posting-date order use it.
    const query = fc.record({
      page: fc.integer({ min: 1, max: 40 }),
      pageSize: fc.constantFrom(1, 3, 10, 25),
      sort: fc.constant('postingDate' as const),
      order: fc.constantFrom('asc' as const, 'desc' as const),
      status: fc.constantFrom('all' as const, ...statuses),
      category: fc.option(fc.constantFrom(...categories, 'Unknown'), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const { rows } = await findAdsPage(t.database.db, q, 0);
        expect(rows.map((a) => a.id)).toEqual(modelList(ads, q).ids);
      }),
      { numRuns: 200 },
    );
  });
});
