import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { messages } from '@backoffice/contract';
import { LocalDiskStorage, storageKey, type FileStorage, type ReadConditions } from '../../src/storage/file-storage';
import { adminClient } from '../support/ads-helpers';
import { bannerClient, formParts, images, makeBannerAd, validFields } from '../support/banner-factories';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { uploadedFiles } from '../support/uploaded-files';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * The real disk storage with a fault on the Nth removal: every call goes to the disk except that
 * one, which throws as a disk that refuses an unlink would. Every removal asked for is recorded,
 * so a test can tell which files the app tried to remove, and when.
 */
class FailingRemoval implements FileStorage {
  readonly removals: string[] = [];
  failOn: number | null = null;
  constructor(private readonly disk: LocalDiskStorage) {}
  write = (key: string, data: Buffer) => this.disk.write(key, data);
  promote = (tempKey: string, key: string) => this.disk.promote(tempKey, key);
  exists = (key: string) => this.disk.exists(key);
  list = () => this.disk.list();
  read = (key: string, conditions?: ReadConditions) => this.disk.read(key, conditions);
  async remove(key: string): Promise<void> {
    this.removals.push(key);
    if (this.removals.length === this.failOn) {
      throw Object.assign(new Error(`EIO: i/o error, unlink '${key}'`), { code: 'EIO' });
    }
    await this.disk.remove(key);
  }
}

/**
 * Files are removed only once the database has committed (docs/decisions/0011-database-files-and-instances.md):
 * whatever fails, and wherever, no row names a file that is not there. At worst a file no row
 * names stays behind, and the upload sweep removes it.
 */
describeApi('files are removed after the commit, never before', () => {
  let t: TestApp;
  let storage!: FailingRemoval;
  let banners: ReturnType<typeof bannerClient>;
  let ads: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    t = await buildTestApp({ storage: (dir) => (storage = new FailingRemoval(new LocalDiskStorage(dir))) });
    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    banners = bannerClient(t.app, cookie);
    ads = adminClient(t.app, cookie);
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    storage.removals.length = 0;
    storage.failOn = null;
    await t.database.db.execute(sql`drop trigger if exists test_refuse_commit on audit_events`);
    await t.database.db.execute(sql`drop function if exists test_refuse_commit()`);
  });

  const uploads = (t: TestApp) => path.join(t.dataDir, 'uploads');
  const stored = (t: TestApp, key: string) => fs.existsSync(path.join(uploads(t), key));

  /** An ad image file on disk, as the ads' own upload would have left it. */
  function adImage(t: TestApp, name: string): string {
    const key = `ads/${name}.png`;
    fs.mkdirSync(path.join(uploads(t), 'ads'), { recursive: true });
    fs.writeFileSync(path.join(uploads(t), key), images.png());
    return key;
  }

  /** The storage keys some row names whose file is missing: always none. */
  async function dangling(t: TestApp): Promise<string[]> {
    const result = await t.database.db.execute(sql`
      select 'banner-ads/' || image as key from banner_ads
      union all select unnest(images) from advertisements`);
    const keys = (result as unknown as { rows: { key: string }[] }).rows.map((r) => storageKey(r.key)!);
    return keys.filter((k) => !stored(t, k));
  }

  /**
   * Makes the commit itself fail for the audit entry of `action`: a deferred trigger that runs at
   * COMMIT, after everything the request did inside its transaction (a file removed there would
   * already be gone).
   */
  async function refuseCommitOf(t: TestApp, entity: 'banner' | 'ad', action: string) {
    await t.database.db.execute(sql`
      create function test_refuse_commit() returns trigger language plpgsql as $$
      begin raise exception 'commit refused by the test'; end $$`);
    await t.database.db.execute(
      sql.raw(`create constraint trigger test_refuse_commit after insert on audit_events
        deferrable initially deferred for each row
        when (new.entity = '${entity}' and new.action = '${action}') execute function test_refuse_commit()`),
    );
  }

  /** The upload sweep as it runs a day later: anything a failed removal left behind goes then. */
  async function sweepLater(t: TestApp) {
    const now = t.clock();
    t.clock.set(new Date(Date.now() + 24 * 60 * 60_000));
    try {
      return (await t.app.uploadSweeper.runOnce())!.removed;
    } finally {
      // Back to the test's time, where the admin's session is still valid.
      t.clock.set(now);
    }
  }

  const refusedCommit = (res: { statusCode: number; json(): unknown }) =>
    expect([res.statusCode, res.json()]).toEqual([500, { success: false, message: messages.server.internal }]);

  it('banner replace: a removal that fails after the commit leaves only an orphan, swept later', async () => {
    const banner = await makeBannerAd(t.database.db, t.dataDir);
    storage.failOn = 1;
    const res = await banners.update(banner.id, formParts(validFields(), { data: images.png() }));
    expect(res.statusCode).toBe(200);
    expect(storage.removals).toEqual([`banner-ads/${banner.image}`]);
    expect(stored(t, `banner-ads/${banner.image}`)).toBe(true);
    expect(await dangling(t)).toEqual([]);
    expect(res.json().bannerAd.image).not.toContain(banner.image);
    expect(await sweepLater(t)).toContain(`banner-ads/${banner.image}`);
    expect(stored(t, `banner-ads/${banner.image}`)).toBe(false);
    expect(await dangling(t)).toEqual([]);
  });

  it('banner replace: a commit that fails keeps the old file, and no removal of it is tried', async () => {
    const banner = await makeBannerAd(t.database.db, t.dataDir);
    const before = uploadedFiles(t.dataDir);
    await refuseCommitOf(t, 'banner', 'updated');
    refusedCommit(await banners.update(banner.id, formParts(validFields(), { data: images.png() })));
    expect(storage.removals).not.toContain(`banner-ads/${banner.image}`);
    expect(stored(t, `banner-ads/${banner.image}`)).toBe(true);
    expect(await dangling(t)).toEqual([]);
    // The new image's staged files are dropped again: the folder is as it was.
    expect(uploadedFiles(t.dataDir)).toEqual(before);
  });

  it('banner delete: a removal that fails after the commit leaves only an orphan, swept later', async () => {
    const banner = await makeBannerAd(t.database.db, t.dataDir);
    storage.failOn = 1;
    const res = await banners.remove(banner.id);
    expect(res.statusCode).toBeLessThan(300);
    expect(storage.removals).toEqual([`banner-ads/${banner.image}`]);
    expect(JSON.stringify((await banners.list()).json())).not.toContain(banner.id);
    expect(stored(t, `banner-ads/${banner.image}`)).toBe(true);
    expect(await sweepLater(t)).toContain(`banner-ads/${banner.image}`);
    expect(stored(t, `banner-ads/${banner.image}`)).toBe(false);
  });

  it('banner delete: a commit that fails keeps the row and its file, and no removal is tried', async () => {
    const banner = await makeBannerAd(t.database.db, t.dataDir);
    await refuseCommitOf(t, 'banner', 'deleted');
    refusedCommit(await banners.remove(banner.id));
    expect(storage.removals).toEqual([]);
    expect(JSON.stringify((await banners.list()).json())).toContain(banner.id);
    expect(stored(t, `banner-ads/${banner.image}`)).toBe(true);
    expect(await dangling(t)).toEqual([]);
  });

  it('ad images: the second of two removals failing after the commit leaves one orphan, swept later', async () => {
    const [kept, first, second] = ['kept', 'first', 'second'].map((n) => adImage(t, n)) as [string, string, string];
    const ad = await makeAd(t.database.db, { images: [kept, first, second] });
    storage.failOn = 2;
    const res = await ads.images(ad.id, [kept]);
    expect(res.statusCode).toBe(200);
    expect(res.json().advertisement.images).toEqual([kept]);
    expect(storage.removals).toEqual([first, second]);
    expect([stored(t, kept), stored(t, first), stored(t, second)]).toEqual([true, false, true]);
    expect(await dangling(t)).toEqual([]);
    expect(await sweepLater(t)).toContain(second);
    expect(await dangling(t)).toEqual([]);
  });

  it('ad images: a commit that fails keeps every image and its file, and no removal is tried', async () => {
    const keys = ['kept', 'first', 'second'].map((n) => adImage(t, n));
    const ad = await makeAd(t.database.db, { images: keys });
    await refuseCommitOf(t, 'ad', 'images_updated');
    refusedCommit(await ads.images(ad.id, [keys[0]]));
    expect(storage.removals).toEqual([]);
    expect(keys.map((k) => stored(t, k))).toEqual([true, true, true]);
    const [row] = (
      (await t.database.db.execute(sql`select images from advertisements where id = ${ad.id}`)) as unknown as {
        rows: { images: string[] }[];
      }
    ).rows;
    expect(row!.images).toEqual(keys);
    expect(await dangling(t)).toEqual([]);
  });

  it('ad delete: a removal that fails after the commit leaves only an orphan, swept later', async () => {
    const [first, second] = ['gone-1', 'gone-2'].map((n) => adImage(t, n)) as [string, string];
    const ad = await makeAd(t.database.db, { images: [first, second] });
    storage.failOn = 1;
    expect((await ads.remove(ad.id)).statusCode).toBeLessThan(300);
    // The first failure ends the clean-up: both files stay, and the sweep takes them.
    expect(storage.removals).toEqual([first]);
    expect([stored(t, first), stored(t, second)]).toEqual([true, true]);
    expect(await dangling(t)).toEqual([]);
    expect(await sweepLater(t)).toEqual(expect.arrayContaining([first, second]));
    expect([stored(t, first), stored(t, second)]).toEqual([false, false]);
  });

  it('ad delete: a commit that fails keeps the ad and its files, and no removal is tried', async () => {
    const keys = ['kept-1', 'kept-2'].map((n) => adImage(t, n));
    const ad = await makeAd(t.database.db, { images: keys });
    await refuseCommitOf(t, 'ad', 'deleted');
    refusedCommit(await ads.remove(ad.id));
    expect(storage.removals).toEqual([]);
    expect(keys.map((k) => stored(t, k))).toEqual([true, true]);
    expect(await dangling(t)).toEqual([]);
    expect((await ads.list()).json().advertisements.map((a: { _id: string }) => a._id)).toContain(ad.id);
  });
});
