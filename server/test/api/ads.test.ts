import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { adMessages } from '@backoffice/contract';
import { advertisements } from '../../src/db/schema';
import { purgeAuditTrail } from '../support/audit-purge';
import { adminClient, adsSnapshot, decisionEntries, summaryMatchesTable } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

describeApi('advertisements API (docs/product.md#calls, docs/decisions/0014-ad-moderation-rules.md)', () => {
  let t: TestApp;
  let api: ReturnType<typeof adminClient>;
  let adminId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    adminId = admin.id;
    api = adminClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(advertisements);
    await purgeAuditTrail(t.database.db);
  });

  const writeImage = (rel: string) => {
    const file = path.join(t.dataDir, 'uploads', rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
    return file;
  };

  it('lists page 1 newest first with counts, facets and total', async () => {
    for (let i = 0; i < 12; i++) {
      await makeAd(t.database.db, {
        status: (['pending', 'approved', 'rejected'] as const)[i % 3],
        category: i % 2 ? 'Vehicles' : 'Land sale',
        district: i % 4 ? 'Kandy' : 'Galle',
        postingDate: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    const res = await api.list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.advertisements).toHaveLength(10);
    expect(body.total).toBe(12);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(10);
    expect(body.counts).toEqual({ total: 12, pending: 4, approved: 4, rejected: 4 });
    expect(body.facets).toEqual({ categories: ['Land sale', 'Vehicles'], districts: ['Galle', 'Kandy'] });
    const dates = body.advertisements.map((a: { postingDate: string }) => a.postingDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe('2026-01-12T00:00:00.000Z');

    const page2 = (await api.list({ page: 2 })).json();
    expect(page2.advertisements).toHaveLength(2);
    expect((await api.list({ status: 'pending', category: 'Vehicles' })).json().total).toBe(2);
    expect((await api.list({ district: 'Galle' })).json().total).toBe(3);
    expect((await api.list({ page: 99 })).json().advertisements).toEqual([]);

    // The pager's moves by cursor give the same pages as their numbers.
    const ids = (b: { advertisements: { _id: string }[] }) => b.advertisements.map((a) => a._id);
    const next = (await api.list({ page: 2, after: body.cursors.end })).json();
    expect(ids(next)).toEqual(ids(page2));
    expect(ids((await api.list({ page: 1, before: page2.cursors.start })).json())).toEqual(ids(body));
    expect(ids((await api.list({ page: 2, last: 2 })).json())).toEqual(ids(page2));
    expect((await api.list({ page: 3, after: page2.cursors.end })).json()).toMatchObject({
      advertisements: [],
      cursors: { start: null, end: null },
    });
  });

  it('searches heading, details and username case-insensitively, treating metacharacters literally', async () => {
    await makeAd(t.database.db, { heading: 'Toyota AQUA 2015 for Sale' });
    await makeAd(t.database.db, { details: 'Price 100% negotiable, call_now' });
    await makeAd(t.database.db, { username: 'Aqua.Fan' });
    await makeAd(t.database.db, { heading: "O'Brien's (house) [rent] .*+?^$" });
    const total = async (q: string) => (await api.count({ q })).json().total;
    expect(await total('aqua')).toBe(2);
    expect(await total('100%')).toBe(1);
    expect(await total('%')).toBe(1);
    expect(await total('_')).toBe(1);
    expect(await total('call_now')).toBe(1);
    expect(await total("o'brien")).toBe(1);
    expect(await total('.*+?^$')).toBe(1);
    expect(await total('[rent]')).toBe(1);
    expect(await total("'; drop table advertisements; --")).toBe(0);
    expect(await total('\\')).toBe(0);
    expect((await api.count({ q: 'aqua', status: 'approved' })).json().total).toBe(0);
  });

  it("leaves a search's total to the count call unless the page shows the end of the results", async () => {
    for (let i = 0; i < 13; i++) await makeAd(t.database.db, { heading: `Toyota Axio ${i}`, status: 'pending' });
    await makeAd(t.database.db, { heading: 'Nissan Leaf', status: 'pending' });
    const first = (await api.list({ q: 'toyota' })).json();
    expect(first.advertisements).toHaveLength(10);
    expect(first.total).toBeNull();
    expect((await api.list({ q: 'toyota', page: 2 })).json().total).toBe(13);
    expect((await api.list({ q: 'toyota', page: 5 })).json().total).toBeNull();
    expect((await api.list({ q: 'no such words' })).json().total).toBe(0);
    expect((await api.count({ q: 'toyota' })).json()).toEqual({ total: 13 });
    expect((await api.count({ q: 'TOYOTA', status: 'approved' })).json()).toEqual({ total: 0 });
    expect((await api.count({ status: 'pending' })).json()).toEqual({ total: 14 });
    expect((await api.count({ page: 2 })).statusCode).toBe(400);
    expect((await api.count({ q: 'x'.repeat(10_000) })).statusCode).toBe(400);
  });

  it.each([
    [{ sort: 'price' }],
    [{ sort: 'postingDate; drop table users' }],
    [{ order: 'sideways' }],
    [{ page: -1 }],
    [{ page: 0 }],
    [{ page: 1e12 }],
    [{ page: 'abc' }],
    [{ pageSize: 101 }],
    [{ status: 'deleted' }],
    [{ q: 'x'.repeat(10_000) }],
    [{ unknown: 'x' }],
    [{ q: 'a\u0000b' }],
    [{ category: '\u0007' }],
    [{ last: 0 }],
    [{ last: 11 }],
    [{ after: 'x', before: 'y' }],
    [{ after: 'not a cursor' }],
  ])('refuses a bad list query %o with 400', async (query) => {
    const res = await api.list(query as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('approves a pending ad once, records who and when, then refuses any change with 409', async () => {
    const ad = await makeAd(t.database.db);
    const res = await api.approve(ad.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().advertisement).toMatchObject({ _id: ad.id, status: 'approved', moderatedBy: adminId });
    for (const again of [await api.approve(ad.id), await api.reject(ad.id, 'Spam')]) {
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        success: false,
        message: 'Only pending advertisements can be approved or rejected',
      });
    }
    const events = await decisionEntries(t.database.db);
    expect(events).toMatchObject([{ entityId: ad.id, action: 'approved', actorId: adminId }]);
    expect((await api.list()).json().counts).toEqual({ total: 1, pending: 0, approved: 1, rejected: 0 });
  });

  it('rejects with a trimmed reason and refuses a blank one without change', async () => {
    const ad = await makeAd(t.database.db);
    const before = await adsSnapshot(t.database.db);
    for (const reason of ['', '   \n\t']) {
      const res = await api.reject(ad.id, reason);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(adMessages.reasonRequired);
    }
    expect((await api.send('PUT', `/api/advertisements/${ad.id}/status`, { status: 'rejected' })).statusCode).toBe(400);
    expect((await api.reject(ad.id, 'x'.repeat(501))).statusCode).toBe(400);
    expect(await adsSnapshot(t.database.db)).toEqual(before);

    const res = await api.reject(ad.id, '  Prohibited item  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().advertisement).toMatchObject({ status: 'rejected', rejectionReason: 'Prohibited item' });
    const [event] = await decisionEntries(t.database.db);
    expect(event).toMatchObject({ action: 'rejected', rejectionReason: 'Prohibited item' });
  });

  it('answers bad status calls with 4xx and changes nothing', async () => {
    const ad = await makeAd(t.database.db);
    const before = await adsSnapshot(t.database.db);
    const cases: [string, unknown, number][] = [
      [`/api/advertisements/${ad.id}/status`, { status: 'pending' }, 400],
      [`/api/advertisements/${ad.id}/status`, { status: 'approved', extra: 1 }, 400],
      [`/api/advertisements/${ad.id}/status`, { status: ['approved'] }, 400],
      ['/api/advertisements/not-a-uuid/status', { status: 'approved' }, 400],
      ["/api/advertisements/1' or '1'='1/status", { status: 'approved' }, 400],
      ['/api/advertisements/00000000-0000-4000-8000-000000000000/status', { status: 'approved' }, 404],
    ];
    for (const [url, payload, status] of cases) {
      const res = await api.send('PUT', url, payload);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().success).toBe(false);
    }
    expect(await adsSnapshot(t.database.db)).toEqual(before);
  });

  it('moderates each ad exactly once when many admins race (docs/decisions/0014-ad-moderation-rules.md)', async () => {
    const ads = await Promise.all(Array.from({ length: 8 }, () => makeAd(t.database.db)));
    const calls = ads.flatMap((ad) => [
      api.approve(ad.id),
      api.reject(ad.id, 'Duplicate'),
      api.approve(ad.id),
      api.reject(ad.id, 'Spam'),
    ]);
    const results = await Promise.all(calls);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(8);
    expect(codes.filter((c) => c === 409)).toHaveLength(24);
    const events = await decisionEntries(t.database.db);
    expect(events).toHaveLength(8);
    expect(new Set(events.map((e) => e.entityId)).size).toBe(8);
    expect(await summaryMatchesTable(t.database.db)).toBe(true);
  });

  it('bulk-moderates pending ads and reports the others per id (docs/decisions/0014-ad-moderation-rules.md)', async () => {
    const pending = await makeAd(t.database.db);
    const approved = await makeAd(t.database.db, { status: 'approved' });
    const rejected = await makeAd(t.database.db, { status: 'rejected', rejectionReason: 'x' });
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await api.bulk({
      ids: [pending.id, approved.id, rejected.id, missing, pending.id],
      status: 'rejected',
      rejectionReason: 'Spam',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      results: [
        { id: pending.id, ok: true },
        { id: approved.id, ok: false, message: 'Only pending advertisements can be approved or rejected' },
        { id: rejected.id, ok: false, message: 'Only pending advertisements can be approved or rejected' },
        { id: missing, ok: false, message: 'Advertisement not found' },
      ],
    });
    const before = await adsSnapshot(t.database.db);
    const bad = [
      { ids: [], status: 'approved' },
      { ids: Array.from({ length: 101 }, () => pending.id), status: 'approved' },
      { ids: [pending.id], status: 'rejected' },
      { ids: [pending.id], status: 'rejected', rejectionReason: '  ' },
      { ids: ['nope'], status: 'approved' },
      { ids: [pending.id], status: 'pending' },
    ];
    for (const body of bad) expect((await api.bulk(body)).statusCode).toBe(400);
    expect(await adsSnapshot(t.database.db)).toEqual(before);
  });

  it('keeps a subset of images and deletes the removed files after commit (docs/decisions/0014-ad-moderation-rules.md)', async () => {
    const [a, b, c] = ['ads/t1-0.png', 'ads/t1-1.png', 'ads/t1-2.png'].map(writeImage);
    const ad = await makeAd(t.database.db, { images: ['ads/t1-0.png', '/uploads/ads/t1-1.png', 'ads/t1-2.png'] });
    const res = await api.images(ad.id, ['ads/t1-0.png', 'ads/t1-2.png']);
    expect(res.statusCode).toBe(200);
    expect(res.json().advertisement.images).toEqual(['ads/t1-0.png', 'ads/t1-2.png']);
    expect([fs.existsSync(a!), fs.existsSync(b!), fs.existsSync(c!)]).toEqual([true, false, true]);
    const [event] = await decisionEntries(t.database.db);
    expect(event).toMatchObject({ action: 'images_updated', entityId: ad.id, details: { removed: 1 } });

    const before = await adsSnapshot(t.database.db);
    for (const images of [
      ['ads/other.png'],
      ['ads/t1-0.png', 'ads/t1-0.png'],
      ['../../etc/passwd'],
      'ads/t1-0.png',
      [1],
    ]) {
      const bad = await api.images(ad.id, images);
      expect(bad.statusCode).toBe(400);
    }
    expect((await api.images('00000000-0000-4000-8000-000000000000', [])).statusCode).toBe(404);
    expect(await adsSnapshot(t.database.db)).toEqual(before);
    expect(fs.existsSync(a!)).toBe(true);
  });

  it('never deletes a file another ad still uses', async () => {
    const shared = writeImage('ads/shared/x.png');
    const one = await makeAd(t.database.db, { images: ['ads/shared/x.png'] });
    await makeAd(t.database.db, { images: ['ads/shared/x.png'] });
    expect((await api.images(one.id, [])).statusCode).toBe(200);
    expect(fs.existsSync(shared)).toBe(true);
  });

  it('deletes an ad with its images and keeps its moderation history', async () => {
    const file = writeImage('ads/del-0.png');
    const ad = await makeAd(t.database.db, { images: ['/uploads/ads/del-0.png'] });
    await api.approve(ad.id);
    const res = await api.remove(ad.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(fs.existsSync(file)).toBe(false);
    const events = await decisionEntries(t.database.db);
    expect(events.map((e) => e.action)).toEqual(['approved', 'deleted']);
    const again = await api.remove(ad.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: 'Advertisement not found' });
    expect((await api.remove('not-a-uuid')).statusCode).toBe(400);
    expect((await api.list()).json().counts.total).toBe(0);
    expect(await summaryMatchesTable(t.database.db)).toBe(true);
  });

  it('serves images under /uploads with their type and nosniff', async () => {
    writeImage('ads/served.png');
    const res = await t.app.inject({ url: '/uploads/ads/served.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ url: '/uploads/../server.lock' })).statusCode).toBe(404);
  });

  it('needs an admin session for every ads call', async () => {
    const ad = await makeAd(t.database.db);
    const anonymous = await t.app.inject({ url: '/api/advertisements/list' });
    expect(anonymous.statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/advertisements/${ad.id}/status`,
      headers: { origin: 'http://localhost' },
      payload: { status: 'approved' },
    });
    expect(put.statusCode).toBe(401);
    const [row] = await t.database.db
      .select({ status: advertisements.status })
      .from(advertisements)
      .where(sql`id = ${ad.id}`);
    expect(row!.status).toBe('pending');
  });
});
