import fc from 'fast-check';
import { Placeholder } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { AD_SORT_FIELDS, adListQuery, SIGNAL_KINDS } from '@backoffice/contract';
import { FILTER_NAMES, pageQuery } from '../../src/modules/ads/ads-repository';
import { pagePlan, pageShapeName, type PageShape } from '../../src/modules/ads/ads-page-shape';
import { encodeCursor } from '../../src/modules/ads/ads-cursor';
import * as schema from '../../src/db/schema';
import type { Db } from '../../src/db/client';

/**
 * The ads page is a prepared statement cached under its shape's name (db/prepared.ts): two queries
 * whose statements differ must never get the same name, or one would run the other's SQL. The SQL
 * only needs the dialect (PGlite and node-postgres share drizzle's PostgreSQL dialect), so the
 * statements are built on a database with no connection, once.
 */
describe('ads page statements', () => {
  const db = drizzle.mock({ schema }) as unknown as Db;
  const subsets = <T>(items: readonly T[]): T[][] =>
    items.reduce<T[][]>((all, item) => [...all, ...all.map((s) => [...s, item])], [[]]);
  const orders = AD_SORT_FIELDS.flatMap((sort) =>
    (['asc', 'desc'] as const).flatMap((direction) =>
      (['cursor', 'start', 'offset'] as const).map((from) => ({ sort, direction, from })),
    ),
  );

  /** Equal names exactly when the SQL is equal, over `shapes`. */
  const expectOneNamePerStatement = (shapes: PageShape[]) => {
    const sqlByName = new Map<string, string>();
    const nameBySql = new Map<string, string>();
    for (const shape of shapes) {
      const name = pageShapeName(shape);
      const text = pageQuery(db, shape).toSQL().sql;
      expect(sqlByName.get(name) ?? text).toBe(text);
      expect(nameBySql.get(text) ?? name).toBe(name);
      sqlByName.set(name, text);
      nameBySql.set(text, name);
    }
    expect(sqlByName.size).toBe(shapes.length);
    expect(nameBySql.size).toBe(shapes.length);
  };

  // Every subset of the filters × every order was 115,000 statements (minutes on a busy machine,
  // doubling with each new filter). The filters make the WHERE clause and the order the ORDER BY
  // and the cursor's condition: every subset is taken with one order, and every order with the
  // subsets that could meet it (none, each filter alone, each pair, all of them).
  it('has one name per distinct statement: every subset of the filters, in one order', () => {
    expectOneNamePerStatement(subsets(FILTER_NAMES).map((filters) => ({ ...orders[0]!, filters })));
  });

  it('has one name per distinct statement: every order, with none, one, two or all filters', () => {
    const few = subsets(FILTER_NAMES).filter((s) => s.length <= 2 || s.length === FILTER_NAMES.length);
    expectOneNamePerStatement(orders.flatMap((order) => few.map((filters) => ({ ...order, filters }))));
  });

  it('has one name per distinct statement with a signal filter, found from the few ads carrying it or not', () => {
    const withSignals = subsets(FILTER_NAMES).filter((s) => s.includes('signals') && s.length <= 2);
    expectOneNamePerStatement(
      orders.flatMap((order) =>
        withSignals.flatMap((filters) => [false, true].map((sparse) => ({ ...order, filters, sparse }))),
      ),
    );
  });

  it('has one name per distinct statement with the page size written in, or bound', () => {
    const sizes = [undefined, 1, 10, 100];
    expectOneNamePerStatement(
      orders.flatMap((order) =>
        [[], ['status'] as const].flatMap((filters) =>
          sizes.map((limit) => ({ ...order, filters: [...filters], limit })),
        ),
      ),
    );
  });

  it('has one name per distinct statement with one kind written in', () => {
    expectOneNamePerStatement(
      orders.flatMap((order) =>
        [undefined, ...SIGNAL_KINDS].map((kind) => ({ ...order, filters: ['signals' as const], limit: 10, kind })),
      ),
    );
  });

  it('names every shape apart, over every subset and order (the name is the shape, written out)', () => {
    const names = new Set<string>();
    for (const order of orders)
      for (const filters of subsets(FILTER_NAMES)) names.add(pageShapeName({ ...order, filters }));
    expect(names.size).toBe(orders.length * 2 ** FILTER_NAMES.length);
  });

  it('keeps one plan only where one index serves every value: the page size is then in the text', () => {
    const plan = (raw: Record<string, unknown>) => pagePlan(adListQuery.parse({ pageSize: 25, ...raw }));
    const onePlan = [
      {},
      { status: 'pending' },
      { category: 'Vehicles', district: 'Kandy' },
      { sort: 'heading', order: 'asc' },
      { sort: 'risk', status: 'pending' },
      { last: 3 },
      { signal: 'duplicate_text' },
    ];
    for (const raw of onePlan) {
      const { shape, params } = plan(raw);
      expect(shape.limit, JSON.stringify(raw)).toBe((raw as { last?: number }).last ?? 25);
      expect(params).not.toHaveProperty('limit');
      expect(params).not.toHaveProperty('signals');
      expect(pageQuery(db, shape).toSQL().sql).toMatch(new RegExp(`limit ${shape.limit}\\)`));
    }
    const eachTime = [
      { q: 'toyota' },
      { sort: 'heading', status: 'pending' },
      { minRisk: 50 },
      { page: 2 },
      { signal: 'duplicate_text,blocked_phone' },
      { signal: 'duplicate_text', sort: 'username' },
      { signal: 'duplicate_text', status: 'pending' },
    ];
    for (const raw of eachTime) {
      const { shape, params } = plan(raw);
      expect(shape.limit, JSON.stringify(raw)).toBeUndefined();
      expect(params.limit).toBe(25);
    }
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
      signal: fc.option(fc.constantFrom('duplicate_text', 'duplicate_text,blocked_phone'), { nil: undefined }),
      move: fc.constantFrom('after', 'before', 'last', 'none'),
    });
    fc.assert(
      fc.property(query, ({ move, ...raw }) => {
        const cursor = encodeCursor(raw.sort, row);
        const extra = move === 'last' ? { last: 1 } : move === 'none' ? {} : { [move]: cursor };
        const { shape, params } = pagePlan(adListQuery.parse({ ...raw, ...extra }));
        const named = pageQuery(db, shape)
          .toSQL()
          .params.filter((p): p is Placeholder => p instanceof Placeholder)
          .map((p) => p.name as string);
        expect([...new Set(named)].sort()).toEqual(Object.keys(params).sort());
      }),
      { numRuns: 500 },
    );
  });
});
