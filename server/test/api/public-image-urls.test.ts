import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adMessages,
  PACKAGE_ICONS,
  type Advertisement,
  type BannerAd,
  type ListedUser,
  type Package,
} from '@backoffice/contract';
import { advertisements, bannerAds, products } from '../../src/db/schema';
import { makePackage } from '../support/catalogue-factories';
import { encodePng } from '../../src/seed/png';
import { adminClient } from '../support/ads-helpers';
import { bannerClient, formParts, validFields } from '../support/banner-factories';
import { databaseSnapshot } from '../support/db-snapshot';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { diskDriver, s3Driver } from '../support/storage-drivers';
import { describeApi, ORIGIN, type TestApp } from '../support/test-app';

const HOST = 'https://images.example.lk';
const photo = (width: number, height: number) => encodePng(width, height, (x, y) => [x % 256, y % 256, 128]);

/**
 * Issue 23: with S3_PUBLIC_URL the API answers every image as an absolute URL on that host (and its
 * thumbnails there too), takes such URLs back, and the database keeps relative paths.
 */
describe('S3_PUBLIC_URL: absolute image URLs in answers', () => {
  const driver = s3Driver();
  beforeAll(() => driver.start());
  afterAll(() => driver.stop());

  describeApi('on the public host', () => {
    let t: TestApp;
    let cookie: string;
    let ads: ReturnType<typeof adminClient>;
    beforeAll(async () => {
      t = await driver.buildApp({ env: { S3_PUBLIC_URL: `${HOST}/` } });
      const admin = await makeAdmin(t.database.db, { profilePicture: 'profiles/admin.png' });
      cookie = await signIn(t.app, admin.email);
      ads = adminClient(t.app, cookie);
    });
    afterAll(() => t?.close());
    beforeEach(async () => {
      await t.database.db.delete(advertisements);
    });

    const storedImages = async (id: string) =>
      (await t.database.db.select().from(advertisements).where(eq(advertisements.id, id)))[0]!.images;

    it('answers ad images and their thumbnails on the public host; a URL stored by the public site stays as it is', async () => {
      driver.put(t, 'ads/first.png', photo(300, 200));
      const ad = await makeAd(t.database.db, {
        images: ['ads/first.png', '/uploads/ads/second photo.png', 'https://elsewhere.example/x.png'],
      });
      const res = await ads.list();
      expect(res.statusCode).toBe(200);
      const listed = (res.json() as { advertisements: Advertisement[] }).advertisements.find((a) => a._id === ad.id)!;
      expect(listed.images).toEqual([
        `${HOST}/ads/first.png`,
        `${HOST}/ads/second%20photo.png`,
        'https://elsewhere.example/x.png',
      ]);
      expect(listed.thumbnails).toEqual([
        { w96: `${HOST}/thumbs/w96/ads/first.png.webp`, w480: `${HOST}/thumbs/w480/ads/first.png.webp` },
        {
          w96: `${HOST}/thumbs/w96/ads/second%20photo.png.webp`,
          w480: `${HOST}/thumbs/w480/ads/second%20photo.png.webp`,
        },
        { w96: 'https://elsewhere.example/x.png', w480: 'https://elsewhere.example/x.png' },
      ]);
      // Nobody asks this server for them: they are made once the image has been answered.
      await expect
        .poll(() => driver.keys(t))
        .toEqual(expect.arrayContaining(['thumbs/w96/ads/first.png.webp', 'thumbs/w480/ads/first.png.webp']));
      // The database is unchanged by the answer.
      expect(await storedImages(ad.id)).toEqual([
        'ads/first.png',
        '/uploads/ads/second photo.png',
        'https://elsewhere.example/x.png',
      ]);
    });

    it('takes the answered images back unchanged, and keeps the stored paths relative', async () => {
      const ad = await makeAd(t.database.db, {
        images: ['ads/a.png', '/uploads/ads/b.png', 'ads/c.png', 'https://elsewhere.example/x.png'],
      });
      const listed = (await ads.list()).json().advertisements.find((a: Advertisement) => a._id === ad.id);
      const unchanged = await ads.images(ad.id, listed.images);
      expect(unchanged.statusCode).toBe(200);
      expect(unchanged.json().advertisement.images).toEqual(listed.images);
      expect(await storedImages(ad.id)).toEqual([
        'ads/a.png',
        '/uploads/ads/b.png',
        'ads/c.png',
        'https://elsewhere.example/x.png',
      ]);

      // One removed, the others sent back as answered (absolute) or as stored (relative).
      const res = await ads.images(ad.id, [listed.images[1], 'ads/a.png', listed.images[3]]);
      expect(res.statusCode).toBe(200);
      expect(res.json().advertisement.images).toEqual([
        `${HOST}/ads/b.png`,
        `${HOST}/ads/a.png`,
        'https://elsewhere.example/x.png',
      ]);
      expect(await storedImages(ad.id)).toEqual(['/uploads/ads/b.png', 'ads/a.png', 'https://elsewhere.example/x.png']);
    });

    it('refuses an image URL on another host, or not naming a stored image, and changes nothing', async () => {
      const ad = await makeAd(t.database.db, { images: ['ads/a.png', 'ads/b.png'] });
      const before = await databaseSnapshot(t.database.db);
      for (const images of [
        ['https://evil.example/ads/a.png'],
        ['http://images.example.lk/ads/a.png'],
        [`${HOST}.evil.example/ads/a.png`],
        [`${HOST}/ads/a.png?x=1`],
        [`${HOST}/thumbs/w96/ads/a.png.webp`],
        [`${HOST}/ads/%E0%A4%A.png`],
        [`${HOST}/ads/a.png`, `${HOST}/ads/a.png`],
      ]) {
        const res = await ads.images(ad.id, images);
        expect([res.statusCode, res.json().message], images.join()).toEqual([400, adMessages.imagesNotSubset]);
      }
      expect(await databaseSnapshot(t.database.db)).toEqual(before);
    });

    it('answers banner images, their thumbnails and profile pictures on the public host; exports keep stored paths', async () => {
      const banners = bannerClient(t.app, cookie);
      const created = await banners.create(formParts(validFields(), { data: photo(800, 200) }));
      expect(created.statusCode).toBe(201);
      const banner = created.json().bannerAd as BannerAd;
      const [row] = await t.database.db.select().from(bannerAds).where(eq(bannerAds.id, banner._id));
      expect(row!.image).toMatch(/^[\w-]+\.png$/);
      expect(banner.image).toBe(`${HOST}/banner-ads/${row!.image}`);
      expect(banner.thumbnails).toEqual({
        w96: `${HOST}/thumbs/w96/banner-ads/${row!.image}.webp`,
        w480: `${HOST}/thumbs/w480/banner-ads/${row!.image}.webp`,
      });
      const listed = (await banners.list()).json() as BannerAd[];
      expect(listed.find((b) => b._id === banner._id)).toEqual(banner);

      const advertiser = await makeUser(t.database.db, { profilePicture: '/uploads/profiles/p.png' });
      const headers = { cookie, origin: ORIGIN };
      const users = (await t.app.inject({ url: '/api/users', headers })).json().users as ListedUser[];
      const user = users.find((u) => u._id === advertiser.id)!;
      expect([user.profilePicture, user.profilePictureThumbnails]).toEqual([
        `${HOST}/profiles/p.png`,
        { w96: `${HOST}/thumbs/w96/profiles/p.png.webp`, w480: `${HOST}/thumbs/w480/profiles/p.png.webp` },
      ]);
      const detail = (await t.app.inject({ url: `/api/users/${advertiser.id}`, headers })).json();
      expect(detail.user.profilePicture).toBe(`${HOST}/profiles/p.png`);
      const session = (await t.app.inject({ url: '/api/auth/session', headers })).json();
      expect(session.profilePicture).toBe(`${HOST}/profiles/admin.png`);

      // A package's uploaded icon too; the default icons are the web app's own files.
      const uploaded = await makePackage(t.database.db, { icon: '/uploads/packages/p.svg' });
      const plain = await makePackage(t.database.db, { type: 'Digital', icon: null });
      const packages = (await t.app.inject({ url: '/api/packages', headers })).json().packages as Package[];
      expect(packages.find((p) => p._id === uploaded.id)!.icon).toBe(`${HOST}/packages/p.svg`);
      expect(packages.find((p) => p._id === plain.id)!.icon).toBe(PACKAGE_ICONS.Digital);
      await t.database.db
        .insert(products)
        .values({ name: 'Frame', description: 'A frame', price: 100, image: 'products/f.png' });
      const shop = (await t.app.inject({ url: '/api/products/getproducts', headers })).json();
      expect(shop.products.map((p: { image: string }) => p.image)).toContain(`${HOST}/products/f.png`);

      // A CSV export is data, kept as stored: the paths the public site wrote.
      await makeAd(t.database.db, { images: ['ads/exported.png'] });
      const csv = await t.app.inject({ url: '/api/advertisements/export', headers });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('ads/exported.png');
      expect(csv.body).not.toContain(HOST);
    });

    it('still redirects old /uploads links to the public host', async () => {
      const res = await t.app.inject({ url: '/uploads/ads/a.png' });
      expect([res.statusCode, res.headers.location]).toEqual([302, `${HOST}/ads/a.png`]);
    });
  });
});

describe('without S3_PUBLIC_URL', () => {
  const driver = diskDriver();
  describeApi('answers', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await driver.buildApp();
    });
    afterAll(() => t?.close());

    it('keep the stored paths, with no thumbnails field', async () => {
      const admin = await makeAdmin(t.database.db, { profilePicture: 'profiles/admin.png' });
      const cookie = await signIn(t.app, admin.email);
      const ad = await makeAd(t.database.db, { images: ['ads/a.png', '/uploads/ads/b.png'] });
      const listed = (await adminClient(t.app, cookie).list()).json().advertisements[0];
      expect(listed._id).toBe(ad.id);
      expect(listed.images).toEqual(['ads/a.png', '/uploads/ads/b.png']);
      expect(listed).not.toHaveProperty('thumbnails');
      const session = (await t.app.inject({ url: '/api/auth/session', headers: { cookie } })).json();
      expect(session.profilePicture).toBe('profiles/admin.png');
      expect(session).not.toHaveProperty('profilePictureThumbnails');
    });
  });
});
