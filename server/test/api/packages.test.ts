import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { PACKAGE_ICONS, packageMessages, validatePackage, type Package } from '@backoffice/contract';
import { packages, packageSubscriptions, users } from '../../src/db/schema';
import { seedPackages } from '../../src/seed/demo-packages';
import { seedAdvertisers } from '../../src/seed/demo-users';
import { LocalDiskStorage } from '../../src/storage/file-storage';
import {
  catalogueClient,
  catalogueSnapshot,
  makePackage,
  makeSubscription,
  packageBody,
} from '../support/catalogue-factories';
import { makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

const MISSING = '00000000-0000-4000-8000-000000000000';

describeApi('packages API (docs/decisions/0005-packages-and-duties.md)', () => {
  let t: TestApp;
  let send: ReturnType<typeof catalogueClient>;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    send = catalogueClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(packageSubscriptions);
    await t.database.db.delete(packages);
  });

  const create = (body: Record<string, unknown> = packageBody()) => send('POST', '/api/packages', body);
  const list = async (): Promise<Package[]> => {
    const res = await send('GET', '/api/packages');
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().packages;
  };

  it('is for signed-in administrators only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/packages' });
    expect(anonymous.statusCode).toBe(401);
    const user = await makeUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: { origin: ORIGIN, cookie: 'sid=nope' },
      payload: packageBody({ name: user.username }),
    });
    expect(res.statusCode).toBe(401);
    expect(await list()).toEqual([]);
  });

  it('creates a package with a server pid, defaults, the type icon and no subscribers', async () => {
    const res = await create(
      packageBody({
        name: '  Business Pro ',
        type: 'Digital',
        price: 12500.5,
        features: ['  Shop page ', '', '   ', 'Priority review'],
        status: undefined,
        popularity: undefined,
        icon: undefined,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      package: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        pid: 'PKG-0001',
        name: 'Business Pro',
        type: 'Digital',
        description: 'For land and house sellers.',
        price: 12500.5,
        duration: '60 days',
        maxAds: 15,
        features: ['Shop page', 'Priority review'],
        status: 'Active',
        popularity: 'None',
        icon: PACKAGE_ICONS.Digital,
        createdAt: '2026-11-22T08:00:00.000Z',
        subscriberCount: 0,
      },
    });
    const [row] = await t.database.db.select().from(packages);
    expect(row).toMatchObject({
      pid: 'PKG-0001',
      icon: null,
      price: 12500.5,
      features: ['Shop page', 'Priority review'],
    });
    expect(await list()).toEqual([res.json().package]);
  });

  it('gives a package sent with an empty icon the default icon of its type', async () => {
    const res = await create(packageBody({ type: 'Regular', icon: '' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().package.icon).toBe(PACKAGE_ICONS.Regular);
    const [row] = await t.database.db.select().from(packages);
    expect(row!.icon).toBeNull();
  });

  it('numbers pids after the highest one and never repeats one under concurrent creates', async () => {
    await makePackage(t.database.db, { pid: 'PKG-0041' });
    await makePackage(t.database.db, { pid: 'legacy-7' });
    expect((await create()).json().package.pid).toBe('PKG-0042');
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => create(packageBody({ name: `Pack ${i}` }))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const pids = results.map((r) => r.json().package.pid).sort();
    expect(pids).toEqual(Array.from({ length: 12 }, (_, i) => `PKG-${String(43 + i).padStart(4, '0')}`));
    expect(new Set((await list()).map((p) => p.pid)).size).toBe(15);
  });

  it('counts distinct subscribers: renewals once, subscriptions of deleted users not at all', async () => {
    const [a, b, c] = [await makeUser(t.database.db), await makeUser(t.database.db), await makeUser(t.database.db)];
    const gold = await makePackage(t.database.db, { type: 'Regular' });
    const silver = await makePackage(t.database.db, { type: 'Digital', icon: PACKAGE_ICONS.Regular });
    await makeSubscription(t.database.db, { packageId: gold.id, userId: a.id });
    await makeSubscription(t.database.db, { packageId: gold.id, userId: a.id, startDate: new Date('2026-11-01') });
    await makeSubscription(t.database.db, { packageId: gold.id, userId: b.id });
    await makeSubscription(t.database.db, { packageId: gold.id, userId: null });
    await makeSubscription(t.database.db, { packageId: silver.id, userId: c.id });
    const byId = new Map((await list()).map((p) => [p._id, p]));
    expect(byId.get(gold.id)).toMatchObject({ subscriberCount: 2, icon: PACKAGE_ICONS.Regular });
    expect(byId.get(silver.id)).toMatchObject({ subscriberCount: 1, icon: PACKAGE_ICONS.Regular });

    const updated = await send('PUT', `/api/packages/${gold.id}`, packageBody({ name: 'Gold' }));
    expect(updated.json().package).toMatchObject({ name: 'Gold', subscriberCount: 2 });
  });

  it('updates every field, keeping pid and created date; the stored icon follows the type', async () => {
    const created = (await create(packageBody({ type: 'Regular' }))).json().package as Package;
    t.clock.advance(60_000);
    const body = packageBody({
      name: 'Property Max',
      type: 'Digital',
      description: 'Now digital.',
      price: 9999.99,
      duration: '90 days',
      maxAds: 40,
      features: ['One', 'Two', 'Three'],
      status: 'Inactive',
      popularity: 'Recommended',
      icon: PACKAGE_ICONS.Regular,
    });
    const res = await send('PUT', `/api/packages/${created._id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      package: { ...body, _id: created._id, pid: created.pid, createdAt: created.createdAt, subscriberCount: 0 },
    });
    const [row] = await t.database.db.select().from(packages).where(eq(packages.id, created._id));
    expect(row!.icon).toBe(PACKAGE_ICONS.Regular);
    expect(row!.updatedAt.toISOString()).toBe('2026-11-22T08:01:00.000Z');

    // The type's own default is stored as null, so it keeps following the type.
    await send('PUT', `/api/packages/${created._id}`, { ...body, icon: PACKAGE_ICONS.Digital });
    const [again] = await t.database.db.select().from(packages).where(eq(packages.id, created._id));
    expect(again!.icon).toBeNull();
    const back = await send('PUT', `/api/packages/${created._id}`, { ...body, type: 'Regular', icon: null });
    expect(back.json().package.icon).toBe(PACKAGE_ICONS.Regular);
  });

  it('needs status and popularity on an update: no silent default changes an Inactive package', async () => {
    const pkg = await makePackage(t.database.db, { status: 'Inactive', popularity: 'Popular' });
    const before = await catalogueSnapshot(t.database.db);
    for (const [field, message] of [
      ['status', packageMessages.statusInvalid],
      ['popularity', packageMessages.popularityInvalid],
    ] as const) {
      const res = await send('PUT', `/api/packages/${pkg.id}`, packageBody({ [field]: undefined }));
      expect(res.json()).toEqual({ success: false, message, errors: { [field]: message } });
    }
    expect(await catalogueSnapshot(t.database.db)).toEqual(before);
  });

  it('answers 404 for a package that does not exist and 400 for an odd id', async () => {
    for (const res of [
      await send('PUT', `/api/packages/${MISSING}`, packageBody()),
      await send('DELETE', `/api/packages/${MISSING}`),
    ])
      expect(res.json()).toEqual({ success: false, message: 'Package not found' });
    for (const id of ['abc', 'PKG-0001', '1%20or%201=1', MISSING.slice(0, -1)]) {
      expect((await send('PUT', `/api/packages/${id}`, packageBody())).statusCode).toBe(400);
      expect((await send('DELETE', `/api/packages/${id}`)).statusCode).toBe(400);
    }
    expect(await list()).toEqual([]);
  });

  it('deletes a package and keeps its subscriptions with package_id null', async () => {
    const user = await makeUser(t.database.db);
    const pkg = await makePackage(t.database.db);
    const other = await makePackage(t.database.db);
    await makeSubscription(t.database.db, { packageId: pkg.id, userId: user.id, pricePaid: 4500 });
    await makeSubscription(t.database.db, { packageId: other.id, userId: user.id, pricePaid: 1500 });
    const res = await send('DELETE', `/api/packages/${pkg.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await list()).map((p) => p._id)).toEqual([other.id]);
    const subs = await t.database.db.select().from(packageSubscriptions);
    expect(subs.map((s) => [s.packageId, s.pricePaid]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      [other.id, 1500],
      [null, 4500],
    ]);
    expect((await send('DELETE', `/api/packages/${pkg.id}`)).statusCode).toBe(404);
  });

  it('gives every spec message at once for an empty form', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: expect.any(String),
      errors: {
        name: 'Package name is required',
        type: 'Package type is required',
        description: 'Description is required',
        price: 'Valid price is required',
        duration: 'Duration is required',
        maxAds: 'Valid max ads count is required',
        features: 'At least one feature is required',
      },
    });
    expect(Object.values(res.json().errors)).toContain(res.json().message);
  });

  const m = packageMessages;
  // A bad item of a list is reported at its place (`features.1`).
  it.each<[string, unknown, string, string?]>([
    ['name', '', m.nameRequired],
    ['name', '   ', m.nameRequired],
    ['name', 42, m.nameRequired],
    ['name', 'x'.repeat(101), m.nameTooLong],
    ['name', 'Gold\u0000', m.controlChars],
    ['type', 'Gold', m.typeRequired],
    ['type', '', m.typeRequired],
    ['type', 'regular', m.typeRequired],
    ['description', ' ', m.descriptionRequired],
    ['description', 'x'.repeat(2001), m.descriptionTooLong],
    ['price', 0, m.priceInvalid],
    ['price', -1500, m.priceInvalid],
    ['price', 'abc', m.priceInvalid],
    ['price', '4500', m.priceInvalid],
    ['price', null, m.priceInvalid],
    ['price', 0.001, m.priceInvalid],
    ['price', 45.678, m.priceInvalid],
    ['price', 1e12, m.priceTooHigh],
    ['duration', '', m.durationRequired],
    ['duration', 'x'.repeat(51), m.durationTooLong],
    ['maxAds', 0, m.maxAdsInvalid],
    ['maxAds', 1.5, m.maxAdsInvalid],
    ['maxAds', -3, m.maxAdsInvalid],
    ['maxAds', '3', m.maxAdsInvalid],
    ['maxAds', 1e9, m.maxAdsTooHigh],
    ['features', [], m.featuresRequired],
    ['features', ['', '   '], m.featuresRequired],
    ['features', 'Top ad', m.featuresRequired],
    ['features', [42], m.featuresRequired, 'features.0'],
    ['features', ['ok', 'x'.repeat(201)], m.featureTooLong, 'features.1'],
    ['features', Array(31).fill('Feature'), m.tooManyFeatures],
    ['status', 'Paused', m.statusInvalid],
    ['popularity', 'Hot', m.popularityInvalid],
    ['icon', 'https://evil.example/icon.svg', m.iconInvalid],
    ['icon', 'javascript:alert(1)', m.iconInvalid],
    ['icon', '/icons/../../etc/passwd', m.iconInvalid],
  ])('refuses %s = %j with "%s" and writes nothing', async (field, value, message, key = field) => {
    const existing = await makePackage(t.database.db);
    const before = await catalogueSnapshot(t.database.db);
    const body = packageBody({ [field]: value });
    for (const res of [await create(body), await send('PUT', `/api/packages/${existing.id}`, body)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message, errors: { [key]: message } });
    }
    expect(await catalogueSnapshot(t.database.db)).toEqual(before);
  });

  it('refuses unknown fields, missing fields, odd bodies and huge ones without writing', async () => {
    const existing = await makePackage(t.database.db);
    const before = await catalogueSnapshot(t.database.db);
    const bad = [
      packageBody({ pid: 'PKG-0001' }),
      packageBody({ subscriberCount: 99 }),
      packageBody({ _id: existing.id }),
      packageBody({ createdAt: '2020-01-01' }),
      packageBody({ name: undefined }),
      [packageBody()],
    ];
    for (const body of bad) {
      const res = await create(body as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const badJson = await send('POST', '/api/packages', '{"name":', { 'content-type': 'application/json' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().success).toBe(false);
    const huge = await create(packageBody({ description: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
    const noOrigin = await send('POST', '/api/packages', packageBody(), { origin: 'https://evil.example' });
    expect(noOrigin.statusCode).toBe(403);
    expect(await catalogueSnapshot(t.database.db)).toEqual(before);
  });

  it('seeds six realistic packages and a few hundred subscriptions over the last 14 months', async () => {
    const now = new Date('2026-11-22T08:00:00Z');
    await seedAdvertisers(t.database.db, 30, { now });
    await seedPackages(t.database.db, new LocalDiskStorage(t.dataDir), { now });
    const seeded = await list();
    expect(seeded.map((p) => p.pid)).toEqual(['PKG-0001', 'PKG-0002', 'PKG-0003', 'PKG-0004', 'PKG-0005', 'PKG-0006']);
    expect(new Set(seeded.map((p) => p.type))).toEqual(new Set(['Regular', 'Digital']));
    expect(new Set(seeded.map((p) => p.popularity))).toEqual(new Set(['None', 'Popular', 'Recommended']));
    expect(new Set(seeded.map((p) => p.status))).toEqual(new Set(['Active', 'Inactive']));
    for (const p of seeded) {
      const { _id, pid, createdAt: _createdAt, subscriberCount: _count, ...fields } = p;
      expect(validatePackage({ ...fields, icon: null }).success, pid).toBe(true);
      expect(p.subscriberCount).toBeGreaterThan(0);
      expect(p.icon).toBe(PACKAGE_ICONS[p.type]);
    }
    const subs = await t.database.db.select().from(packageSubscriptions);
    expect(subs.length).toBeGreaterThanOrEqual(200);
    const advertiserIds = new Set((await t.database.db.select({ id: users.id }).from(users)).map((u) => u.id));
    const prices = new Map(seeded.map((p) => [p._id, p.price]));
    const months = new Set<string>();
    for (const s of subs) {
      expect(advertiserIds.has(s.userId!)).toBe(true);
      const price = prices.get(s.packageId!)!;
      expect([price, Math.round(price * 0.9)]).toContain(s.pricePaid);
      expect(s.startDate.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(s.startDate.getTime()).toBeGreaterThan(Date.UTC(2025, 8, 1));
      months.add(s.startDate.toISOString().slice(0, 7));
    }
    expect(months.size).toBe(14);
    // The festive package sells only in April.
    const festive = seeded.find((p) => p.status === 'Inactive')!;
    for (const s of subs.filter((s) => s.packageId === festive._id)) expect(s.startDate.getUTCMonth()).toBe(3);
  });
});
