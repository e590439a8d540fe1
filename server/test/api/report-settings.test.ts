import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import type { AdListResponse, ReportSettingsResponse } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { addOpenReports } from '../support/report-factories';
import { buildTestApp, describeApi } from '../support/test-app';

/** The inbox's Settings dialog's calls (docs/decisions/0034-reports.md): GET and PUT /api/reports/settings. */
describeApi('report settings', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup() {
    const t = await buildTestApp({ env: { MESSAGE_WORKER: 'false' } });
    cleanups.push(() => t.close());
    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    const call = (method: 'GET' | 'PUT', payload?: unknown, as = cookie) =>
      t.app.inject({
        method,
        url: '/api/reports/settings',
        headers: { cookie: as, origin: 'http://localhost' },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    const snapshot = async () => ({
      settings: rowsOf(await t.database.db.execute(sql`select key, value from moderation_settings order by key`)),
      audit: rowsOf(await t.database.db.execute(sql`select id from audit_events where entity = 'setting'`)).length,
    });
    return { t, admin, cookie, call, snapshot };
  }

  it('reads the defaults, saves both settings and records one audit entry per changed setting', async () => {
    const { t, call } = await setup();
    const first = await call('GET');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ReportSettingsResponse>().settings).toEqual({ reportedThreshold: 3, strikeExpiryDays: 90 });

    const saved = await call('PUT', { reportedThreshold: 5, strikeExpiryDays: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ReportSettingsResponse>().settings).toEqual({ reportedThreshold: 5, strikeExpiryDays: 30 });
    expect((await call('GET')).json<ReportSettingsResponse>().settings).toEqual({
      reportedThreshold: 5,
      strikeExpiryDays: 30,
    });
    // Only the threshold changes the second time: one more entry, not two.
    await call('PUT', { reportedThreshold: 2, strikeExpiryDays: 30 });
    const entries = rowsOf<{ entity_label: string; details: { from: string; to: string } }>(
      await t.database.db.execute(
        sql`select entity_label, details from audit_events where entity = 'setting' and action = 'updated' order by at, id`,
      ),
    );
    expect(entries.map((e) => [e.entity_label, e.details.from, e.details.to])).toEqual([
      ['Reported view threshold', '3', '5'],
      ['Strike expiry (days)', '90', '30'],
      ['Reported view threshold', '5', '2'],
    ]);
  });

  it('answers 400 with the field for bad values and changes nothing', async () => {
    const { call, snapshot } = await setup();
    await call('PUT', { reportedThreshold: 4, strikeExpiryDays: 60 });
    const before = await snapshot();
    for (const [payload, field] of [
      [{ reportedThreshold: 0, strikeExpiryDays: 60 }, 'reportedThreshold'],
      [{ reportedThreshold: 2.5, strikeExpiryDays: 60 }, 'reportedThreshold'],
      [{ reportedThreshold: '3', strikeExpiryDays: 60 }, 'reportedThreshold'],
      [{ reportedThreshold: 1001, strikeExpiryDays: 60 }, 'reportedThreshold'],
      [{ reportedThreshold: 3, strikeExpiryDays: 0 }, 'strikeExpiryDays'],
      [{ reportedThreshold: 3, strikeExpiryDays: 3651 }, 'strikeExpiryDays'],
      [{ reportedThreshold: 3 }, 'strikeExpiryDays'],
    ] as const) {
      const res = await call('PUT', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toContain(field);
    }
    const extra = await call('PUT', { reportedThreshold: 3, strikeExpiryDays: 60, other: 1 });
    expect(extra.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('lets a moderator read the settings but not change them', async () => {
    const { t, call, snapshot } = await setup();
    const moderator = await makeAdmin(t.database.db, { role: 'moderator' });
    const as = await signIn(t.app, moderator.email);
    expect((await call('GET', undefined, as)).statusCode).toBe(200);
    const before = await snapshot();
    const res = await call('PUT', { reportedThreshold: 1, strikeExpiryDays: 10 }, as);
    expect(res.statusCode, res.body).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('puts an approved ad in the Reported view at the saved threshold and counts strikes with the saved expiry', async () => {
    const { t, cookie, call } = await setup();
    const ad = await makeAd(t.database.db, { status: 'approved', heading: 'Once reported' });
    await addOpenReports(t.database.db, ad.id, 1);
    const api = adminClient(t.app, cookie);
    const reported = async () =>
      (await api.list({ view: 'reported' })).json<AdListResponse>().advertisements.map((a) => a.heading);
    expect(await reported()).toEqual([]);
    await call('PUT', { reportedThreshold: 1, strikeExpiryDays: 45 });
    expect(await reported()).toEqual(['Once reported']);
    const [days] = rowsOf<{ value: unknown }>(
      await t.database.db.execute(sql`select value from moderation_settings where key = 'strike_expiry_days'`),
    );
    expect(days?.value).toBe(45);
  });
});
