import fc from 'fast-check';
import { Placeholder } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AD_SORT_FIELDS, adListQuery } from '@backoffice/contract';
import { FILTER_NAMES, pagePlan, pageQuery, pageShapeName, type PageShape } from '../../src/modules/ads/ads-repository';
import { encodeCursor } from '../../src/modules/ads/ads-cursor';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * The ads page is a prepared statement cached under its shape's name (db/prepared.ts): two queries
 * whose statements differ must never get the same name, or one would run the other's SQL.
 */
describeApi('ads page statements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const subsets = <T>(items: readonly T[]): T[][] =>
    items.reduce<T[][]>((all, item) => [...all, ...all.map((s) => [...s, item])], [[]]);

  // Every subset of the filters × every sort: about 100,000 statements built, minutes on a busy machine.
  it('has one name per distinct statement: equal names exactly when the SQL is equal', { timeout: 900_000 }, () => {
    const shapes: PageShape[] = [];
    for (const sort of AD_SORT_FIELDS)
      for (const direction of ['asc', 'desc'] as const)
        for (const from of ['cursor', 'offset'] as const)
          for (const filters of subsets(FILTER_NAMES)) shapes.push({ sort, direction, from, filters });
    const sqlByName = new Map<string, string>();
    const nameBySql = new Map<string, string>();
    for (const shape of shapes) {
      const name = pageShapeName(shape);
      const text = pageQuery(t.database.db, shape).toSQL().sql;
      expect(sqlByName.get(name) ?? text).toBe(text);
      expect(nameBySql.get(text) ?? name).toBe(name);
      sqlByName.set(name, text);
      nameBySql.set(text, name);
    }
    expect(sqlByName.size).toBe(shapes.length);
    expect(nameBySql.size).toBe(shapes.length);
  });

  it('binds exactly the placeholders its statement names, for any query', () => {
    const row = { id: '00000000-0000-4000-8000-000000000001', status: 'pending' };
    const query = fc.record({
      page: fc.integer({ min: 1, max: 400 }),
      pageSize: fc.constantFrom(1, 10),
      sort: fc.constantFrom(...AD_SORT_FIELDS),
      order: fc.constantFrom('asc', 'desc'),
      status: fc.constantFrom('all', 'pending', 'approved', 'rejected'),
      category: fc.option(fc.constantFrom('Vehicles', ''), { nil: undefined }),
      district: fc.option(fc.constantFrom('Kandy', ''), { nil: undefined }),
      q: fc.option(fc.constantFrom('toyota', ''), { nil: undefined }),
      move: fc.constantFrom('after', 'before', 'last', 'none'),
    });
    fc.assert(
      fc.property(query, ({ move, ...raw }) => {
        const cursor = encodeCursor(raw.sort, row);
        const extra = move === 'last' ? { last: 1 } : move === 'none' ? {} : { [move]: cursor };
        const { shape, params } = pagePlan(adListQuery.parse({ ...raw, ...extra }));
        const named = pageQuery(t.database.db, shape)
          .toSQL()
          .params.filter((p): p is Placeholder => p instanceof Placeholder)
          .map((p) => p.name as string);
        expect([...new Set(named)].sort()).toEqual(Object.keys(params).sort());
      }),
      { numRuns: 500 },
    );
  });
});
