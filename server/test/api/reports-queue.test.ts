import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import type { AdHistoryResponse, AdListResponse } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi } from '../support/test-app';

const TOKEN = 'public-site-token-0123456789';

/** Reports acting on the queue (docs/decisions/0034-reports.md): the reported signal, the move up, the Reported view. */
describeApi('reports on the queue', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup() {
    const t = await buildTestApp({ env: { PUBLIC_REPORT_TOKENS: TOKEN, MESSAGE_WORKER: 'false' } });
    cleanups.push(() => t.close());
    const admin = await makeAdmin(t.database.db);
    const api = adminClient(t.app, await signIn(t.app, admin.email));
    const report = async (adId: string, email: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/public/reports',
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: { kind: 'ad', adId, reason: 'scam', text: 'Fake', reporter: { email, address: email } },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const queue = async (query: Record<string, string> = { status: 'pending', sort: 'postingDate', order: 'asc' }) => {
      const res = await api.list(query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AdListResponse>();
    };
    const counters = async (id: string) =>
      rowsOf<{ open_reports: number; report_weight: number; signal_kinds: string[] | null }>(
        await t.database.db.execute(
          sql`select coalesce(r.open_reports, 0) as open_reports, coalesce(r.report_weight, 0) as report_weight,
            a.signal_kinds from advertisements a left join ad_reports r on r.ad_id = a.id where a.id = ${id}`,
        ),
      )[0]!;
    return { t, api, report, queue, counters };
  }

  it('gives a reported pending ad the reported signal and moves it up by its reports, recorded in its history', async () => {
    const { t, api, report, queue, counters } = await setup();
    await makeAd(t.database.db, { heading: 'Oldest' });
    const once = await makeAd(t.database.db, { heading: 'Reported once' });
    const twice = await makeAd(t.database.db, { heading: 'Reported twice' });
    expect((await queue()).advertisements.map((a) => a.heading)).toEqual(['Oldest', 'Reported once', 'Reported twice']);
    await report(once.id, 'a@example.lk');
    await report(twice.id, 'b@example.lk');
    await report(twice.id, 'c@example.lk');
    // The same reporter again the same day: counted, not weighed again.
    await report(twice.id, 'c@example.lk');
    const page = await queue();
    expect(page.advertisements.map((a) => a.heading)).toEqual(['Reported twice', 'Reported once', 'Oldest']);
    expect(page.advertisements[0]!.signals).toContain('reported');
    expect(page.advertisements.find((a) => a.heading === 'Oldest')!.signals ?? []).not.toContain('reported');
    expect(await counters(twice.id)).toMatchObject({ open_reports: 2, report_weight: 2 });
    const signals = await api.send('GET', `/api/advertisements/${twice.id}/signals`);
    expect(signals.json().signals).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'reported', evidence: { reports: 2, weight: 2 } })]),
    );
    const history = (await api.send('GET', `/api/advertisements/${twice.id}/history`)).json<AdHistoryResponse>();
    const reported = history.events.filter((e) => e.action === 'reported');
    expect(reported).toHaveLength(2);
    expect(reported[1]).toMatchObject({
      actor: { name: 'Public report' },
      details: { reason: 'scam', report: { weight: 1, openReports: 2, reportWeight: 2, signal: true } },
    });
    // Both its reports dismissed: the signal goes and the ad goes back to its place.
    for (const r of (await api.send('GET', `/api/reports?adId=${twice.id}`)).json().reports) {
      expect((await api.send('PUT', `/api/reports/${r._id}`, { state: 'dismissed' })).statusCode).toBe(200);
    }
    expect(await counters(twice.id)).toMatchObject({ open_reports: 0, report_weight: 0, signal_kinds: [] });
    expect((await queue()).advertisements.map((a) => a.heading)).toEqual(['Reported once', 'Oldest', 'Reported twice']);
  });

  it('counts every one of many reports sent at once on one ad, each with its audit entry, a live event a batch', async () => {
    const { t, report, counters } = await setup();
    const ad = await makeAd(t.database.db, { heading: 'Reported by many' });
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => report(ad.id, `many${i}@example.lk`)));
    expect(new Set(ids).size).toBe(12);
    expect(await counters(ad.id)).toMatchObject({ open_reports: 12, report_weight: 12, signal_kinds: ['reported'] });
    const [row] = rowsOf<{ audits: string; events: string; evidence: { reports: number } }>(
      await t.database.db.execute(sql`select
        (select count(*) from audit_events where entity_id = ${ad.id}::uuid and action = 'reported') as audits,
        (select count(*) from ad_live_events where type = 'report' and ad_id = any(${`{${ids.join(',')}}`}::uuid[])) as events,
        (select evidence from ad_signals where ad_id = ${ad.id}::uuid and kind = 'reported') as evidence`),
    );
    expect({ audits: Number(row!.audits), reports: row!.evidence.reports }).toEqual({ audits: 12, reports: 12 });
    // The reports came in one or more batches (report-gathering.ts), each with one live event.
    expect(Number(row!.events)).toBeGreaterThanOrEqual(1);
    expect(Number(row!.events)).toBeLessThanOrEqual(12);
  });

  it("weighs a report by its reporter's record: upheld reports count more, dismissed ones less", async () => {
    const { t, api, report, counters } = await setup();
    const [first, second, third, fourth] = [
      await makeAd(t.database.db),
      await makeAd(t.database.db),
      await makeAd(t.database.db),
      await makeAd(t.database.db),
    ];
    const upheld = await report(first.id, 'good@example.lk');
    const dismissed = await report(second.id, 'bad@example.lk');
    expect((await api.send('PUT', `/api/reports/${upheld}`, { state: 'resolved' })).statusCode).toBe(200);
    expect((await api.send('PUT', `/api/reports/${dismissed}`, { state: 'dismissed' })).statusCode).toBe(200);
    await report(third.id, 'good@example.lk');
    await report(fourth.id, 'bad@example.lk');
    expect((await counters(third.id)).report_weight).toBe(2);
    expect((await counters(fourth.id)).report_weight).toBe(0.5);
  });

  it('shows approved ads at the threshold of open reports in the Reported view, until their reports are dismissed', async () => {
    const { t, api, report, queue, counters } = await setup();
    const many = await makeAd(t.database.db, { heading: 'Reported three times', status: 'approved' });
    const few = await makeAd(t.database.db, { heading: 'Reported twice', status: 'approved' });
    const pending = await makeAd(t.database.db, { heading: 'Pending, reported three times' });
    for (const email of ['a@x.lk', 'b@x.lk', 'c@x.lk']) {
      await report(many.id, email);
      await report(pending.id, email);
    }
    for (const email of ['a@x.lk', 'b@x.lk']) await report(few.id, email);
    const view = await queue({ view: 'reported' });
    expect(view.advertisements.map((a) => a.heading)).toEqual(['Reported three times']);
    expect(view.total).toBe(1);
    // An approved ad stays approved: no signal is added to it.
    expect(view.advertisements[0]!.status).toBe('approved');
    expect((await counters(many.id)).signal_kinds ?? []).not.toContain('reported');

    // The threshold is a setting.
    await t.database.db.execute(
      sql`insert into moderation_settings (key, value) values ('reported_threshold', '2'::jsonb)`,
    );
    expect((await queue({ view: 'reported' })).advertisements.map((a) => a.heading).sort()).toEqual([
      'Reported three times',
      'Reported twice',
    ]);

    const dismissed = await api.send('POST', `/api/advertisements/${many.id}/dismiss-reports`);
    expect(dismissed.json()).toEqual({ success: true, dismissed: 3 });
    expect((await queue({ view: 'reported' })).advertisements.map((a) => a.heading)).toEqual(['Reported twice']);
    expect(await counters(many.id)).toMatchObject({ open_reports: 0, report_weight: 0 });
    const again = await api.send('POST', `/api/advertisements/${many.id}/dismiss-reports`);
    expect(again.json()).toEqual({ success: true, dismissed: 0 });
    const missing = await api.send('POST', '/api/advertisements/00000000-0000-4000-8000-000000000000/dismiss-reports');
    expect(missing.statusCode).toBe(404);
    const entries = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_events where entity = 'report' and details->>'to' = 'dismissed'`,
      ),
    );
    expect(entries[0]!.n).toBe(3);
  });
});
