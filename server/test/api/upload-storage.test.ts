import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { advertisements, bannerAds, products } from '../../src/db/schema';
import { referencedUploadKeys } from '../../src/db/upload-references';
import { AdsService } from '../../src/modules/ads/ads-service';
import { LocalDiskStorage } from '../../src/storage/file-storage';
import { sweepUploads } from '../../src/storage/upload-sweep';
import { adminClient } from '../support/ads-helpers';
import { bannerClient, formParts, images, makeBannerAd, validFields } from '../support/banner-factories';
import { makePackage } from '../support/catalogue-factories';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';
import { makeAdsFor, usersClient, writeUpload } from '../support/users-factories';
import { uploadedFiles } from '../support/uploaded-files';

const HOUR = 3_600_000;

/** Issue 17.9: removing an ad's images only ever deletes files of the ads area. */
describeApi('ad image removal stays inside the ads area', () => {
  let t: TestApp;
  let cookie: string;
  let adminId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    adminId = admin.id;
    cookie = await signIn(t.app, admin.email);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(advertisements);
    await t.database.db.delete(bannerAds);
  });

  const exists = (key: string) => fs.existsSync(path.join(t.dataDir, 'uploads', key));

  /** A real banner and its file, and every way an ad's list (written by the public site) can name that file. */
  async function bannerAndForeignPaths() {
    const banner = await makeBannerAd(t.database.db, t.dataDir);
    const key = `banner-ads/${banner.image}`;
    const foreign = [
      key,
      `/uploads/${key}`,
      `ads/../${key}`,
      `/uploads/ads/../../uploads/${key}`,
      `../uploads/${key}`,
      `https://evil.example/uploads/${key}`,
      'ads/',
      'ads',
    ];
    return { key, foreign };
  }

  it('removes a banner path from an ad but leaves the banner file; an ads-area file is still deleted after commit', async () => {
    const { key, foreign } = await bannerAndForeignPaths();
    writeUpload(t.dataDir, 'ads/own-0.png');
    const ad = await makeAd(t.database.db, { images: ['ads/own-0.png', ...foreign] });
    const res = await adminClient(t.app, cookie).images(ad.id, []);
    expect(res.statusCode).toBe(200);
    expect(res.json().advertisement.images).toEqual([]);
    expect(exists(key)).toBe(true);
    expect(exists('ads/own-0.png')).toBe(false);
    const banner = await t.app.inject({ url: `/uploads/${key}` });
    expect(banner.statusCode).toBe(200);
  });

  it('leaves the banner file when the ad, or its advertiser, is deleted', async () => {
    const { key, foreign } = await bannerAndForeignPaths();
    writeUpload(t.dataDir, 'ads/own-1.png');
    const ad = await makeAd(t.database.db, { images: ['/uploads/ads/own-1.png', ...foreign] });
    expect((await adminClient(t.app, cookie).remove(ad.id)).statusCode).toBe(200);
    expect([exists(key), exists('ads/own-1.png')]).toEqual([true, false]);

    const advertiser = await makeUser(t.database.db);
    writeUpload(t.dataDir, 'ads/own-2.png');
    await makeAdsFor(t.database.db, advertiser, { approved: 1 }, { images: ['ads/own-2.png', ...foreign] });
    expect((await usersClient(t.app, cookie).remove(advertiser.id)).statusCode).toBe(200);
    expect([exists(key), exists('ads/own-2.png')]).toEqual([true, false]);
  });

  it('logs the paths it left alone at warn level', async () => {
    const { foreign } = await bannerAndForeignPaths();
    const ad = await makeAd(t.database.db, { images: foreign });
    const warnings: Array<{ obj: object; msg: string }> = [];
    const service = new AdsService(
      t.database.db,
      new LocalDiskStorage(path.join(t.dataDir, 'uploads')),
      t.clock,
      {
        warn: (obj, msg) => warnings.push({ obj, msg }),
      },
      t.app.advertiserOutbox,
    );
    await service.updateImages(ad.id, [], adminId);
    expect(warnings).toEqual([{ obj: { paths: foreign }, msg: expect.stringMatching(/outside the ads area/) }]);
  });
});

/**
 * Issue 17.11: an upload is written under a temporary name and takes its final name only after its
 * row commits; a failed change leaves no file.
 */
describeApi('uploads are published only after their row commits', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('writes a temporary file first and renames it once the banner row is visible to others', async () => {
    const seen: string[] = [];
    let app!: TestApp;
    class Watching extends LocalDiskStorage {
      override async write(key: string, data: Buffer) {
        seen.push(`write ${path.posix.basename(key).replace(/^\.tmp-[0-9a-f]{16}-/, '.tmp-*-')}`);
        await super.write(key, data);
      }
      override async promote(tempKey: string, key: string) {
        // Outside the request's transaction: on PostgreSQL another connection, on PGlite the next query.
        // A thumbnail (thumbs/w96/banner-ads/x.png.webp) is published with its banner's row too.
        const file = path.posix.basename(key).replace(/\.webp$/, '');
        const rows = await app.database.db.select().from(bannerAds).where(eq(bannerAds.image, file));
        seen.push(`promote with the row ${rows.length ? 'committed' : 'missing'}`);
        await super.promote(tempKey, key);
      }
    }
    t = app = await buildTestApp({ storage: (dir) => new Watching(dir) });
    const admin = await makeAdmin(t.database.db);
    const api = bannerClient(t.app, await signIn(t.app, admin.email));
    const created = await api.create(formParts(validFields(), { data: images.png() }));
    expect(created.statusCode).toBe(201);
    const { _id: id, image } = created.json().bannerAd as { _id: string; image: string };
    const updated = await api.update(id, formParts(validFields(), { data: images.gif(), filename: 'x.gif' }));
    expect(updated.statusCode).toBe(200);
    const newImage = updated.json().bannerAd.image as string;
    const withThumbnails = (file: string) => [
      `write .tmp-*-${file}`,
      `write .tmp-*-${file}.webp`,
      `write .tmp-*-${file}.webp`,
      'promote with the row committed',
      'promote with the row committed',
      'promote with the row committed',
    ];
    expect(seen).toEqual([...withThumbnails(image), ...withThumbnails(newImage)]);
    expect(uploadedFiles(t.dataDir)).toEqual(
      [
        `banner-ads/${newImage}`,
        `thumbs/w480/banner-ads/${newImage}.webp`,
        `thumbs/w96/banner-ads/${newImage}.webp`,
      ].sort(),
    );
  });

  it('leaves no file, final or temporary, when the insert or the update fails in the database', async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    const api = bannerClient(t.app, await signIn(t.app, admin.email));
    const existing = await makeBannerAd(t.database.db, t.dataDir);
    // A real failure inside the database, after the file was written.
    await t.database.db.execute(sql`
      create function refuse_banner() returns trigger language plpgsql as $$
      begin raise exception 'refused by test'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_banner before insert or update on banner_ads for each row execute function refuse_banner()`,
    );
    const image = { data: images.png(), filename: 'banner.png', contentType: 'image/png' };
    expect((await api.create(formParts(validFields(), image))).statusCode).toBe(500);
    expect((await api.update(existing.id, formParts(validFields(), image))).statusCode).toBe(500);
    expect(uploadedFiles(t.dataDir)).toEqual([`banner-ads/${existing.image}`]);
  });
});

/** Issue 17.11: the sweep of what a crash left in uploads/. */
describeApi('upload sweep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  /** A file under uploads/ last written `ageMs` before the app's clock. */
  function file(key: string, ageMs: number, data: Buffer = images.png()) {
    const full = path.join(t.dataDir, 'uploads', key);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, data);
    const at = new Date(t.clock().getTime() - ageMs);
    fs.utimesSync(full, at, at);
    return key;
  }
  const tmp = (dir: string, name: string) => `${dir}/.tmp-0123456789abcdef-${name}`;

  it('removes old unreferenced and stale temporary files, keeps referenced and young ones, finishes interrupted commits', async () => {
    const db = t.database.db;
    // Referenced, in each table and stored form, and old.
    const referenced = [
      file('ads/kept-bare.png', 2 * HOUR),
      file('ads/kept-uploads.png', 2 * HOUR),
      file('banner-ads/kept-banner.png', 2 * HOUR),
      file('profiles/kept-picture.png', 2 * HOUR),
      file('products/kept-product.png', 2 * HOUR),
      file('icons/kept-icon.png', 2 * HOUR),
    ];
    await makeAd(db, { images: ['ads/kept-bare.png', '/uploads/ads/kept-uploads.png'] });
    await makeBannerAd(db, t.dataDir, { image: 'kept-banner.png' });
    file('banner-ads/kept-banner.png', 2 * HOUR); // makeBannerAd rewrote it just now
    await makeUser(db, { profilePicture: 'profiles/kept-picture.png' });
    await db.insert(products).values({ name: 'P', price: 10, image: '/uploads/products/kept-product.png' });
    await makePackage(db, { icon: '/uploads/icons/kept-icon.png' });
    // Young: an upload in flight on this or another instance.
    const young = [file('ads/young-orphan.png', HOUR - 60_000), file(tmp('banner-ads', 'young.png'), 60_000)];
    // Left by a crash.
    const orphan = file('ads/old-orphan.png', HOUR + 60_000);
    const staleTemp = file(tmp('banner-ads', 'stale.png'), 2 * HOUR);
    const named = file(tmp('banner-ads', 'named-by-nothing.png'), 2 * HOUR);
    // Killed between the commit and the rename: the row names the final file, only the temporary one exists.
    const interrupted = file(tmp('banner-ads', 'interrupted.png'), 2 * HOUR, images.gif());
    await makeBannerAd(db, t.dataDir, { image: 'interrupted.png' });
    fs.rmSync(path.join(t.dataDir, 'uploads', 'banner-ads', 'interrupted.png'));

    const result = await t.app.uploadSweeper.runOnce();
    expect(result).toEqual({
      removed: expect.arrayContaining([orphan, staleTemp, named]),
      promoted: [interrupted],
    });
    expect(result!.removed).toHaveLength(3);
    expect(uploadedFiles(t.dataDir)).toEqual([...referenced, ...young, 'banner-ads/interrupted.png'].sort());
    const promoted = path.join(t.dataDir, 'uploads', 'banner-ads', 'interrupted.png');
    expect(fs.readFileSync(promoted).equals(images.gif())).toBe(true);
    expect((await t.app.uploadSweeper.runOnce())!).toEqual({ removed: [], promoted: [] });
  });

  it('is safe when several instances sweep at once', async () => {
    const orphans = Array.from({ length: 30 }, (_, i) => file(`ads/race-${i}.png`, 2 * HOUR));
    const kept = file('ads/race-kept.png', 2 * HOUR);
    await makeAd(t.database.db, { images: [kept] });
    const temp = file(tmp('banner-ads', 'race.png'), 2 * HOUR);
    await makeBannerAd(t.database.db, t.dataDir, { image: 'race.png' });
    fs.rmSync(path.join(t.dataDir, 'uploads', 'banner-ads', 'race.png'));
    const instance = () =>
      sweepUploads({
        storage: new LocalDiskStorage(path.join(t.dataDir, 'uploads')),
        referenced: (keys) => referencedUploadKeys(t.database.db, keys),
        now: t.clock(),
        batchSize: 7,
      });
    await Promise.all([instance(), instance(), instance()]);
    const left = uploadedFiles(t.dataDir);
    for (const o of orphans) expect(left).not.toContain(o);
    expect(left).toContain(kept);
    expect(left).toContain('banner-ads/race.png');
    expect(left).not.toContain(temp);
    expect(await referencedUploadKeys(t.database.db, ['banner-ads/race.png', kept, orphans[0]!])).toEqual(
      new Set(['banner-ads/race.png', kept]),
    );
  });
});
