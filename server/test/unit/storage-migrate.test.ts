import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../src/storage/file-storage';
import { migrateUploads } from '../../src/storage/migrate';
import { S3Storage } from '../../src/storage/s3-storage';
import { images } from '../support/banner-images';
import { startS3Server, type S3TestServer } from '../support/s3-server';
import { s3Env } from '../support/storage-drivers';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

/** Issue 23: `npm run storage:migrate -- --to s3` against an S3-protocol server on loopback. */
describe('storage:migrate', () => {
  let s3: S3TestServer;
  let dir: string;
  const files: Record<string, Buffer> = {};

  beforeEach(async () => {
    s3 = await startS3Server();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-migrate-'));
    const put = (key: string, data: Buffer) => {
      fs.mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
      fs.writeFileSync(path.join(dir, key), data);
      files[key] = data;
    };
    for (let i = 0; i < 20; i++) put(`ads/photo-${String(i).padStart(2, '0')}.png`, images.png());
    put('banner-ads/b.gif', images.gif());
    put('thumbs/w96/banner-ads/b.gif.webp', images.webp());
    // Above the part size: goes up in parts.
    put('products/large.jpg', Buffer.concat([images.jpeg(), Buffer.alloc(6 * 1024 * 1024, 1)]));
    // An upload in flight when the copy runs: left out.
    fs.writeFileSync(path.join(dir, 'ads', '.tmp-0123456789abcdef-x.png'), images.png());
  });
  afterEach(async () => {
    await s3.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const target = () =>
    new S3Storage({
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
      partSize: 5 * 1024 * 1024,
    });

  it('copies every upload with its bytes and sniffed type, resumes after an interruption, and reports progress', async () => {
    const stop = new AbortController();
    const seen: number[] = [];
    const first = await migrateUploads({
      from: new LocalDiskStorage(dir),
      to: target(),
      concurrency: 1,
      signal: stop.signal,
      onProgress: (p) => p.done === 8 && stop.abort(),
    });
    expect([first.done, first.copied]).toEqual([8, 8]);
    const putsBefore = s3.calls.get('PutObject') ?? 0;

    const second = await migrateUploads({
      from: new LocalDiskStorage(dir),
      to: target(),
      onProgress: (p) => seen.push(p.done),
    });
    expect(second).toMatchObject({ total: 23, skipped: 8, copied: 15 });
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    // Only the rest went up: 14 small files in one request each, the large one in parts.
    expect((s3.calls.get('PutObject') ?? 0) - putsBefore).toBe(14);
    expect(s3.calls.get('CreateMultipartUpload')).toBe(1);

    expect(s3.keys()).toEqual(Object.keys(files).sort());
    for (const [key, data] of Object.entries(files)) expect(s3.object(key)!.data.equals(data), key).toBe(true);
    expect(s3.object('banner-ads/b.gif')!.contentType).toBe('image/gif');
    expect(s3.object('ads/photo-00.png')!.contentType).toBe('image/png');
    // The local folder is untouched.
    expect(fs.existsSync(path.join(dir, 'ads', '.tmp-0123456789abcdef-x.png'))).toBe(true);
  });

  it('runs from the command line with the S3_* variables, printing progress', async () => {
    const { stdout } = await run(
      'node',
      ['--import', 'tsx', 'server/src/cli/storage-migrate.ts', '--to', 's3', '--from', dir],
      {
        cwd: root,
        env: { ...process.env, ...s3Env(s3), DATA_DIR: dir, NODE_NO_WARNINGS: '1' },
      },
    );
    expect(stdout).toMatch(/23\/23 files \(100%\), 23 copied, 0 already there/);
    expect(stdout).toMatch(/Done: 23 copied, 0 already in the bucket, 23 in all\./);
    const again = await run(
      'node',
      ['--import', 'tsx', 'server/src/cli/storage-migrate.ts', '--to', 's3', '--from', dir],
      {
        cwd: root,
        env: { ...process.env, ...s3Env(s3), DATA_DIR: dir, NODE_NO_WARNINGS: '1' },
      },
    );
    expect(again.stdout).toMatch(/Done: 0 copied, 23 already in the bucket, 23 in all\./);
  });
});
