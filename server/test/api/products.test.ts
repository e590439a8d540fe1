import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { productsResponse } from '@backoffice/contract';
import { products } from '../../src/db/schema';
import { LocalDiskStorage } from '../../src/storage/file-storage';
import { DEMO_PRODUCTS, seedProducts } from '../../src/seed/demo-products';
import { makeProduct } from '../support/dashboard-factories';
import { makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

describeApi('products API (docs/product.md#calls, docs/decisions/0007-dashboard.md)', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    cookie = await signIn(t.app, admin.email);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(products);
  });

  const get = (url = '/api/products/getproducts', headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers { products: [] } when there are none', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: [] });
  });

  it('answers every product with its id, name, price as a number and the rest of its fields', async () => {
    await makeProduct(t.database.db, {
      name: 'Urgent Badge',
      description: 'Red badge for 14 days',
      price: 750.5,
      category: 'Promotions',
      image: '/uploads/products/urgent.png',
      createdAt: new Date('2026-01-02T00:00:00Z'),
    });
    await makeProduct(t.database.db, { name: 'Bump Up', price: 1200, createdAt: new Date('2026-01-01T00:00:00Z') });
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = productsResponse.parse(res.json());
    expect(body.products.map((p) => [p.name, p.price, p.category, p.image, p.description])).toEqual([
      ['Bump Up', 1200, null, null, ''],
      ['Urgent Badge', 750.5, 'Promotions', '/uploads/products/urgent.png', 'Red badge for 14 days'],
    ]);
    expect(body.products[0]!._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.products[0]!.createdAt).toBe('2026-01-01T00:00:00.000Z');
    expect(Object.keys(res.json().products[0]).sort()).toEqual(
      ['_id', 'category', 'createdAt', 'description', 'image', 'name', 'price'].sort(),
    );
  });

  it('seeds the demo products with real images under uploads/products', async () => {
    await seedProducts(t.database.db, new LocalDiskStorage(path.join(t.dataDir, 'uploads')));
    const { products: list } = productsResponse.parse((await get()).json());
    expect(list.map((p) => p.name)).toEqual(DEMO_PRODUCTS.map((p) => p.name));
    for (const p of list) {
      expect(p.price).toBeGreaterThan(0);
      const file = path.join(t.dataDir, p.image!.replace(/^\//, ''));
      expect(fs.readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
      const served = await get(p.image!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
    }
  });

  it('is for signed-in admins only and refuses unknown query fields', async () => {
    expect((await get('/api/products/getproducts', {})).statusCode).toBe(401);
    const res = await get('/api/products/getproducts?page=2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
  });
});
