/**
 * Storage and thumbnails benchmark (issue 23), `npm run bench:storage [-- --photos 12 --seconds 5]`:
 *
 * 1. In Chromium against the built app and the real server (demo data, every ad image replaced by
 *    a 1600 × 1200 photo-like JPEG as phones upload them): bytes transferred and time to the first
 *    image of the first ads page (10 rows), before thumbnails (the page made to ask for the full
 *    images, as it did) and after (cold: thumbnails made on first request; warm: made already).
 * 2. Thumbnail generation throughput with sharp limited to 2 threads (this machine has 2 cores).
 * 3. Serving an original, a thumbnail and a conditional request (304) from the disk and from an
 *    S3-protocol server on loopback in its own process, side by side (server/test/support/s3-server.ts:
 *    in memory, so this is the driver's and the extra hop's cost, not a real bucket's latency).
 *
 * Appends its tables to bench/RESULTS.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { launchBrowser, signInThroughForm } from '../e2e/support/browser';
import { ADMIN, startServer, tempDataDir, type ServerProcess } from '../e2e/support/server-process';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { migrateUploads } from '../server/src/storage/migrate';
import { S3Storage } from '../server/src/storage/s3-storage';
import { makeThumbnail } from '../server/src/storage/thumbnails';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

const { values: args } = parseArgs({
  options: { photos: { type: 'string', default: '12' }, seconds: { type: 'string', default: '5' } },
});
const PHOTOS = Number(args.photos);
const SECONDS = Number(args.seconds);

/** A 1600 × 1200 JPEG with detail (gradients and noise), about the weight of a phone photo. */
async function photo(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  let s = seed * 7919 + 1;
  for (let i = 0; i < raw.length; i += 3) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    const n = s % 48;
    raw[i] = ((x * (seed + 1)) / 7 + n) & 0xff;
    raw[i + 1] = ((y * 3) / (seed + 2) + n) & 0xff;
    raw[i + 2] = ((x + y) / 9 + n * 2) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

type PageFigures = { bytes: number; imageBytes: number; images: number; firstImageMs: number };

/** Opens the ads page in a fresh signed-in context; counts every byte on the wire until its images are in. */
async function firstAdsPage(url: string, fullImages: boolean): Promise<PageFigures> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 } });
    const page: Page = await context.newPage();
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    // "Before": the page as it was, asking for the full image where it now asks for a thumbnail.
    if (fullImages)
      await page.route(/\/uploads\/.*[?&]w=\d+/, (route) =>
        route.continue({
          url: route
            .request()
            .url()
            .replace(/[?&]w=\d+$/, ''),
        }),
      );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, string>();
    let bytes = 0;
    let imageBytes = 0;
    let images = 0;
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      if (types.get(e.requestId) === 'Image') {
        imageBytes += e.encodedDataLength;
        images++;
      }
    });
    await page.goto('/app/ads-directory');
    // No named functions in page code: tsx would wrap them in a helper the page does not have.
    const first = await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('table tbody img');
        return img && img.complete && img.naturalWidth > 0 ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 120_000 },
    );
    const firstImageMs = (await first.jsonValue()) as number;
    // Every row's image loaded (or failed), then the network quiet.
    await page.waitForFunction(
      () => {
        const imgs = Array.from(document.querySelectorAll<HTMLImageElement>('table tbody img'));
        return imgs.length >= 10 && imgs.every((i) => i.complete);
      },
      undefined,
      { timeout: 120_000 },
    );
    await page.waitForLoadState('networkidle');
    await context.close();
    return { bytes, imageBytes, images, firstImageMs };
  } finally {
    await browser.close();
  }
}

async function thumbnailThroughput(photos: Buffer[]): Promise<string> {
  const started = performance.now();
  let made = 0;
  let next = 0;
  // Two at a time, as the server's sharp setting allows.
  await Promise.all(
    [0, 1].map(async () => {
      while (next < photos.length * 2) {
        const i = next++;
        await makeThumbnail(photos[i % photos.length]!, i < photos.length ? 96 : 480);
        made++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return `${made} thumbnails (96 and 480 px WebP) from 1600 × 1200 JPEGs in ${seconds.toFixed(2)} s: ${(made / seconds).toFixed(1)} per second on 2 threads`;
}

async function serve(url: string, pathname: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: `${url}${pathname}`, connections: 10, duration: SECONDS, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
};

/** The test S3 server (server/test/support/s3-server.ts) in its own process. */
async function startS3Process() {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/s3-server-process.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: proc.stdout! }), 'line')) as [string];
  const settings = JSON.parse(line) as S3Settings;
  return {
    ...settings,
    env: {
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: settings.endpoint,
      S3_ACCESS_KEY_ID: settings.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.credentials.secretAccessKey,
    },
    async close() {
      proc.kill('SIGTERM');
      await once(proc, 'exit');
    },
  };
}

async function main() {
  const dataDir = tempDataDir('bo-bench-storage-');
  const servers: ServerProcess[] = [];
  const s3 = await startS3Process();
  const lines: string[] = [];
  try {
    // Demo data (first start), then every ad image made a real photo's weight.
    const disk = await startServer({ dataDir, env: { SEED_DEMO: 'true' } });
    servers.push(disk);
    const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => photo(i)));
    const uploads = new LocalDiskStorage(path.join(dataDir, 'uploads'));
    let replaced = 0;
    for await (const object of uploads.list())
      if (object.key.startsWith('ads/'))
        fs.writeFileSync(path.join(uploads.root, object.key), photos[replaced++ % PHOTOS]!);
    console.log(`${replaced} ad images replaced by ${PHOTOS} photos of about ${kb(photos[0]!.length)}`);

    const before = await firstAdsPage(disk.url, true);
    const cold = await firstAdsPage(disk.url, false);
    const warm = await firstAdsPage(disk.url, false);
    const row = (label: string, f: PageFigures) =>
      `| ${label} | ${kb(f.bytes)} | ${kb(f.imageBytes)} (${f.images} images) | ${f.firstImageMs.toFixed(0)} ms |`;
    lines.push(
      '| First ads page (10 rows), Chromium, cache off | Bytes transferred | Of which images | Navigation to first image |',
      '| --- | --- | --- | --- |',
      row('Before: full images', before),
      row('After, cold: thumbnails made on first request', cold),
      row('After, warm: thumbnails stored', warm),
      '',
      `Thumbnail generation: ${await thumbnailThroughput(photos)}.`,
      '',
    );

    // The same uploads in a bucket, and a second server on it.
    const bucket = new S3Storage({
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    });
    await migrateUploads({ from: uploads, to: bucket });
    await disk.stop();
    servers.length = 0;
    const onDisk = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
    servers.push(onDisk);
    const s3Dir = tempDataDir('bo-bench-storage-s3-');
    const onS3 = await startServer({ dataDir: s3Dir, env: { SEED_DEMO: 'false', ...s3.env } });
    servers.push(onS3);

    let photoKey = '';
    for await (const object of bucket.list())
      if (object.key.startsWith('ads/') && !object.key.startsWith('ads/.')) {
        photoKey = object.key;
        break;
      }
    const original = `/uploads/${photoKey}`;
    const thumb = `${original}?w=96`;
    await fetch(`${onDisk.url}${thumb}`);
    await fetch(`${onS3.url}${thumb}`);
    const etagOf = async (u: string) => (await fetch(u)).headers.get('etag') ?? '';
    lines.push(
      `| Serving (${SECONDS} s, 10 connections) | Disk: req/s | Disk: p50 / p99 | S3 on loopback: req/s | S3: p50 / p99 |`,
      '| --- | --- | --- | --- | --- |',
    );
    for (const [label, pathname, conditional] of [
      [`original (${kb(photos[0]!.length)})`, original, false],
      ['thumbnail 96 px', thumb, false],
      ['original, If-None-Match → 304', original, true],
    ] as const) {
      const d = await serve(
        onDisk.url,
        pathname,
        conditional ? { 'if-none-match': await etagOf(`${onDisk.url}${pathname}`) } : {},
      );
      const s = await serve(
        onS3.url,
        pathname,
        conditional ? { 'if-none-match': await etagOf(`${onS3.url}${pathname}`) } : {},
      );
      lines.push(
        `| ${label} | ${d.rps.toFixed(0)} | ${d.p50} / ${d.p99} ms | ${s.rps.toFixed(0)} | ${s.p50} / ${s.p99} ms |`,
      );
    }
    fs.rmSync(s3Dir, { recursive: true, force: true });
  } finally {
    for (const server of servers) await server.stop();
    await s3.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // The Command line names the benchmark for the table of current figures (server/test/unit/bench-results.test.ts).
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`;
  const text = `\n## Storage and thumbnails (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, ${PHOTOS} photos)\n\nCommand: \`npm run bench:storage\`. Machine: ${machine}.\n\n${lines.join('\n')}\n`;
  console.log(text);
  fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
