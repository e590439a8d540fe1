import { afterAll, beforeAll, expect, it } from 'vitest';
import { adMessages, advertiserCardResponse } from '@backoffice/contract';
import { sql } from 'drizzle-orm';
import { rebuildSummary } from '../../src/modules/ads/ads-repository';
import { adminClient, summaryMatchesTable } from '../support/ads-helpers';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/** GET /api/advertisements/{id}/advertiser: the card beside the ad under review (issue 32.1). */
describeApi('advertiser card', () => {
  let t: TestApp;
  let api: ReturnType<typeof adminClient>;
  const card = (id: string) => api.send('GET', `/api/advertisements/${id}/advertiser`);

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    api = adminClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());

  it('names the advertiser, their counts over all their ads and their five newest other ads', async () => {
    const db = t.database.db;
    const kasun = await makeUser(db, {
      name: 'Kasun Perera',
      username: 'kasun.p',
      isVerified: true,
      joinDate: new Date('2025-03-04T05:06:07.000Z'),
    });
    const someoneElse = await makeUser(db);
    await makeAd(db, { userId: someoneElse.id, postingDate: new Date('2026-11-20T00:00:00Z') });
    const at = (day: number) => new Date(Date.UTC(2026, 9, day));
    const statuses = ['approved', 'approved', 'rejected', 'pending', 'approved', 'pending', 'rejected'] as const;
    const ads: Awaited<ReturnType<typeof makeAd>>[] = [];
    for (const [i, status] of statuses.entries())
      ads.push(await makeAd(db, { userId: kasun.id, status, heading: `Kasun ad ${i}`, postingDate: at(i + 1) }));
    const current = ads[5]!;

    const res = await card(current.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = advertiserCardResponse.parse(res.json());
    expect(body.advertiser).toEqual({
      userId: kasun.id,
      name: 'Kasun Perera',
      username: 'kasun.p',
      verified: true,
      joinedAt: '2025-03-04T05:06:07.000Z',
      counts: { approved: 3, pending: 2, rejected: 2 },
      latest: [6, 4, 3, 2, 1].map((i) => ({
        _id: ads[i]!.id,
        heading: `Kasun ad ${i}`,
        status: statuses[i],
        postingDate: at(i + 1).toISOString(),
      })),
    });
  });

  it('falls back to the username and the account creation date', async () => {
    const db = t.database.db;
    const createdAt = new Date('2024-01-02T03:04:05.000Z');
    const user = await makeUser(db, { name: null, username: 'nameless', createdAt, joinDate: null, isVerified: false });
    const ad = await makeAd(db, { userId: user.id });
    const { advertiser } = (await card(ad.id)).json();
    expect(advertiser).toMatchObject({
      name: 'nameless',
      verified: false,
      joinedAt: createdAt.toISOString(),
      counts: { approved: 0, pending: 1, rejected: 0 },
      latest: [],
    });
  });

  it('answers null for an ad without an advertiser, 404 for a missing ad and 400 for a bad id', async () => {
    const orphan = await makeAd(t.database.db, { userId: null });
    expect((await card(orphan.id)).json()).toEqual({ success: true, advertiser: null });
    const missing = await card('00000000-0000-4000-8000-000000000000');
    expect([missing.statusCode, missing.json().message]).toEqual([404, adMessages.notFound]);
    expect((await card('not-an-id')).statusCode).toBe(400);
  });

  it('answers one ad with its price and live claim, so a card entry opens in the panel', async () => {
    const ad = await makeAd(t.database.db, { price: 250_000 });
    await api.send('POST', `/api/advertisements/${ad.id}/claim`);
    const res = await api.send('GET', `/api/advertisements/${ad.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().advertisement).toMatchObject({ _id: ad.id, heading: ad.heading, price: 250_000 });
    expect(res.json().advertisement.claim.by.name).toBeTruthy();
    const missing = await api.send('GET', '/api/advertisements/00000000-0000-4000-8000-000000000000');
    expect([missing.statusCode, missing.json().message]).toEqual([404, adMessages.notFound]);
    expect((await api.send('GET', '/api/advertisements/nope')).statusCode).toBe(400);
  });

  it('keeps the counts exact through decisions and deletions, and a bulk load rebuilds them', async () => {
    const db = t.database.db;
    const user = await makeUser(db);
    const ads = await Promise.all([0, 1, 2].map(() => makeAd(db, { userId: user.id })));
    expect((await api.approve(ads[0]!.id)).statusCode).toBe(200);
    expect((await api.reject(ads[1]!.id, 'Duplicate ad')).statusCode).toBe(200);
    expect((await api.remove(ads[2]!.id)).statusCode).toBe(200);
    expect((await card(ads[0]!.id)).json().advertiser.counts).toEqual({ approved: 1, pending: 0, rejected: 1 });
    expect(await summaryMatchesTable(db)).toBe(true);
    // Large seeds load with the triggers off, then rebuild every kept count.
    await db.execute(sql`update advertiser_ad_counts set approved = approved + 5`);
    expect(await summaryMatchesTable(db)).toBe(false);
    await rebuildSummary(db);
    expect(await summaryMatchesTable(db)).toBe(true);
  });

  it('is for signed-in admins only', async () => {
    const ad = await makeAd(t.database.db);
    const res = await t.app.inject({ method: 'GET', url: `/api/advertisements/${ad.id}/advertiser` });
    expect(res.statusCode).toBe(401);
  });
});
