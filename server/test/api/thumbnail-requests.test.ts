import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@backoffice/contract';
import { encodePng } from '../../src/seed/png';
import { makeAd } from '../support/factories';
import { diskDriver, s3Driver, type DriverUnderTest } from '../support/storage-drivers';
import { describeApi, type TestApp } from '../support/test-app';

const photo = (width: number, height: number) => encodePng(width, height, (x, y) => [x % 256, y % 256, 128]);

/** Anonymous requests that must make no thumbnail: each a 404 that writes nothing. */
const refused = [
  // A thumbnail of a thumbnail, at either width, and deeper chains.
  '/uploads/thumbs/w480/ads/1-0.png.webp?w=96',
  '/uploads/thumbs/w480/ads/1-0.png.webp?w=480',
  '/uploads/thumbs/w96/thumbs/w480/ads/1-0.png.webp?w=96',
  // Widths not listed, or not written the one way the screens write them.
  '/uploads/ads/1-0.png?w=100',
  '/uploads/ads/1-0.png?w=0',
  '/uploads/ads/1-0.png?w=-96',
  '/uploads/ads/1-0.png?w=96.0',
  '/uploads/ads/1-0.png?w=096',
  '/uploads/ads/1-0.png?w=1e2',
  '/uploads/ads/1-0.png?w=',
  '/uploads/ads/1-0.png?w=96&w=480',
  // Keys that are no original: an image stored under thumbs/, a temporary upload.
  '/uploads/thumbs/planted.png?w=96',
  '/uploads/thumbs/w96/ads/planted.png?w=480',
  '/uploads/ads/.tmp-0123456789abcdef-1-0.png?w=96',
];

/**
 * Issue 38.2: thumbnails are made only of originals and only at the listed widths. Anything else
 * asked with `?w=` (a thumbnail of a thumbnail, another width, a key that is no original) is a
 * 404 that stores nothing, on the disk and in a bucket, with or without S3_PUBLIC_URL.
 */
describe.each([diskDriver(), s3Driver()])('thumbnail requests: $name', (driver: DriverUnderTest) => {
  beforeAll(() => driver.start());
  afterAll(() => driver.stop());

  const settings: Array<Record<string, string>> =
    driver.name === 's3' ? [{}, { S3_PUBLIC_URL: 'https://images.example.lk/' }] : [{}];

  describeApi.each(settings)('with %o', (env: Record<string, string>) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await driver.buildApp({ env });
      driver.put(t, 'ads/1-0.png', photo(640, 480));
      driver.put(t, 'thumbs/planted.png', photo(200, 100));
      driver.put(t, 'thumbs/w96/ads/planted.png', photo(200, 100));
      driver.put(t, 'ads/.tmp-0123456789abcdef-1-0.png', photo(200, 100));
      await makeAd(t.database.db, { images: ['ads/1-0.png'] });
    });
    afterAll(() => t?.close());

    it('makes the listed widths of an original, once', async () => {
      for (const w of [96, 480]) {
        const res = await t.app.inject({ url: `/uploads/ads/1-0.png?w=${w}` });
        expect(res.statusCode).toBe(env.S3_PUBLIC_URL ? 302 : 200);
        expect(driver.keys(t)).toContain(`thumbs/w${w}/ads/1-0.png.webp`);
      }
    });

    it.each(refused)('%s is a 404 that writes nothing', async (url) => {
      const before = driver.keys(t);
      const res = await t.app.inject({ url });
      expect([res.statusCode, res.json()]).toEqual([404, { success: false, message: messages.server.notFound }]);
      expect(driver.keys(t)).toEqual(before);
    });

    it('300 anonymous thumbnail-of-thumbnail requests write nothing', async () => {
      const before = driver.keys(t);
      const chain = (n: number) => `${'thumbs/w480/'.repeat(1 + (n % 3))}ads/1-0.png.webp`;
      for (let n = 0; n < 300; n++) {
        const res = await t.app.inject({ url: `/uploads/${chain(n)}?w=${n % 2 ? 96 : 480}` });
        expect(res.statusCode).toBe(404);
      }
      expect(driver.keys(t)).toEqual(before);
    });
  });
});
