import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@backoffice/contract';
import { bannerClient, formParts, makeBannerAd, validFields } from '../support/banner-factories';
import { databaseSnapshot } from '../support/db-snapshot';
import { makeAdmin, signIn } from '../support/factories';
import {
  blackPng,
  gifFrame,
  gifScreen,
  jpegDeclaring,
  webpCanvas,
  webpLosslessDeclaring,
  webpLossyDeclaring,
} from '../support/image-bombs';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';
import { uploadedFiles } from '../support/uploaded-files';

/**
 * Issue 17.10: an image whose headers declare a huge canvas (a small file that takes gigabytes to
 * decode) is refused with 415 on every upload path, before anything is written.
 */
describeApi('image decompression bombs', () => {
  let t: TestApp;
  let api: ReturnType<typeof bannerClient>;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    api = bannerClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());

  const upload = (data: Buffer) => formParts(validFields(), { data, filename: 'banner.png' });

  async function expectBombRefused(send: () => Promise<{ statusCode: number; json(): unknown }>) {
    const before = { db: await databaseSnapshot(t.database.db), files: uploadedFiles(t.dataDir) };
    const res = await send();
    expect([res.statusCode, res.json()]).toEqual([
      415,
      { success: false, message: messages.server.imageDimensions, errors: { image: messages.server.imageDimensions } },
    ]);
    expect({ db: await databaseSnapshot(t.database.db), files: uploadedFiles(t.dataDir) }).toEqual(before);
  }

  it('refuses a real 30,000 × 30,000 PNG of about 110 KB, on create and on edit', async () => {
    const bomb = blackPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200_000);
    await expectBombRefused(() => api.create(upload(bomb)));
    const banner = await makeBannerAd(t.database.db, t.dataDir);
    await expectBombRefused(() => api.update(banner.id, upload(bomb)));
  });

  it.each([
    ['a JPEG frame of 65,000 × 65,000', jpegDeclaring(65_000, 65_000)],
    ['a GIF screen of 65,535 × 65,535', gifScreen(65_535, 65_535)],
    ['a GIF frame of 60,000 × 60,000 on a 1 × 1 screen', gifFrame(60_000, 60_000)],
    ['a WebP canvas of 16,000,000 × 16,000,000', webpCanvas(16_000_000, 16_000_000)],
    ['a lossless WebP of 16,384 × 16,384', webpLosslessDeclaring(16_384, 16_384)],
    ['a lossy WebP of 16,383 × 16,383', webpLossyDeclaring(16_383, 16_383)],
  ])('refuses %s', async (_, bomb) => {
    await expectBombRefused(() => api.create(upload(bomb)));
  });

  it('accepts 10,000 × 4,000 (exactly 40 megapixels) and refuses 10,001 × 1 and 6,400 × 6,251', async () => {
    const res = await api.create(upload(blackPng(10_000, 4_000)));
    expect(res.statusCode).toBe(201);
    await expectBombRefused(() => api.create(upload(blackPng(10_001, 1))));
    await expectBombRefused(() => api.create(upload(blackPng(6_400, 6_251))));
  });
});
