import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adMessages } from '@backoffice/contract';
import { advertisements } from '../../src/db/schema';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * A rejected ad is final (docs/decisions/0014-ad-moderation-rules.md): approving it afterwards is
 * refused, one request after the other, with no race needed to show it. The race tests in
 * concurrency.test.ts only catch it when two decisions happen to overlap.
 */
describeApi('a rejected ad cannot be approved afterwards', () => {
  let t: TestApp;
  let api: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    api = adminClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());

  /** The ad's row and every row a decision writes beside it (audit entry, advertiser message, live event). */
  async function decisionState(id: string) {
    const [ad] = await t.database.db.select().from(advertisements).where(eq(advertisements.id, id));
    const result = await t.database.db.execute(sql`
      select
        (select string_agg(action, ',' order by id) from audit_events where entity_id = ${id}) as audit,
        (select count(*) from advertiser_messages where ad_id = ${id})::int as messages,
        (select count(*) from ad_live_events where ad_id = ${id})::int as live
    `);
    return { ad, rows: (result as unknown as { rows: unknown[] }).rows[0] };
  }

  async function rejectedAd() {
    const ad = await makeAd(t.database.db);
    const res = await api.reject(ad.id, 'Prohibited item');
    expect(res.statusCode).toBe(200);
    const state = await decisionState(ad.id);
    expect(state.ad).toMatchObject({ status: 'rejected', rejectionReason: 'Prohibited item' });
    // The rejection itself wrote its rows (the insert wrote the first audit entry and live event):
    // "nothing more" below is not "nothing at all".
    expect(state.rows).toEqual({ audit: 'submitted,rejected', messages: 1, live: 2 });
    return { ad, before: state };
  }

  it('refuses PUT status approved with 409 and the message, writing nothing', async () => {
    const { ad, before } = await rejectedAd();
    const res = await api.approve(ad.id);
    expect([res.statusCode, res.json()]).toEqual([409, { success: false, message: adMessages.notPending }]);
    expect(await decisionState(ad.id)).toEqual(before);
  });

  it('refuses it in a bulk approval by ids, reporting the ad, writing nothing for it', async () => {
    const { ad, before } = await rejectedAd();
    const pending = await makeAd(t.database.db);
    const res = await api.bulk({ ids: [ad.id, pending.id], status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      results: [
        { id: ad.id, ok: false, message: adMessages.notPending },
        { id: pending.id, ok: true },
      ],
    });
    expect(await decisionState(ad.id)).toEqual(before);
    expect((await decisionState(pending.id)).ad).toMatchObject({ status: 'approved' });
  });

  it('leaves it out of a bulk approval of everything matching', async () => {
    const { ad, before } = await rejectedAd();
    const res = await api.bulk({ status: 'approved', match: { status: 'pending' }, max: 100 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, failed: 0, remaining: 0 });
    expect(await decisionState(ad.id)).toEqual(before);
  });
});
