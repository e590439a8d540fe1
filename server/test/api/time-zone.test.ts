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

  it("filters the activity log's days in the zone MARKETPLACE_TIME_ZONE names, as its export does", async () => {
    // 05:00 UTC on the 18th is the evening of the 17th in Chicago.
    t = await buildTestApp({
      clock: testClock(new Date('2026-11-18T05:00:00Z')),
      env: { MARKETPLACE_TIME_ZONE: 'America/Chicago' },
    });
    const admin = await makeAdmin(t.database.db);
    const api = adminClient(t.app, await signIn(t.app, admin.email));
    const ad = await makeAd(t.database.db, { heading: 'Decided late in Chicago' });
    expect((await api.send('PUT', `/api/advertisements/${ad.id}/status`, { status: 'approved' })).statusCode).toBe(200);
    const days = async (day: string) => {
      const res = await api.send('GET', `/api/activity?from=${day}&to=${day}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { events: { action: string }[] }).events.map((e) => e.action);
    };
    expect(await days('2026-11-17')).toContain('approved');
    expect(await days('2026-11-18')).not.toContain('approved');
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
    fs.rmSync(web, { recursive: true, force: true });
  });
});
