import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bannerMessages } from '@backoffice/contract';
import { bannerClient, formParts, images, makeBannerAd, validFields } from '../support/banner-factories';
import { databaseSnapshot } from '../support/db-snapshot';
import { makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';
import { uploadedFiles } from '../support/uploaded-files';

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '6/1 55/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '79/1 51/1 0/1' };
const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><where>Galle Face Green</where></x:xmpmeta>';

/** 200 × 100 as stored: red grows left to right. */
const landscape = () =>
  sharp({ create: { width: 200, height: 100, channels: 3, background: '#000' } })
    .composite([{ input: { create: { width: 100, height: 100, channels: 3, background: '#f00' } }, left: 100, top: 0 }])
    .png()
    .toBuffer();

/** A GIF of two frames with a comment and an XMP application extension beside them. */
async function gifWithComment(): Promise<Buffer> {
  const [w, h] = [40, 30];
  const strip = Buffer.alloc(w * h * 2 * 4);
  for (let i = 0; i < strip.length; i += 4) strip.set(i < strip.length / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255], i);
  const gif = await sharp(strip, { raw: { width: w, height: h * 2, channels: 4, pageHeight: h } })
    .gif({ loop: 3, delay: [100, 200] })
    .toBuffer();
  const comment = Buffer.from('Shot at 6.9271 N 79.8612 E');
  const xmp = Buffer.concat([
    Buffer.from([0x21, 0xff, 11]),
    Buffer.from('XMP DataXMP'),
    Buffer.from([XMP.length]),
    Buffer.from(XMP),
    Buffer.from([0]),
  ]);
  const extra = Buffer.concat([Buffer.from([0x21, 0xfe, comment.length]), comment, Buffer.from([0]), xmp]);
  return Buffer.concat([gif.subarray(0, gif.length - 1), extra, Buffer.from([0x3b])]);
}

/**
 * Issue 38.10: an uploaded original is stored without its metadata (EXIF with GPS, XMP, comments),
 * turned upright by its EXIF orientation and in its own format, on create and on edit. A file with
 * nothing to take out is stored byte for byte.
 */
describeApi('metadata of uploaded originals', () => {
  let t: TestApp;
  let api: ReturnType<typeof bannerClient>;
  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    api = bannerClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());

  const stored = (image: string) => fs.readFileSync(path.join(t.dataDir, 'uploads', 'banner-ads', image));
  const upload = (data: Buffer) => formParts(validFields(), { data, filename: 'photo' });

  it('a JPEG with GPS and "rotate 90°" is stored upright, still a JPEG, with no EXIF, on create and on edit', async () => {
    const jpeg = await sharp(await landscape())
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo', Copyright: 'Nimal' }, IFD3: GPS })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(jpeg).metadata();
    expect([sent.orientation, !!sent.exif, sent.width, sent.height]).toEqual([6, true, 200, 100]);

    const created = await api.create(upload(jpeg));
    expect(created.statusCode).toBe(201);
    const banner = created.json().bannerAd as { _id: string; image: string };
    const existing = await makeBannerAd(t.database.db, t.dataDir);
    const edited = await api.update(existing.id, upload(jpeg));
    expect(edited.statusCode).toBe(200);

    for (const image of [banner.image, edited.json().bannerAd.image as string]) {
      expect(image).toMatch(/\.jpg$/);
      const bytes = stored(image);
      expect(bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.exif, meta.xmp, meta.orientation, meta.width, meta.height]).toEqual([
        'jpeg',
        undefined,
        undefined,
        undefined,
        100,
        200,
      ]);
      // Turned clockwise: the red half, on the right as stored, is now the bottom half.
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const red = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
      expect([red(50, 10) < 60, red(50, 190) > 200]).toEqual([true, true]);
      // Served as stored.
      const served = await t.app.inject({ url: `/uploads/banner-ads/${image}` });
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it.each([
    ['PNG', 'png', (s: Sharp) => s.png()],
    ['lossy WebP', 'webp', (s: Sharp) => s.webp()],
    ['lossless WebP', 'webp', (s: Sharp) => s.webp({ lossless: true })],
  ])('a %s with EXIF GPS and XMP is stored as %s without them', async (_, format, encode) => {
    const data = await encode(sharp(await landscape()))
      .withExif({ IFD3: GPS })
      .withXmp(XMP)
      .toBuffer();
    expect(!!(await sharp(data).metadata()).exif).toBe(true);
    const res = await api.create(upload(data));
    expect(res.statusCode).toBe(201);
    const image = res.json().bannerAd.image as string;
    expect(image.endsWith(`.${format}`)).toBe(true);
    const bytes = stored(image);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.exif, meta.xmp, meta.width, meta.height]).toEqual([
      format,
      undefined,
      undefined,
      200,
      100,
    ]);
    expect(bytes.includes(Buffer.from('Galle Face'))).toBe(false);
  });

  it('a GIF keeps its frames, timing and loop, and loses its comment and XMP', async () => {
    const gif = await gifWithComment();
    const res = await api.create(upload(gif));
    expect(res.statusCode).toBe(201);
    const bytes = stored(res.json().bannerAd.image as string);
    expect(bytes.includes(Buffer.from('79.8612'))).toBe(false);
    expect(bytes.includes(Buffer.from('Galle Face'))).toBe(false);
    const meta = await sharp(bytes, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.delay, meta.loop, meta.width, meta.pageHeight]).toEqual([
      'gif',
      2,
      [100, 200],
      3,
      40,
      30,
    ]);
  });

  it('stores a file with nothing to take out byte for byte', async () => {
    for (const data of [
      images.png(),
      images.jpeg(),
      images.gif(),
      images.webp(),
      images.webpLossless(),
      images.webpExtended(),
    ]) {
      const res = await api.create(upload(data));
      expect(res.statusCode).toBe(201);
      expect(stored(res.json().bannerAd.image as string).equals(data)).toBe(true);
    }
  });

  it('refuses with 415 and writes nothing when an image carrying metadata does not decode', async () => {
    const png = await sharp(await landscape())
      .png()
      .withExif({ IFD3: GPS })
      .toBuffer();
    // The compressed pixels overwritten inside a structurally intact file (the chunk's CRC made right).
    const idat = png.indexOf('IDAT') - 4;
    const length = png.readUInt32BE(idat);
    const spoiled = Buffer.from(png);
    spoiled.fill(0x5a, idat + 8 + 2, idat + 8 + length);
    spoiled.writeUInt32BE(crc32(spoiled.subarray(idat + 4, idat + 8 + length)), idat + 8 + length);
    const before = { db: await databaseSnapshot(t.database.db), files: uploadedFiles(t.dataDir) };
    const res = await api.create(upload(spoiled));
    expect([res.statusCode, res.json()]).toEqual([
      415,
      { success: false, message: bannerMessages.imageType, errors: { image: bannerMessages.imageType } },
    ]);
    expect({ db: await databaseSnapshot(t.database.db), files: uploadedFiles(t.dataDir) }).toEqual(before);
  });
});
