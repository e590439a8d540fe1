import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdListResponse } from '@backoffice/contract';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { waitFor } from '../support/message-servers';
import { analysed, signalsClient } from '../support/signals-helpers';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

const TOKEN = 'public-site-token-0123456789';

/**
 * The `reported` signal belongs to the reports, not to the analysis (docs/decisions/0034-reports.md):
 * an analysis of a reported ad (its first, or a later one) keeps it while the ad has open reports.
 */
describeApi('reports and the analysis', () => {
  let t: TestApp;
  let api: ReturnType<typeof signalsClient>;

  beforeAll(async () => {
    t = await buildTestApp({ analyseAds: true, env: { PUBLIC_REPORT_TOKENS: TOKEN, MESSAGE_WORKER: 'false' } });
    const admin = await makeAdmin(t.database.db);
    api = signalsClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());

  it('keeps the reported signal and chip of a pending ad analysed after its report', async () => {
    const db = t.database.db;
    const seller = await makeUser(db);
    const ad = await makeAd(db, {
      userId: seller.id,
      username: seller.username,
      phone1: '0705556677',
      heading: 'Reported bicycle',
      details: 'Good bicycle.',
    });
    await analysed(t.app, db, [ad.id]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/reports',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: {
        kind: 'ad',
        adId: ad.id,
        reason: 'scam',
        text: 'Fake',
        reporter: { email: 'r@example.lk', address: 'r' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const kinds = async () => (await api.signals(ad.id)).signals.map((s) => s.kind);
    expect(await kinds()).toContain('reported');

    // Blocking its number analyses the ad again: the reports' signal stays beside the new one.
    expect((await api.block({ phone: '0705556677' })).statusCode).toBe(200);
    await waitFor(async () => {
      await t.app.analysisWorker.wake();
      return (await kinds()).includes('blocked_phone');
    });
    expect(await kinds()).toContain('reported');
    const listed = (await api.list(`q=${encodeURIComponent('Reported bicycle')}`)).json<AdListResponse>();
    expect(listed.advertisements.find((a) => a._id === ad.id)?.signals).toEqual(
      expect.arrayContaining(['blocked_phone', 'reported']),
    );
  });
});
