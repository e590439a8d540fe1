import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { DashboardResponse } from '@backoffice/contract';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, testClock, type TestApp } from '../support/test-app';

/** One time zone for the dashboard's days and the dates the screens show (docs/decisions/0023-time-zone-and-dates.md). */
describeApi('the marketplace time zone setting', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  const NOW = new Date('2026-11-18T12:00:00Z');

  async function approvedToday(env: Record<string, string>) {
    t = await buildTestApp({ clock: testClock(NOW), env });
    const admin = await makeAdmin(t.database.db);
    // 05:00 UTC is 10:30 on the 18th in Colombo but 23:00 on the 17th in Chicago; 07:00 UTC is the 18th in both.
    for (const moderatedAt of ['2026-11-18T05:00:00Z', '2026-11-18T07:00:00Z']) {
      await makeAd(t.database.db, {
        status: 'approved',
        postingDate: new Date('2026-10-01T00:00:00Z'),
        moderatedAt: new Date(moderatedAt),
      });
    }
    const res = await adminClient(t.app, await signIn(t.app, admin.email)).send('GET', '/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as DashboardResponse;
    return { zone: body.timeZone, count: body.cards.approvedToday };
  }

  it('counts "today" in Colombo by default and in the zone MARKETPLACE_TIME_ZONE names', async () => {
    expect(await approvedToday({})).toEqual({ zone: 'Asia/Colombo', count: 2 });
    await t!.close();
    t = undefined;
    expect(await approvedToday({ MARKETPLACE_TIME_ZONE: 'America/Chicago' })).toEqual({
      zone: 'America/Chicago',
      count: 1,
    });
  });

  it('names the zone in the page it serves, for the screens', async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-web-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head><title>x</title></head></html>');
    t = await buildTestApp({ env: { WEB_DIST: web, MARKETPLACE_TIME_ZONE: 'Asia/Tokyo' } });
    for (const url of ['/', '/ads', '/users/some-id']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<meta name="marketplace-time-zone" content="Asia/Tokyo" />');
    }
  });
});
