import { afterAll, beforeAll, expect, it } from 'vitest';
import { listQueryMessages, type Duty, type Package } from '@backoffice/contract';
import { duties, packages, packageSubscriptions } from '../../src/db/schema';
import { catalogueClient, makeDuty, makePackage } from '../support/catalogue-factories';
import { makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * Packages and duties filtered on the server (issue 31: every list behaves alike at any size). No
 * filter is the spec's call: the whole list, oldest first.
 */
describeApi('package and duty lists filtered on the server', () => {
  let t: TestApp;
  let send: ReturnType<typeof catalogueClient>;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    send = catalogueClient(t.app, await signIn(t.app, admin.email));
    const db = t.database.db;
    await db.delete(packageSubscriptions);
    await db.delete(packages);
    await db.delete(duties);
    const day = (d: number) => new Date(Date.UTC(2026, 9, d));
    await makePackage(db, { pid: 'PKG-0001', name: 'gold Boost', type: 'Regular', createdAt: day(1) });
    await makePackage(db, { pid: 'PKG-0002', name: 'Silver', description: 'Gold-lite 50% off_now', createdAt: day(2) });
    await makePackage(db, {
      pid: 'PKG-0003',
      name: 'Bronze',
      status: 'Inactive',
      duration: '7 days',
      createdAt: day(3),
    });
    await makeDuty(db, { code: '#D0001', title: 'Check phones', createdAt: day(1) });
    await makeDuty(db, { code: '#D0002', title: 'Weekend queue', description: 'Phones too', createdAt: day(2) });
    await makeDuty(db, { code: '#D0003', title: 'Old duty', status: 'Inactive', createdAt: day(3) });
  });
  afterAll(() => t?.close());

  const pids = async (query: string) => {
    const res = await send('GET', `/api/packages${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ packages: Package[] }>().packages.map((p) => p.pid);
  };
  const codes = async (query: string) => {
    const res = await send('GET', `/api/duties${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ duties: Duty[] }>().duties.map((d) => d.id);
  };

  it('packages: no filter is the whole list oldest first; search is case-insensitive over every text column', async () => {
    expect(await pids('')).toEqual(['PKG-0001', 'PKG-0002', 'PKG-0003']);
    expect(await pids('?search=GOLD')).toEqual(['PKG-0001', 'PKG-0002']);
    expect(await pids('?search=%20pkg-0003%20')).toEqual(['PKG-0003']);
    expect(await pids('?search=7%20days')).toEqual(['PKG-0003']);
    expect(await pids('?search=regular')).toEqual(['PKG-0001']);
    // LIKE's wildcards are searched for literally.
    expect(await pids('?search=50%25%20off_')).toEqual(['PKG-0002']);
    expect(await pids('?search=%25')).toEqual(['PKG-0002']);
    expect(await pids('?search=_x')).toEqual([]);
  });

  it('packages: a status, all statuses, and a sort by one column with ties by pid', async () => {
    expect(await pids('?status=Inactive')).toEqual(['PKG-0003']);
    expect(await pids('?status=all&search=')).toEqual(['PKG-0001', 'PKG-0002', 'PKG-0003']);
    expect(await pids('?sort=name')).toEqual(['PKG-0003', 'PKG-0001', 'PKG-0002']);
    expect(await pids('?sort=name&order=desc')).toEqual(['PKG-0002', 'PKG-0001', 'PKG-0003']);
    expect(await pids('?sort=type&order=asc')).toEqual(['PKG-0002', 'PKG-0003', 'PKG-0001']);
    expect(await pids('?sort=pid&order=desc&status=Active')).toEqual(['PKG-0002', 'PKG-0001']);
    // The catalogue's total, whatever the filters ("Showing 1 of 3 packages").
    const filtered = await send('GET', '/api/packages?status=Inactive');
    expect(filtered.json<{ total: number; packages: Package[] }>()).toMatchObject({
      total: 3,
      packages: [{ pid: 'PKG-0003' }],
    });
  });

  it('duties: search over code, title and description, and a status', async () => {
    expect(await codes('')).toEqual(['#D0001', '#D0002', '#D0003']);
    expect(await codes('?search=phones')).toEqual(['#D0001', '#D0002']);
    expect(await codes('?search=%23d0003')).toEqual(['#D0003']);
    expect(await codes('?status=Active&search=phones')).toEqual(['#D0001', '#D0002']);
    expect(await codes('?status=Inactive')).toEqual(['#D0003']);
  });

  it('refuses a bad filter with a 400 naming it', async () => {
    for (const [path, field] of [
      ['/api/packages?status=Paused', 'status'],
      ['/api/packages?sort=price', 'sort'],
      ['/api/packages?order=up', 'order'],
      ['/api/packages?colour=red', ''],
      ['/api/duties?status=Done', 'status'],
    ] as const) {
      const res = await send('GET', path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().success).toBe(false);
      if (field) expect(Object.keys(res.json().errors ?? {}), path).toContain(field);
    }
    const long = await send('GET', `/api/duties?search=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.search).toBe(listQueryMessages.searchTooLong);
    const control = await send('GET', '/api/packages?search=a%01b');
    expect(control.statusCode).toBe(400);
    expect(control.json().errors.search).toBe(listQueryMessages.controlChars);
  });
});
