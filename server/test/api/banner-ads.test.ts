import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { BANNER_IMAGE_MAX_BYTES, bannerMessages, type BannerAd } from '@backoffice/contract';
import { bannerAds } from '../../src/db/schema';
import { BANNER_HEIGHT, BANNER_WIDTH, DEMO_BANNERS, seedBanners } from '../../src/seed/demo-banners';
import { encodePng } from '../../src/seed/png';
import { LocalDiskStorage } from '../../src/storage/file-storage';
import { sniffImage } from '../../src/storage/image-sniff';
import {
  bannerClient,
  bannerFiles,
  formParts,
  hostile,
  images,
  makeBannerAd,
  multipart,
  validFields,
  type Part,
} from '../support/banner-factories';
import { makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

describeApi('banner ads API (docs/product.md#calls, docs/decisions/0006-banner-ads.md)', () => {
  let t: TestApp;
  let api: ReturnType<typeof bannerClient>;
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    cookie = await signIn(t.app, admin.email);
    api = bannerClient(t.app, cookie);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(bannerAds);
    fs.rmSync(path.join(t.dataDir, 'uploads', 'banner-ads'), { recursive: true, force: true });
  });

  const filePath = (file: string) => path.join(t.dataDir, 'uploads', 'banner-ads', file);

  /** Every banner row (checksummed) and every file under uploads/banner-ads: "nothing written" is equality. */
  async function snapshot() {
    const result = await t.database.db.execute(sql`
      select count(*)::int as n, coalesce(md5(string_agg(b::text, '|' order by b.id)), '') as sum from banner_ads b`);
    return { rows: (result as unknown as { rows: unknown[] }).rows[0], files: bannerFiles(t.dataDir) };
  }

  async function expectRefused(
    send: () => Promise<{ statusCode: number; json(): unknown }>,
    status: number,
    message: string | RegExp,
  ) {
    const before = await snapshot();
    const res = await send();
    expect(res.statusCode).toBe(status);
    const body = res.json() as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
    return body;
  }

  const upload = (data: Buffer, filename = 'banner.png', contentType = 'image/png') =>
    formParts(validFields(), { data, filename, contentType });

  it.each([
    ['PNG', images.png(), 'image/png', 'png'],
    ['JPEG', images.jpeg(), 'image/jpeg', 'jpg'],
    ['WebP', images.webp(), 'image/webp', 'webp'],
    ['lossless WebP', images.webpLossless(), 'image/webp', 'webp'],
    ['GIF', images.gif(), 'image/gif', 'gif'],
  ])('creates a banner with a real %s, stored under a random name and served as %s', async (_, data, type, ext) => {
    // The declared name and type are ignored: the bytes decide.
    const res = await api.create(upload(data, '../../../etc/evil.html', 'text/html'));
    expect(res.statusCode).toBe(201);
    const { bannerAd } = res.json() as { bannerAd: BannerAd };
    expect(bannerAd).toMatchObject({ ...validFields(), views: 0 });
    expect(bannerAd.image).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
    expect(bannerFiles(t.dataDir)).toEqual([bannerAd.image]);
    expect(fs.readFileSync(filePath(bannerAd.image)).equals(data)).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: `/uploads/banner-ads/${bannerAd.image}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(data)).toBe(true);

    const list = (await api.list()).json() as BannerAd[];
    expect(list).toEqual([bannerAd]);
  });

  it('creates with status Active and placement Home page when the form leaves them out (docs/product.md#states-and-transitions)', async () => {
    const res = await api.create(
      formParts(validFields({ status: undefined, placement: undefined }), { data: images.png() }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().bannerAd).toMatchObject({ status: 'Active', placement: 'Home page' });
  });

  it('accepts an image of exactly 5 MB and refuses one byte more with 413', async () => {
    const png = images.png();
    // A valid PNG padded to the limit with a text chunk (12 bytes of chunk framing).
    const padded = (total: number) => {
      const text = Buffer.alloc(total - png.length - 12, 0x61);
      text.write('Comment\0', 'latin1');
      return Buffer.concat([png.subarray(0, 33), textChunk(text), png.subarray(33)]);
    };
    const exact = padded(BANNER_IMAGE_MAX_BYTES);
    expect(exact.length).toBe(BANNER_IMAGE_MAX_BYTES);
    expect((await api.create(upload(exact))).statusCode).toBe(201);
    await expectRefused(
      () => api.create(upload(padded(BANNER_IMAGE_MAX_BYTES + 1))),
      413,
      bannerMessages.imageTooLarge,
    );
  });

  it.each([
    ['an SVG', hostile.svg(), 'logo.svg', 'image/svg+xml'],
    ['an SVG named .png', hostile.svg(), 'logo.png', 'image/png'],
    ['an HTML file named .png', hostile.html(), 'banner.png', 'image/png'],
    ['a PNG header followed by script', hostile.pngHeaderThenScript(), 'banner.png', 'image/png'],
    ['a real PNG followed by script', hostile.pngThenScript(), 'banner.png', 'image/png'],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF'), 'banner.jpg', 'image/jpeg'],
  ])('refuses %s with 415 and writes nothing', async (_, data, filename, type) => {
    const body = await expectRefused(() => api.create(upload(data, filename, type)), 415, bannerMessages.imageType);
    expect(body).toMatchObject({ errors: { image: bannerMessages.imageType } });
  });

  it('refuses a zero-byte file with 415 and a file of 6 MB with 413', async () => {
    await expectRefused(() => api.create(upload(Buffer.alloc(0))), 415, bannerMessages.imageEmpty);
    const big = Buffer.concat([images.png(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    await expectRefused(() => api.create(upload(big)), 413, bannerMessages.imageTooLarge);
  });

  it('answers an oversized upload on a real connection before it is all sent, then closes it', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const before = await snapshot();
    const declared = 50 * 1024 * 1024;
    const head = multipart(formParts(validFields()))
      .payload.toString('latin1')
      .replace(/--[^\r]*--\r\n$/, '');
    const boundary = head.slice(2, head.indexOf('\r\n'));
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {}); // writes after the server closed the connection
    let response = '';
    socket.on('data', (d) => (response += d.toString('latin1')));
    // (events.once would reject on the EPIPE of writes after the server closed the connection.)
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      // A real connection names the port it reached (the Host check refuses a loopback name on another).
      `POST /api/banner-ads HTTP/1.1\r\nHost: localhost:${port}\r\nCookie: ${cookie}\r\nOrigin: http://localhost:${port}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n` +
        `${head}--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 7);
    while (!response && !socket.destroyed && sent < 20 * 1024 * 1024) {
      if (!socket.write(chunk)) await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
      sent += chunk.length;
    }
    const timer = setTimeout(() => socket.destroy(), 10_000); // fail clearly, not by the test timeout
    await closed;
    clearTimeout(timer);
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(response.toLowerCase()).toContain('connection: close');
    expect(response).toContain(bannerMessages.imageTooLarge);
    expect(sent).toBeLessThan(20 * 1024 * 1024);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a truncated multipart body with 400', async () => {
    const { payload, contentType } = multipart(upload(images.png()));
    for (const cut of [payload.length - 10, Math.floor(payload.length / 2), 40]) {
      await expectRefused(
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/banner-ads',
            headers: { cookie, origin: ORIGIN, 'content-type': contentType },
            payload: payload.subarray(0, cut),
          }),
        400,
        bannerMessages.incomplete,
      );
    }
  });

  it('refuses a second file, a file in another field, and 1,000 form fields, writing nothing', async () => {
    const png = images.png();
    const twoFiles: Part[] = [
      ...upload(png),
      { name: 'image', filename: 'second.png', contentType: 'image/png', data: png },
    ];
    await expectRefused(() => api.create(twoFiles), 400, bannerMessages.oneImageOnly);
    const otherField: Part[] = [
      ...formParts(validFields()),
      { name: 'icon', filename: 'a.png', contentType: 'image/png', data: png },
    ];
    await expectRefused(() => api.create(otherField), 400, bannerMessages.unknownField('icon'));
    const many: Part[] = [
      ...upload(png),
      ...Array.from({ length: 1000 }, (_, i) => ({ name: `extra${i}`, value: 'x' })),
    ];
    await expectRefused(() => api.create(many), 413, bannerMessages.tooManyFields);
  });

  it('names every missing field and the missing image, writing nothing', async () => {
    const body = await expectRefused(() => api.create([]), 400, bannerMessages.nameRequired);
    expect(body).toMatchObject({
      errors: {
        name: bannerMessages.nameRequired,
        description: bannerMessages.descriptionRequired,
        startDate: bannerMessages.startDateRequired,
        endDate: bannerMessages.endDateRequired,
        image: bannerMessages.imageRequired,
      },
    });
    await expectRefused(
      () => api.create(formParts(validFields({ name: '   ' }), { data: images.png() })),
      400,
      bannerMessages.nameRequired,
    );
    await expectRefused(() => api.create(formParts(validFields())), 400, bannerMessages.imageRequired);
  });

  it.each([
    [{ startDate: '2026-12-31', endDate: '2026-12-01' }, bannerMessages.endBeforeStart],
    [{ startDate: '2026-02-30' }, bannerMessages.invalidDate],
    [{ endDate: 'yesterday' }, bannerMessages.invalidDate],
    [{ startDate: '2026-13-01' }, bannerMessages.invalidDate],
    [{ startDate: '26-12-01' }, bannerMessages.invalidDate],
    [{ endDate: '2026-12-31T00:00:00Z' }, bannerMessages.invalidDate],
    [{ status: 'Paused' }, bannerMessages.statusInvalid],
    [{ placement: 'Sidebar' }, bannerMessages.placementInvalid],
    [{ name: 'x'.repeat(121) }, bannerMessages.nameTooLong],
    [{ description: 'x'.repeat(2001) }, bannerMessages.descriptionTooLong],
    [{ name: 'bad\u0000name' }, /Control characters/],
    [{ colour: 'red' }, bannerMessages.unknownField('colour')],
    [{ description: 'x'.repeat(20_000) }, bannerMessages.fieldTooLong('description')],
  ] as Array<[Record<string, string>, string | RegExp]>)(
    'refuses %o with 400 and writes nothing',
    async (fields, message) => {
      await expectRefused(
        () => api.create(formParts({ ...validFields(), ...fields }, { data: images.png() })),
        400,
        message,
      );
    },
  );

  it('accepts a banner of a single day (end date equal to start date)', async () => {
    const res = await api.create(formParts(validFields({ endDate: '2026-12-01' }), { data: images.png() }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses a repeated field, a JSON body and a plain form with 4xx, writing nothing', async () => {
    await expectRefused(
      () => api.create([...upload(images.png()), { name: 'name', value: 'Second name' }]),
      400,
      bannerMessages.repeatedField('name'),
    );
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/banner-ads',
          headers: { cookie, origin: ORIGIN },
          payload: validFields(),
        }),
      415,
      bannerMessages.notMultipart,
    );
    await expectRefused(
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/banner-ads',
          headers: { cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'name=x',
        }),
      415,
      /./,
    );
  });

  it('edits every field and keeps the image when no new file is sent', async () => {
    const banner = await makeBannerAd(t.database.db, t.dataDir);
    const changes = validFields({
      name: 'Dialog Axiata 5G',
      description: 'Unlimited 5G data for a month.',
      startDate: '2027-01-01',
      endDate: '2027-01-15',
      status: 'Inactive',
      placement: 'Search results',
    });
    const res = await api.update(banner.id, formParts(changes));
    expect(res.statusCode).toBe(200);
    expect(res.json().bannerAd).toMatchObject({ ...changes, _id: banner.id, image: banner.image });
    expect(bannerFiles(t.dataDir)).toEqual([banner.image]);
    // A browser's untouched file input (an empty part with no file name) also means "keep".
    const untouched = await api.update(banner.id, [
      ...formParts(changes),
      { name: 'image', filename: '', contentType: 'application/octet-stream', data: Buffer.alloc(0) },
    ]);
    expect(untouched.statusCode).toBe(200);
    expect(untouched.json().bannerAd.image).toBe(banner.image);
    expect(bannerFiles(t.dataDir)).toEqual([banner.image]);
  });

  it('keeps the stored value of every field an edit does not send (the spec fields without placement)', async () => {
    const banner = await makeBannerAd(t.database.db, t.dataDir, { placement: 'Category pages' });
    const spec = {
      name: 'Dialog Axiata 5G',
      description: 'Unlimited 5G data for a month.',
      startDate: '2027-01-01',
      endDate: '2027-01-15',
      status: 'Inactive',
    };
    const res = await api.update(banner.id, formParts(spec));
    expect(res.statusCode).toBe(200);
    expect(res.json().bannerAd).toMatchObject({ ...spec, placement: 'Category pages', image: banner.image });
    const nameOnly = await api.update(banner.id, formParts({ name: 'Only the name' }));
    expect(nameOnly.statusCode).toBe(200);
    expect(nameOnly.json().bannerAd).toMatchObject({ ...spec, name: 'Only the name', placement: 'Category pages' });
    // A single date is checked against the stored other one.
    await expectRefused(
      () => api.update(banner.id, formParts({ endDate: '2026-12-31' })),
      400,
      bannerMessages.endBeforeStart,
    );
    await expectRefused(() => api.update(banner.id, formParts({ name: '' })), 400, bannerMessages.nameRequired);
  });

  it('replaces the image and removes the old file only after the change commits', async () => {
    const banner = await makeBannerAd(t.database.db, t.dataDir);
    const res = await api.update(banner.id, formParts(validFields(), { data: images.gif(), filename: 'x.gif' }));
    expect(res.statusCode).toBe(200);
    const image = res.json().bannerAd.image as string;
    expect(image).toMatch(/\.gif$/);
    expect(bannerFiles(t.dataDir)).toEqual([image]);
    expect(fs.readFileSync(filePath(image)).equals(images.gif())).toBe(true);
  });

  it('keeps the old image and leaves no new file when an edit fails', async () => {
    const banner = await makeBannerAd(t.database.db, t.dataDir);
    const png = images.png();
    // Refused image, refused fields with a good image, and an unknown banner with a good image.
    await expectRefused(
      () => api.update(banner.id, upload(hostile.svg(), 'x.svg', 'image/svg+xml')),
      415,
      bannerMessages.imageType,
    );
    await expectRefused(
      () => api.update(banner.id, formParts(validFields({ endDate: '2026-01-01' }), { data: png })),
      400,
      bannerMessages.endBeforeStart,
    );
    await expectRefused(
      () => api.update(banner.id, formParts(validFields({ status: 'Paused' }), { data: png })),
      400,
      bannerMessages.statusInvalid,
    );
    // Found only against the stored start date, inside the transaction, after the image was staged.
    await expectRefused(
      () => api.update(banner.id, formParts({ endDate: '1999-01-01' }, { data: png })),
      400,
      bannerMessages.endBeforeStart,
    );
    await expectRefused(
      () => api.update('7b0a8f5e-0000-4000-8000-000000000000', upload(png)),
      404,
      bannerMessages.notFound,
    );
    await expectRefused(() => api.update('not-a-uuid', upload(png)), 400, 'Invalid id');
    expect(bannerFiles(t.dataDir)).toEqual([banner.image]);
  });

  it('deletes a banner and its file; a second delete is 404', async () => {
    const keep = await makeBannerAd(t.database.db, t.dataDir);
    const banner = await makeBannerAd(t.database.db, t.dataDir);
    const res = await api.remove(banner.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(bannerFiles(t.dataDir)).toEqual([keep.image]);
    expect(((await api.list()).json() as BannerAd[]).map((b) => b._id)).toEqual([keep.id]);
    await expectRefused(() => api.remove(banner.id), 404, bannerMessages.notFound);
    await expectRefused(() => api.remove('1; drop table banner_ads'), 400, 'Invalid id');
  });

  it('lists newest first, filters by status and searches name, description and placement', async () => {
    const a = await makeBannerAd(t.database.db, t.dataDir, { name: 'Commercial Bank Home Loans' });
    const b = await makeBannerAd(t.database.db, t.dataDir, {
      name: 'Toyota Lanka',
      description: 'Hybrid cars at 100% financing_now',
      status: 'Inactive',
    });
    const c = await makeBannerAd(t.database.db, t.dataDir, { name: 'Singer Mega', placement: 'Category pages' });
    const ids = async (query: string) => ((await api.list(query)).json() as BannerAd[]).map((x) => x._id);
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?status=&search=')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?status=all')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?status=Inactive')).toEqual([b.id]);
    expect(await ids('?status=Active')).toEqual([c.id, a.id]);
    expect(await ids('?search=HOME%20LOANS')).toEqual([a.id]);
    expect(await ids('?search=100%25')).toEqual([b.id]);
    expect(await ids('?search=_')).toEqual([b.id]);
    expect(await ids('?search=category')).toEqual([c.id]);
    expect(await ids('?search=lanka&status=Active')).toEqual([]);
    expect(await ids("?search=';%20drop%20table%20banner_ads;--")).toEqual([]);
  });

  it.each([
    '?status=Deleted',
    `?search=${'x'.repeat(201)}`,
    '?page=2',
    '?search=a%00b',
    '?status=Active&status=Inactive',
  ])('refuses the list query %s with 400', async (query) => {
    const res = await api.list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('needs an admin session and a same-origin request, writing nothing', async () => {
    const body = multipart(upload(images.png()));
    const post = (headers: Record<string, string>) => () =>
      t.app.inject({
        method: 'POST',
        url: '/api/banner-ads',
        headers: { 'content-type': body.contentType, ...headers },
        payload: body.payload,
      });
    await expectRefused(post({ origin: ORIGIN }), 401, 'Not signed in');
    await expectRefused(post({ cookie }), 403, /origin/i);
    expect((await t.app.inject({ method: 'GET', url: '/api/banner-ads' })).statusCode).toBe(401);
  });

  it('accepts multipart bodies on the banner routes only', async () => {
    const { payload, contentType } = multipart([{ name: 'ids', value: 'x' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/advertisements/bulk-status',
      headers: { cookie, origin: ORIGIN, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(415);
  });

  it('serves a stored image with its type and nosniff, and nothing for unknown files', async () => {
    const banner = await makeBannerAd(t.database.db, t.dataDir);
    const res = await t.app.inject({ method: 'GET', url: `/uploads/banner-ads/${banner.image}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/banner-ads/nope.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    // A big real image decodes from the seed's encoder too (banner-shaped demo images).
    const wide = encodePng(1200, 400, () => [10, 20, 30]);
    expect((await api.create(upload(wide))).statusCode).toBe(201);
  });

  it('seeds four demo banners with real banner-shaped images, served like uploads (docs/decisions/0015-demo-data-and-admins.md)', async () => {
    await seedBanners(t.database.db, new LocalDiskStorage(path.join(t.dataDir, 'uploads')), {
      now: new Date('2026-11-22T08:00:00Z'),
    });
    const list = (await api.list()).json() as BannerAd[];
    expect(list.map((b) => b.name)).toEqual(DEMO_BANNERS.map((b) => b.name));
    expect(new Set(list.map((b) => b.placement)).size).toBe(4);
    expect(list.find((b) => b.status === 'Inactive')).toBeDefined();
    expect(list[0]).toMatchObject({ startDate: '2026-11-02', endDate: '2027-01-01', views: 18452 });
    expect(bannerFiles(t.dataDir)).toEqual(list.map((b) => b.image).sort());
    for (const banner of list) {
      expect(banner.description).toMatch(/\w{4,}/);
      expect(banner.endDate >= banner.startDate).toBe(true);
      expect(sniffImage(fs.readFileSync(filePath(banner.image)))).toMatchObject({
        ok: true,
        type: 'image/png',
        width: BANNER_WIDTH,
        height: BANNER_HEIGHT,
      });
      const served = await t.app.inject({ method: 'GET', url: `/uploads/banner-ads/${banner.image}` });
      expect(served.headers['content-type']).toBe('image/png');
    }
  });
});

/** A PNG tEXt chunk with a correct CRC. */
function textChunk(data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
