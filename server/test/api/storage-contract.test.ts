import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@backoffice/contract';
import { bannerClient, formParts, images, validFields } from '../support/banner-factories';
import { databaseSnapshot } from '../support/db-snapshot';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { diskDriver, s3Driver, type DriverUnderTest } from '../support/storage-drivers';
import { describeApiOnce, type TestApp } from '../support/test-app';
import { encodePng } from '../../src/seed/png';

const HOUR = 3_600_000;
const isTemp = (key: string) => key.split('/').pop()!.startsWith('.tmp-');
const thumbs = (key: string) => [`thumbs/w480/${key}.webp`, `thumbs/w96/${key}.webp`];

/** A real photo-like PNG of a given size (a gradient, so WebP has something to encode). */
const photo = (width: number, height: number) => encodePng(width, height, (x, y) => [x % 256, y % 256, 128]);

/**
 * Issue 23: every rule of upload storage, run against the local disk and against an S3-protocol
 * server on loopback through the real AWS SDK client. The same test body for both drivers.
 */
describe.each([diskDriver(), s3Driver()])('storage contract: $name', (driver: DriverUnderTest) => {
  beforeAll(() => driver.start());
  afterAll(() => driver.stop());

  describeApiOnce('uploads, serving and thumbnails', () => {
    let t: TestApp;
    let api: ReturnType<typeof bannerClient>;
    beforeAll(async () => {
      t = await driver.buildApp();
      const admin = await makeAdmin(t.database.db);
      api = bannerClient(t.app, await signIn(t.app, admin.email));
    });
    afterAll(() => t?.close());

    it('stores a banner under a random key with its two thumbnails, and no temporary object', async () => {
      const before = driver.keys(t);
      const res = await api.create(formParts(validFields(), { data: photo(800, 200), filename: 'mine.png' }));
      expect(res.statusCode).toBe(201);
      const image = res.json().bannerAd.image as string;
      expect(image).toMatch(/^[0-9a-f-]{36}\.png$/);
      const key = `banner-ads/${image}`;
      expect(driver.keys(t).filter((k) => !before.includes(k))).toEqual([key, ...thumbs(key)].sort());
      expect(driver.keys(t).some(isTemp)).toBe(false);
      const small = await sharp(driver.bytes(t, thumbs(key)[1]!)).metadata();
      const large = await sharp(driver.bytes(t, thumbs(key)[0]!)).metadata();
      expect([small.format, small.width, small.height]).toEqual(['webp', 96, 24]);
      expect([large.format, large.width, large.height]).toEqual(['webp', 480, 120]);
    });

    it('serves with the type the bytes show, ETag, Last-Modified and Cache-Control, and 304 when unchanged', async () => {
      // GIF bytes sent as "banner.png" with a PNG content type: the bytes decide.
      const res = await api.create(
        formParts(validFields(), { data: images.gif(), filename: 'banner.png', contentType: 'image/png' }),
      );
      const url = `/uploads/banner-ads/${res.json().bannerAd.image as string}`;
      expect(url).toMatch(/\.gif$/);
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/gif');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=3600');
      expect(served.rawPayload.equals(images.gif())).toBe(true);
      const etag = served.headers.etag as string;
      const lastModified = served.headers['last-modified'] as string;
      expect(etag).toBeTruthy();
      expect(new Date(lastModified).getTime()).not.toBeNaN();

      const byTag = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect([byTag.statusCode, byTag.rawPayload.length]).toEqual([304, 0]);
      const byDate = await t.app.inject({ url, headers: { 'if-modified-since': lastModified } });
      expect(byDate.statusCode).toBe(304);
      const stale = await t.app.inject({ url, headers: { 'if-none-match': '"something-else"' } });
      expect(stale.statusCode).toBe(200);
      const head = await t.app.inject({ method: 'HEAD', url });
      expect([head.statusCode, head.headers['content-type']]).toEqual([200, 'image/gif']);
    });

    it('never serves temporary objects, other dotfiles or paths outside the storage', async () => {
      driver.put(t, 'banner-ads/.tmp-0123456789abcdef-x.png', images.png());
      for (const url of [
        '/uploads/banner-ads/.tmp-0123456789abcdef-x.png',
        '/uploads/../server.lock',
        '/uploads/banner-ads/missing.png',
      ])
        expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    });

    it('leaves no object, final or temporary, when the database refuses the row', async () => {
      await t.database.db.execute(sql`
        create or replace function refuse_banner() returns trigger language plpgsql as $$
        begin raise exception 'refused by test'; end $$`);
      await t.database.db.execute(
        sql`create trigger refuse_banner before insert on banner_ads for each row execute function refuse_banner()`,
      );
      try {
        const before = driver.keys(t);
        const res = await api.create(formParts(validFields(), { data: photo(200, 100) }));
        expect(res.statusCode).toBe(500);
        expect(driver.keys(t)).toEqual(before);
      } finally {
        await t.database.db.execute(sql`drop trigger refuse_banner on banner_ads`);
      }
    });

    it('removes the replaced image and its thumbnails only after the change commits', async () => {
      const created = await api.create(formParts(validFields(), { data: photo(300, 100) }));
      const { _id: id, image } = created.json().bannerAd as { _id: string; image: string };
      const old = `banner-ads/${image}`;
      expect(driver.keys(t)).toEqual(expect.arrayContaining([old, ...thumbs(old)]));
      const updated = await api.update(id, formParts(validFields(), { data: photo(320, 100) }));
      expect(updated.statusCode).toBe(200);
      const fresh = `banner-ads/${updated.json().bannerAd.image as string}`;
      const keys = driver.keys(t);
      expect(keys).toEqual(expect.arrayContaining([fresh, ...thumbs(fresh)]));
      for (const gone of [old, ...thumbs(old)]) expect(keys).not.toContain(gone);
      expect((await api.remove(id)).statusCode).toBe(200);
      for (const gone of [fresh, ...thumbs(fresh)]) expect(driver.keys(t)).not.toContain(gone);
    });

    it('makes an ad image thumbnail on first request, keeps it beside the original, never enlarges', async () => {
      driver.put(t, 'ads/first-request.png', photo(640, 480));
      driver.put(t, 'ads/small.png', photo(200, 150));
      await makeAd(t.database.db, { images: ['ads/first-request.png', '/uploads/ads/small.png'] });
      expect(driver.keys(t)).not.toContain('thumbs/w96/ads/first-request.png.webp');

      const res = await t.app.inject({ url: '/uploads/ads/first-request.png?w=96' });
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/webp']);
      expect(res.headers.etag).toBeTruthy();
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([96, 72]);
      expect(driver.keys(t)).toContain('thumbs/w96/ads/first-request.png.webp');
      expect(driver.bytes(t, 'thumbs/w96/ads/first-request.png.webp')!.equals(res.rawPayload)).toBe(true);
      // Made once: the stored one is served again, and a browser's copy is still current.
      const again = await t.app.inject({ url: '/uploads/ads/first-request.png?w=96' });
      expect(again.headers.etag).toBe(res.headers.etag);
      const cached = await t.app.inject({
        url: '/uploads/ads/first-request.png?w=96',
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(cached.statusCode).toBe(304);

      const small = await t.app.inject({ url: '/uploads/ads/small.png?w=480' });
      expect((await sharp(small.rawPayload).metadata()).width).toBe(200);
      expect((await t.app.inject({ url: '/uploads/ads/small.png?w=100' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/uploads/ads/nothing-here.png?w=96' })).statusCode).toBe(404);
    });

    it('answers the placeholder for a corrupt or truncated image, never a 500, and stores nothing', async () => {
      const png = photo(300, 200);
      const corrupt = Buffer.from(png);
      corrupt.fill(0x5a, 60, png.length - 20); // the pixel data, inside a structurally intact file
      driver.put(t, 'ads/corrupt.png', corrupt);
      driver.put(t, 'ads/truncated.png', png.subarray(0, png.length >> 1));
      driver.put(t, 'ads/not-an-image.png', Buffer.from('<script>alert(1)</script>'));
      for (const name of ['corrupt', 'truncated', 'not-an-image']) {
        const res = await t.app.inject({ url: `/uploads/ads/${name}.png?w=96` });
        expect([res.statusCode, res.headers['content-type']], name).toEqual([200, 'image/webp']);
        expect((await sharp(res.rawPayload).metadata()).width).toBe(96);
        expect(driver.keys(t)).not.toContain(`thumbs/w96/ads/${name}.png.webp`);
      }
    });

    it('sweeps old orphans and their thumbnails, keeps what rows name and their thumbnails, finishes interrupted commits', async () => {
      const keep = 'ads/sweep-kept.png';
      driver.put(t, keep, images.png(), 2 * HOUR);
      driver.put(t, `thumbs/w96/${keep}.webp`, images.webp(), 2 * HOUR);
      await makeAd(t.database.db, { images: [keep] });
      driver.put(t, 'ads/sweep-orphan.png', images.png(), 2 * HOUR);
      driver.put(t, 'thumbs/w96/ads/sweep-orphan.png.webp', images.webp(), 2 * HOUR);
      driver.put(t, 'ads/sweep-young.png', images.png(), HOUR / 2);
      const interrupted = 'ads/.tmp-0123456789abcdef-sweep-interrupted.png';
      driver.put(t, interrupted, images.gif(), 2 * HOUR);
      await makeAd(t.database.db, { images: ['/uploads/ads/sweep-interrupted.png'] });

      const result = await t.app.uploadSweeper.runOnce();
      expect(result!.promoted).toEqual([interrupted]);
      const keys = driver.keys(t);
      expect(keys).toEqual(
        expect.arrayContaining([keep, `thumbs/w96/${keep}.webp`, 'ads/sweep-young.png', 'ads/sweep-interrupted.png']),
      );
      for (const gone of ['ads/sweep-orphan.png', 'thumbs/w96/ads/sweep-orphan.png.webp', interrupted])
        expect(keys).not.toContain(gone);
      expect(driver.bytes(t, 'ads/sweep-interrupted.png')!.equals(images.gif())).toBe(true);
    });
  });

  (driver.name === 's3' ? describeApiOnce : describe.skip)('S3_PUBLIC_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await driver.buildApp({ env: { S3_PUBLIC_URL: 'https://images.example.lk/' } });
    });
    afterAll(() => t?.close());

    it('redirects images and thumbnails to the public host, and lets pages show images from it', async () => {
      driver.put(t, 'ads/public.png', photo(300, 200));
      const original = await t.app.inject({ url: '/uploads/ads/public.png' });
      expect([original.statusCode, original.headers.location]).toEqual([
        302,
        'https://images.example.lk/ads/public.png',
      ]);
      const thumb = await t.app.inject({ url: '/uploads/ads/public.png?w=96' });
      expect([thumb.statusCode, thumb.headers.location]).toEqual([
        302,
        'https://images.example.lk/thumbs/w96/ads/public.png.webp',
      ]);
      // The thumbnail is in the bucket before the browser is sent there.
      expect(driver.keys(t)).toContain('thumbs/w96/ads/public.png.webp');
      expect((await t.app.inject({ url: '/uploads/ads/missing.png?w=96' })).statusCode).toBe(404);
      const page = await t.app.inject({ url: '/api/health' });
      expect(page.headers['content-security-policy']).toMatch(
        /img-src 'self' data: blob: https:\/\/images\.example\.lk;/,
      );
    });
  });

  describeApiOnce('faults', () => {
    let t: TestApp | undefined;
    afterEach(async () => {
      await t?.close();
      t = undefined;
    });

    it('a refused write answers 507 and leaves no row and no object', async () => {
      const refuse =
        driver.name === 's3'
          ? () => void (driver.s3!.refuseWrites = true)
          : () => driver.put(t!, 'banner-ads', Buffer.from('not a folder'));
      t = await driver.buildApp();
      const admin = await makeAdmin(t.database.db);
      const api = bannerClient(t.app, await signIn(t.app, admin.email));
      refuse();
      try {
        const before = { db: await databaseSnapshot(t.database.db), keys: driver.keys(t) };
        const res = await api.create(formParts(validFields(), { data: photo(200, 100) }));
        expect([res.statusCode, res.json()]).toEqual([507, { success: false, message: messages.server.storageFailed }]);
        expect({ db: await databaseSnapshot(t.database.db), keys: driver.keys(t) }).toEqual(before);
      } finally {
        if (driver.s3) driver.s3.refuseWrites = false;
      }
    });

    it.runIf(driver.name === 's3')(
      'the endpoint going away mid-upload answers 503 and leaves no row and no object',
      async () => {
        t = await driver.buildApp();
        const admin = await makeAdmin(t.database.db);
        const api = bannerClient(t.app, await signIn(t.app, admin.email));
        const before = { db: await databaseSnapshot(t.database.db), keys: driver.keys(t) };
        driver.s3!.goAwayAfterBytes = 1;
        const res = await api.create(formParts(validFields(), { data: photo(400, 300) }));
        expect([res.statusCode, res.json()]).toEqual([503, { success: false, message: messages.server.unavailable }]);
        expect({ db: await databaseSnapshot(t.database.db), keys: driver.keys(t) }).toEqual(before);
        expect(driver.s3!.openMultipartUploads()).toBe(0);
        // The endpoint is gone for good in this test; the next tests start a new one.
        await driver.stop();
        await driver.start();
      },
    );
  });
});
