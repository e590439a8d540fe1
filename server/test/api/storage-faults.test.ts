import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { messages } from '@backoffice/contract';
import { LocalDiskStorage } from '../../src/storage/file-storage';
import { bannerClient, formParts, images, makeBannerAd, validFields } from '../support/banner-factories';
import { databaseSnapshot } from '../support/db-snapshot';
import { makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/** Every file under a folder, with its size: "nothing left behind" is equality. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return `${path.relative(dir, file)}:${fs.statSync(file).size}`;
    })
    .sort();
}

/**
 * Issue 8.6: an upload when the disk is full or the uploads folder cannot be written. The answer is
 * a clear 507, the database is unchanged (no row points at a file that is not there), and no partly
 * written file stays behind.
 */
describeApi('uploads when the disk will not take the file', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setUp(storage?: (uploadsDir: string) => LocalDiskStorage) {
    t = await buildTestApp(storage ? { storage } : {});
    const admin = await makeAdmin(t.database.db);
    const api = bannerClient(t.app, await signIn(t.app, admin.email));
    const existing = await makeBannerAd(t.database.db, t.dataDir);
    return { t, api, existing, uploads: path.join(t.dataDir, 'uploads') };
  }

  async function expectRefusedCleanly(
    t: TestApp,
    uploads: string,
    send: () => Promise<{ statusCode: number; json(): unknown }>,
  ) {
    const before = { db: await databaseSnapshot(t.database.db), files: filesUnder(uploads) };
    const res = await send();
    expect([res.statusCode, res.json()]).toEqual([507, { success: false, message: messages.server.storageFailed }]);
    expect({ db: await databaseSnapshot(t.database.db), files: filesUnder(uploads) }).toEqual(before);
  }

  it('answers 507 when the disk is full, keeping no half-written file and no row', async () => {
    // The real storage code with a disk that fills up half-way through the file.
    const full = async (file: string, data: Buffer) => {
      await fsp.writeFile(file, data.subarray(0, data.length >> 1));
      throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: 'ENOSPC' });
    };
    const { t, api, existing, uploads } = await setUp((dir) => new LocalDiskStorage(dir, full));
    const image = { data: images.png(), filename: 'banner.png', contentType: 'image/png' };
    await expectRefusedCleanly(t, uploads, () => api.create(formParts(validFields(), image)));
    await expectRefusedCleanly(t, uploads, () => api.update(existing.id, formParts(validFields(), image)));
    // The banner that was there still shows its own, complete image.
    expect(fs.existsSync(path.join(uploads, 'banner-ads', existing.image))).toBe(true);
  });

  it('answers 507 when the uploads folder cannot be written', async () => {
    const { t, api, existing, uploads } = await setUp();
    // The banner folder is not a folder at all: every write into it fails on the real disk.
    const folder = path.join(uploads, 'banner-ads');
    fs.renameSync(folder, `${folder}.moved`);
    fs.writeFileSync(folder, 'not a folder');
    const image = { data: images.png(), filename: 'banner.png', contentType: 'image/png' };
    await expectRefusedCleanly(t, uploads, () => api.create(formParts(validFields(), image)));
    await expectRefusedCleanly(t, uploads, () => api.update(existing.id, formParts(validFields(), image)));
    // Editing without a new image needs no disk and still works.
    expect((await api.update(existing.id, formParts(validFields({ name: 'Still editable' })))).statusCode).toBe(200);
  });
});
