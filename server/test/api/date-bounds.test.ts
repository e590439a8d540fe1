import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_EXTRACT_DATASETS, MAX_DAY, MIN_DAY } from '@backoffice/contract';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApiOnce, type TestApp } from '../support/test-app';

/**
 * Issue 38.6: every date a schema accepts is one PostgreSQL can hold (and JavaScript's Date reads
 * as written), or the request is a 400: `0000-01-01` once reached the database and answered 500
 * ("date/time field value out of range"). The range is MIN_DAY..MAX_DAY
 * (docs/decisions/0013-errors-and-validation.md).
 */
const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Years anywhere in the four digits the format allows, the edges often. */
const year = fc.oneof(
  fc.constantFrom(0, 1, 99, 100, 999, 1000, 1899, 1900, 1901, 1969, 1970, 2026, 9998, 9999),
  fc.integer({ min: 0, max: 9999 }),
);
/** YYYY-MM-DD strings, real calendar days and not (02-30, month 13): the schema decides. */
const day = fc
  .tuple(year, fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
const instant = fc
  .tuple(day, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
  .chain(([d, h, m, s]) =>
    fc.constantFrom('', '.5', '.123', '.999999').map((frac) => `${d}T${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}${frac}Z`),
  );

describeApiOnce('dates out of the database range are refused (issue 38)', () => {
  let t: TestApp;
  let api: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    t = await buildTestApp({ env: { MESSAGE_WORKER: 'false' } });
    const admin = await makeAdmin(t.database.db);
    api = adminClient(t.app, await signIn(t.app, admin.email));
    await makeAd(t.database.db, { status: 'pending' });
  });
  afterAll(() => t?.close());

  const bulkBefore = (before: string) =>
    api.bulk({ status: 'approved', match: { status: 'pending', category: 'no such category' }, max: 1, before });
  const dayRoutes = [
    ...DATA_EXTRACT_DATASETS.map((d) => `/api/data-extract/${d}/count`),
    '/api/advertisements/export',
    '/api/users/export',
    '/api/activity',
    '/api/activity/count',
    '/api/activity/export',
  ];

  it('answers the issue’s two requests with a 400 naming the field', async () => {
    const bulk = await bulkBefore('0000-01-01T00:00:00Z');
    expect([bulk.statusCode, bulk.json().errors?.before]).toEqual([400, expect.any(String)]);
    const count = await api.send('GET', '/api/data-extract/banners/count?from=0000-01-01');
    expect([count.statusCode, count.json().errors?.from]).toEqual([400, expect.any(String)]);
  });

  it('accepts the range’s two ends', async () => {
    for (const url of dayRoutes) {
      const res = await api.send('GET', `${url}?from=${MIN_DAY}&to=${MAX_DAY}`);
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
    for (const before of [`${MIN_DAY}T00:00:00Z`, `${MAX_DAY}T23:59:59.999Z`])
      expect((await bulkBefore(before)).statusCode).toBe(200);
  });

  it('never answers 5xx for any date the format allows', async () => {
    await fc.assert(
      fc.asyncProperty(day, day, async (from, to) => {
        for (const url of dayRoutes)
          for (const query of [`from=${from}`, `to=${to}`]) {
            const res = await api.send('GET', `${url}?${query}`);
            expect([url, query, res.statusCode < 500]).toEqual([url, query, true]);
          }
      }),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(instant, async (before) => {
        const res = await bulkBefore(before);
        expect([before, res.statusCode < 500]).toEqual([before, true]);
      }),
      { numRuns: 60 },
    );
  });
});
