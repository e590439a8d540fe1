import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../e2e/support/server-process';
import { openPglite, rowsOf } from '../../src/db/client';
import { referencedUploadKeys } from '../../src/db/upload-references';
import { encodePng } from '../../src/seed/png';
import { finalKeyOf, isTempKey, LocalDiskStorage } from '../../src/storage/file-storage';
import { sweepUploads } from '../../src/storage/upload-sweep';
import { waitFor } from '../support/message-servers';
import { filesUnder } from '../support/uploaded-files';

const LINES = 200;

/**
 * Issue 33.2: `kill -9` of `npm run ads:import` part-way through a file on the embedded database.
 * No ad is half in (each is there with its image, or not at all), the same command then finishes
 * the rest without doubling any, and what the kill left in storage is only what the upload sweep
 * clears: temporary files, promoted when their ad committed, removed otherwise.
 */
describe('kill -9 during an import (embedded database)', () => {
  const dataDir = tempDataDir('bo-import-kill-');
  const uploads = path.join(dataDir, 'uploads');
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function importer() {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/ads-import.ts', path.join(dataDir, 'ads.jsonl')],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(child);
    const out = { stdout: '', stderr: '' };
    child.stdout!.on('data', (d) => (out.stdout += d));
    child.stderr!.on('data', (d) => (out.stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    return { child, out, exited };
  }

  it('leaves no half-imported ad, and the rerun finishes the rest', async () => {
    // Noisy pixels, so each image takes some writing and a kill often lands between two steps.
    fs.writeFileSync(
      path.join(dataDir, 'photo.png'),
      encodePng(320, 240, (x, y) => [(x * 7919 + y * 104729) & 255, (x * y) & 255, (x + y) & 255]),
    );
    const lines = Array.from({ length: LINES }, (_, i) =>
      JSON.stringify({
        externalId: `ext-${i + 1}`,
        heading: `Toyota Axio 2012 number ${i + 1}`,
        details: 'One owner.',
        category: 'Vehicles',
        district: 'Colombo',
        images: ['photo.png'],
        advertiser: { username: `seller${i % 7}` },
      }),
    );
    fs.writeFileSync(path.join(dataDir, 'ads.jsonl'), lines.join('\n') + '\n');

    // Killed once a fifth of the lines are done (the progress says so), wherever it is then.
    const first = importer();
    await waitFor(() => {
      if (first.child.exitCode !== null) throw new Error(`the import ended before the kill:\n${first.out.stderr}`);
      return [...first.out.stderr.matchAll(/^lines (\d+)\//gm)].some((m) => Number(m[1]) >= LINES / 5);
    });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(null);

    const second = importer();
    expect(await second.exited, second.out.stderr).toBe(0);
    const done = /^Done: (\d+) imported, (\d+) already in, 0 refused \(200 lines\)\.\n$/.exec(second.out.stdout);
    expect(done, second.out.stdout).not.toBeNull();
    const [imported, existing] = [Number(done![1]), Number(done![2])];
    expect(imported + existing).toBe(LINES);
    expect(existing).toBeGreaterThanOrEqual(LINES / 5);

    const database = await openPglite(path.join(dataDir, 'db'));
    try {
      const db = database.db;
      const ads = rowsOf<{ external_id: string; images: string[]; user_id: string | null }>(
        await db.execute(sql`select external_id, images, user_id from advertisements`),
      );
      expect(new Set(ads.map((a) => a.external_id)).size).toBe(LINES);
      expect(ads).toHaveLength(LINES);
      for (const a of ads) expect([a.images.length, a.user_id !== null]).toEqual([1, true]);
      const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users`)) as [
        { n: number },
      ];
      expect(n).toBe(7);

      // Every ad's image is in storage, published or (killed between its commit and its rename) staged.
      const named = ads.map((a) => a.images[0]!);
      const files = filesUnder(uploads);
      const staged = new Set(files.filter(isTempKey).map((k) => finalKeyOf(k)));
      for (const key of named) expect(files.includes(key) || staged.has(key), key).toBe(true);

      // The sweep finishes what the kill interrupted: only the ads' images and their thumbnails stay.
      await sweepUploads({
        storage: new LocalDiskStorage(uploads),
        referenced: (keys) => referencedUploadKeys(db, keys),
        now: new Date(Date.now() + 24 * 3_600_000),
      });
      const left = filesUnder(uploads);
      expect(left.filter(isTempKey)).toEqual([]);
      expect(left.filter((k) => !k.startsWith('thumbs/'))).toEqual([...named].sort());
    } finally {
      await database.close();
    }
  });
});
