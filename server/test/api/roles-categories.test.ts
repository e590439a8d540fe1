import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

type ListBody = {
  advertisements: Array<{ category: string }>;
  counts: { total: number; pending: number };
  facets: { categories: string[] };
};

/** Issue 36.3 (docs/decisions/0033-roles.md): a moderator limited to categories sees only those. */
describeApi('roles: a moderator limited to categories', () => {
  let t: TestApp;
  let moderator = '';
  let administrator = '';
  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { origin: ORIGIN, cookie } });

  beforeAll(async () => {
    t = await buildTestApp();
    for (const category of ['Jobs', 'Jobs', 'Vehicles', 'Real "Estate"']) await makeAd(t.database.db, { category });
    const scoped = await makeAdmin(t.database.db, { role: 'moderator', categories: ['Jobs', 'Real "Estate"'] });
    moderator = await signIn(t.app, scoped.email);
    administrator = await signIn(t.app, (await makeAdmin(t.database.db)).email);
  });
  afterAll(() => t?.close());

  it('lists, counts and offers only their categories', async () => {
    const res = await get('/api/advertisements/list?status=all&pageSize=50', moderator);
    expect(res.statusCode).toBe(200);
    const body = res.json<ListBody>();
    const categories = new Set(body.advertisements.map((a) => a.category));
    expect([...categories].sort()).toEqual(['Jobs', 'Real "Estate"']);
    expect(body.facets.categories.every((c) => ['Jobs', 'Real "Estate"'].includes(c))).toBe(true);
    expect(body.counts.total).toBe(body.advertisements.length);
    const count = await get('/api/advertisements/count?status=all', moderator);
    expect(count.json().total).toBe(body.advertisements.length);
    // Asking for another category shows nothing.
    const other = await get('/api/advertisements/list?status=all&category=Vehicles', moderator);
    expect(other.json<ListBody>().advertisements).toEqual([]);
    expect((await get('/api/advertisements/count?status=all&category=Vehicles', moderator)).json().total).toBe(0);
  });

  it('decides by a match only the ads of their categories', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/advertisements/bulk-status',
      headers: { origin: ORIGIN, cookie: moderator },
      payload: { status: 'approved', match: { status: 'pending' }, max: 100 },
    });
    expect(res.statusCode).toBe(200);
    const pending = await get('/api/advertisements/list?status=pending&pageSize=50', administrator);
    expect(pending.json<ListBody>().advertisements.map((a) => a.category)).toEqual(['Vehicles']);
  });

  it('leaves everyone else every category', async () => {
    const res = await get('/api/advertisements/list?status=all&pageSize=50', administrator);
    expect(res.json<ListBody>().advertisements.some((a) => a.category === 'Vehicles')).toBe(true);
  });
});
