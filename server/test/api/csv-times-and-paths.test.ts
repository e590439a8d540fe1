import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bannerAds } from '../../src/db/schema';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * Issue 32.10: the CSV files write times as the screens show them, in the marketplace's zone with
 * its offset (docs/decisions/0023-time-zone-and-dates.md), and every image path in one form.
 */
const records = (body: string): string[][] => parse(body, { bom: true });
/** The cell of `column` in each data row. */
const column = (body: string, name: string) => {
  const [header, ...rows] = records(body);
  const i = header!.indexOf(name);
  expect(i, name).toBeGreaterThanOrEqual(0);
  return rows.map((r) => r[i]);
};

const zones: Array<{ name: string; env: Record<string, string>; posted: string; joined: string }> = [
  { name: 'Asia/Colombo', env: {}, posted: '2026-01-02T23:30:00+05:30', joined: '2026-03-01T05:30:00+05:30' },
  {
    name: 'America/Chicago',
    env: { MARKETPLACE_TIME_ZONE: 'America/Chicago' },
    posted: '2026-01-02T12:00:00-06:00',
    joined: '2026-02-28T18:00:00-06:00',
  },
];

for (const zone of zones) {
  describeApi(`CSV times and image paths (${zone.name})`, () => {
    let t: TestApp;
    let api: ReturnType<typeof adminClient>;

    beforeAll(async () => {
      t = await buildTestApp({ env: zone.env });
      const db = t.database.db;
      const admin = await makeAdmin(db);
      api = adminClient(t.app, await signIn(t.app, admin.email));
      const owner = await makeUser(db, { username: 'timed_owner', createdAt: new Date('2026-03-01T00:00:00Z') });
      await makeAd(db, {
        heading: 'Timed ad',
        userId: owner.id,
        username: owner.username,
        postingDate: new Date('2026-01-02T18:00:00Z'),
        // Stored in both forms the data holds: the file gives the one path the server serves.
        images: ['ads/b.png', '/uploads/ads/a.jpg'],
      });
      await db.insert(bannerAds).values({
        name: 'Banner',
        description: 'A banner',
        startDate: '2026-01-01',
        endDate: '2026-01-31',
        image: 'banner-1.png',
      });
    });
    afterAll(() => t?.close());

    it('writes the ads file with local times and /uploads/ paths', async () => {
      const res = await api.send('GET', '/api/advertisements/export?q=Timed');
      expect(res.statusCode).toBe(200);
      expect(column(res.body, 'postingDate')).toEqual([zone.posted]);
      expect(column(res.body, 'images')).toEqual(['/uploads/ads/b.png /uploads/ads/a.jpg']);
    });

    it('writes the users file and the activity file with local times', async () => {
      const users = await api.send('GET', '/api/users/export?q=timed_owner');
      expect(column(users.body, 'createdAt')).toEqual([zone.joined]);
      const activity = await api.send('GET', '/api/activity/export');
      const times = column(activity.body, 'at');
      expect(times.length).toBeGreaterThan(0);
      const offset = zone.posted.slice(-6);
      for (const at of times) expect(at).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\${offset}$`));
    });

    it('writes banner images as the path the server serves them under', async () => {
      const res = await api.send('GET', '/api/data-extract/banners/export');
      expect(res.statusCode).toBe(200);
      expect(column(res.body, 'image')).toEqual(['/uploads/banner-ads/banner-1.png']);
      expect(column(res.body, 'startDate')).toEqual(['2026-01-01']);
    });
  });
}
