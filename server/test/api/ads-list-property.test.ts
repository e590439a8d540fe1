import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AD_SORT_FIELDS, type AdListQuery } from '@backoffice/contract';
import type { AdRow } from '../../src/db/schema';
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
      case 'risk':
        return [a.risk ?? -1, a.id];
    }
  };
  const sign = q.order === 'asc' ? 1 : -1;
  matching.sort((x, y) => {
    const [kx, ky] = [key(x), key(y)];
    for (let i = 0; i < kx.length; i++) if (kx[i] !== ky[i]) return (kx[i]! < ky[i]! ? -1 : 1) * sign;
    return 0;
  });
  const start = (q.page - 1) * q.pageSize;
  return {
    ids: matching.slice(start, start + q.pageSize).map((a) => a.id),
    total: matching.length,
    all: matching.map((a) => a.id),
  };
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
          // Few risks, some not analysed (null sorts as -1), so ties on risk are common.
          risk: rng.chance(0.3) ? null : rng.pick([0, 25, 25, 60, 100]),
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

  it('walks by cursor to the next, previous, first and last page for every sort, direction and filter', async () => {
    const walk = fc.record({
      pageSize: fc.constantFrom(1, 3, 10, 25),
      sort: fc.constantFrom(...AD_SORT_FIELDS),
      order: fc.constantFrom('asc' as const, 'desc' as const),
      status: fc.constantFrom('all' as const, ...statuses),
      category: fc.option(fc.constantFrom(...categories), { nil: undefined }),
      district: fc.option(fc.constantFrom(...districts), { nil: undefined }),
      q: fc.option(fc.constantFrom(...words, 'an', 'off_'), { nil: undefined }),
      moves: fc.array(fc.constantFrom('next', 'next', 'previous', 'first', 'last'), { minLength: 1, maxLength: 10 }),
    });
    await fc.assert(
      fc.asyncProperty(walk, async ({ moves, ...view }) => {
        const base = Object.fromEntries(
          Object.entries(view as Record<string, string | number | undefined>).filter(
            (e): e is [string, string | number] => e[1] !== undefined,
          ),
        );
        const model = modelList(ads, { ...view, page: 1 });
        const pages = Math.max(1, Math.ceil(model.total / view.pageSize));
        const expectPage = (
          body: { advertisements: { _id: string }[]; page: number; total: number | null },
          page: number,
        ) => {
          const start = (page - 1) * view.pageSize;
          expect(body.advertisements.map((a) => a._id)).toEqual(model.all.slice(start, start + view.pageSize));
          expect(body.page).toBe(page);
          if (view.q === undefined) expect(body.total).toBe(model.total);
          else if (body.total !== null) expect(body.total).toBe(model.total);
        };
        let page = 1;
        let body = (await api.list(base)).json();
        expectPage(body, page);
        for (const move of moves) {
          let params: Record<string, string | number>;
          if (move === 'next') {
            if (page >= pages) continue;
            params = { ...base, page: ++page, after: body.cursors.end };
          } else if (move === 'previous') {
            if (page <= 1) continue;
            params = { ...base, page: --page, before: body.cursors.start };
          } else if (move === 'first') {
            params = { ...base, page: (page = 1) };
          } else {
            if (model.total === 0) continue;
            page = pages;
            params = { ...base, page, last: model.total - (pages - 1) * view.pageSize };
          }
          const res = await api.list(params);
          expect(res.statusCode).toBe(200);
          body = res.json();
          expectPage(body, page);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a cursor of another sort, a forged one and two moves at once', async () => {
    const first = (await api.list({ sort: 'heading', pageSize: 3 })).json();
    const end: string = first.cursors.end;
    const bad = (params: Record<string, string | number>) => api.list(params).then((r) => r.statusCode);
    expect(await bad({ sort: 'heading', after: end })).toBe(200);
    expect(await bad({ sort: 'username', after: end })).toBe(400);
    expect(await bad({ sort: 'heading', before: end, after: end })).toBe(400);
    expect(await bad({ sort: 'heading', after: end, last: 2 })).toBe(400);
    expect(await bad({ pageSize: 3, last: 4 })).toBe(400);
    const forge = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
    const id = ads[0]!.id;
    for (const cursor of [
      'not a cursor',
      forge(['postingDate', 'not-a-uuid']),
      forge(['postingDate', 5]),
      forge(['postingDate', id, id]),
      forge(['postingDate']),
      forge(['status', id]),
      forge(['status', 'archived', id]),
      forge(['status', 'pending\u0000', id]),
      forge(['heading', `${id}\u0000`]),
    ]) {
      const sort = cursor.startsWith('not')
        ? 'postingDate'
        : JSON.parse(Buffer.from(cursor, 'base64url').toString())[0];
      const res = await api.list({ after: cursor, sort });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Invalid page cursor' });
    }
  });
});
