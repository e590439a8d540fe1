import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerClient, formParts, validFields } from '../support/banner-factories';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { startS3Server, type S3TestServer } from '../support/s3-server';
import { s3Env } from '../support/storage-drivers';
import { buildTestApp, describeApi, testDb, type TestApp } from '../support/test-app';
import { encodePng } from '../../src/seed/png';

/**
 * Issue 23: two server instances behind a load balancer share one PostgreSQL and one bucket, and
 * nothing on their own disks: what one stores, the other lists and serves, and a delete on one is
 * gone on both.
 */
describe.skipIf(testDb !== 'postgres')('two instances sharing one bucket and one PostgreSQL', () => {
  describeApi('', () => {
    let s3: S3TestServer;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      s3 = await startS3Server();
      a = await buildTestApp({ env: s3Env(s3) });
      b = await buildTestApp({ env: s3Env(s3), sameDatabaseAs: a });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await s3?.close();
    });

    it("each serves the other's uploads and thumbnails, and a delete on one is gone on both", async () => {
      const admin = await makeAdmin(a.database.db);
      const onA = bannerClient(a.app, await signIn(a.app, admin.email));
      const onB = bannerClient(b.app, await signIn(b.app, admin.email));
      const image = encodePng(640, 160, (x, y) => [x % 256, y % 256, 60]);
      const created = await onA.create(formParts(validFields(), { data: image }));
      expect(created.statusCode).toBe(201);
      const { _id: id, image: file } = created.json().bannerAd as { _id: string; image: string };

      expect(((await onB.list()).json() as Array<{ _id: string }>).map((x) => x._id)).toContain(id);
      const served = await b.app.inject({ url: `/uploads/banner-ads/${file}` });
      expect([served.statusCode, served.rawPayload.equals(image)]).toEqual([200, true]);
      expect((await b.app.inject({ url: `/uploads/banner-ads/${file}?w=96` })).statusCode).toBe(200);

      // An ad image arriving from the public site: B makes its thumbnail, A serves the stored one.
      s3.put('ads/shared.png', image);
      await makeAd(b.database.db, { images: ['ads/shared.png'] });
      const thumbOnB = await b.app.inject({ url: '/uploads/ads/shared.png?w=480' });
      expect(s3.keys()).toContain('thumbs/w480/ads/shared.png.webp');
      const thumbOnA = await a.app.inject({ url: '/uploads/ads/shared.png?w=480' });
      expect(thumbOnA.rawPayload.equals(thumbOnB.rawPayload)).toBe(true);

      expect((await onB.remove(id)).statusCode).toBe(200);
      expect((await a.app.inject({ url: `/uploads/banner-ads/${file}` })).statusCode).toBe(404);
      expect((await a.app.inject({ url: `/uploads/banner-ads/${file}?w=96` })).statusCode).toBe(404);
      expect(s3.keys().filter((k) => k.includes(file))).toEqual([]);
    });
  });
});
