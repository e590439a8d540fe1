import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../src/db/client';
import { bannerAds, type BannerAdRow } from '../../src/db/schema';
import type { App } from '../../src/app';
import { images } from './banner-images';
import { ORIGIN } from './test-app';

export { hostile, images } from './banner-images';

export type Part =
  { name: string; value: string } | { name: string; filename: string; contentType?: string; data: Buffer };

/** A multipart/form-data body built byte by byte, so tests can also send broken ones. */
export function multipart(parts: Part[], boundary = `----bo${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export type BannerFields = Partial<
  Record<'name' | 'description' | 'startDate' | 'endDate' | 'status' | 'placement', string>
>;

export const validFields = (overrides: BannerFields = {}): BannerFields => ({
  name: 'Sampath Bank Home Loans',
  description: 'Home loans at 9.5% for the first two years.',
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  status: 'Active',
  placement: 'Home page',
  ...overrides,
});

/** Form parts from fields (undefined values left out) and an optional image file. */
export function formParts(fields: BannerFields, image?: { data: Buffer; filename?: string; contentType?: string }) {
  const parts: Part[] = Object.entries(fields)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([name, value]) => ({ name, value }));
  if (image) {
    parts.push({
      name: 'image',
      filename: image.filename ?? 'banner.png',
      contentType: image.contentType ?? 'image/png',
      data: image.data,
    });
  }
  return parts;
}

/** A signed-in admin's banner calls. */
export function bannerClient(app: App, cookie: string) {
  const headers = { cookie, origin: ORIGIN };
  const send = (method: 'POST' | 'PUT', url: string, body: { payload: Buffer; contentType: string }) =>
    app.inject({ method, url, headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
  return {
    list: (query = '') => app.inject({ method: 'GET', url: `/api/banner-ads${query}`, headers }),
    create: (parts: Part[]) => send('POST', '/api/banner-ads', multipart(parts)),
    update: (id: string, parts: Part[]) => send('PUT', `/api/banner-ads/${id}`, multipart(parts)),
    remove: (id: string) => app.inject({ method: 'DELETE', url: `/api/banner-ads/${id}`, headers }),
    send,
  };
}

let counter = 0;

/** A banner row with its image file on disk; pass overrides (`{ status: 'Inactive' }`). */
export async function makeBannerAd(
  db: Db,
  dataDir: string,
  overrides: Partial<typeof bannerAds.$inferInsert> = {},
): Promise<BannerAdRow> {
  counter++;
  const image = overrides.image ?? `${randomUUID()}.png`;
  const file = path.join(dataDir, 'uploads', 'banner-ads', image);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, images.png());
  const [row] = await db
    .insert(bannerAds)
    .values({
      name: `Banner ${counter}`,
      description: 'A banner for testing.',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      image,
      createdAt: new Date(Date.UTC(2026, 10, 1) + counter * 60_000),
      ...overrides,
    })
    .returning();
  return row!;
}

/** The file names under uploads/banner-ads (sorted), to prove nothing was written or left behind. */
export function bannerFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'uploads', 'banner-ads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}
