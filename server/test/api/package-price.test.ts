import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_PACKAGE_PRICE, packageMessages, validatePackage } from '@backoffice/contract';
import { catalogueClient, catalogueSnapshot, makePackage, packageBody } from '../support/catalogue-factories';
import { makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * Issue 38.6b: a price that rounds to zero cents (5e-324, 1e-9) passed the check, was stored as
 * 0.00 and hit the database's `packages_price_positive`: a 500. It is the spec's
 * `Valid price is required` (docs/decisions/0013-errors-and-validation.md).
 */
describeApi('package prices that round to nothing (issue 38)', () => {
  let t: TestApp;
  let send: ReturnType<typeof catalogueClient>;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    send = catalogueClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());

  const tiny = [5e-324, 1e-9, 1e-7, 0.004, 0.0049999999];

  it('refuses them on create and on update with the spec’s message, changing nothing', async () => {
    const existing = await makePackage(t.database.db);
    const before = await catalogueSnapshot(t.database.db);
    for (const price of tiny) {
      const created = await send('POST', '/api/packages', packageBody({ price }));
      expect([price, created.statusCode, created.json().errors?.price]).toEqual([
        price,
        400,
        packageMessages.priceInvalid,
      ]);
      const updated = await send('PUT', `/api/packages/${existing.id}`, packageBody({ price }));
      expect([price, updated.statusCode, updated.json().errors?.price]).toEqual([
        price,
        400,
        packageMessages.priceInvalid,
      ]);
      expect(validatePackage(packageBody({ price })).success).toBe(false);
    }
    expect(await catalogueSnapshot(t.database.db)).toEqual(before);
  });

  it('still takes one cent, and a cent written with binary noise', async () => {
    for (const price of [0.01, 0.009999999999, 0.1 + 0.2]) {
      const res = await send('POST', '/api/packages', packageBody({ price }));
      expect([price, res.statusCode]).toEqual([price, 201]);
      expect(res.json().package.price).toBe(Math.round(price * 100) / 100);
    }
  });

  it('any price the form accepts is stored as a positive amount; any other is a 400, never a 500', async () => {
    const price = fc.oneof(
      fc.double({ min: 0, max: 0.02, noNaN: true }),
      fc
        .tuple(fc.integer({ min: 0, max: 3 }), fc.double({ min: -1e-7, max: 1e-7, noNaN: true }))
        .map(([cents, noise]) => cents / 100 + noise),
      fc.double({ min: -1, max: MAX_PACKAGE_PRICE * 1.01, noNaN: true }),
      fc.integer({ min: 1, max: MAX_PACKAGE_PRICE * 100 }).map((cents) => cents / 100),
    );
    await fc.assert(
      fc.asyncProperty(price, async (p) => {
        const accepted = validatePackage(packageBody({ price: p })).success;
        const res = await send('POST', '/api/packages', packageBody({ price: p }));
        expect([p, res.statusCode]).toEqual([p, accepted ? 201 : 400]);
        if (accepted) expect(res.json().package.price).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });
});
