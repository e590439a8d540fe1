import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLAIM_TTL_MS, type ActivityEvent } from '@backoffice/contract';
import { recordAudit } from '../../src/domain/audit-writer';
import { rowsOf } from '../../src/db/client';
import type { UserRow } from '../../src/db/schema';
import { adminClient, adsSnapshot, decisionEntries } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * The workbench's claim (issue 32.2, 32.3; docs/decisions/0017-live-queue-and-claims.md): held from
 * the panel's opening until the decision, an explicit close or expiry; the decision ends it in its
 * own transaction; nobody else can decide the ad meanwhile; a take-over names both admins.
 */
describeApi('the claim through a review', () => {
  let t: TestApp;
  let nimal: UserRow;
  let sunil: UserRow;
  let asNimal: ReturnType<typeof adminClient>;
  let asSunil: ReturnType<typeof adminClient>;
  const claim = (as: ReturnType<typeof adminClient>, id: string, body?: object) =>
    as.send('POST', `/api/advertisements/${id}/claim`, body);

  beforeAll(async () => {
    t = await buildTestApp({ env: { CLAIMS_PER_ADMIN: '100' } });
    nimal = await makeAdmin(t.database.db, { name: 'Nimal Perera' });
    sunil = await makeAdmin(t.database.db, { name: 'Sunil Silva' });
    asNimal = adminClient(t.app, await signIn(t.app, nimal.email));
    asSunil = adminClient(t.app, await signIn(t.app, sunil.email));
  });
  afterAll(() => t?.close());

  /** The claim rows on an ad, whoever holds them and whether live or not. */
  async function claimRows(adId: string) {
    const result = await t.database.db.execute(sql`select admin_id from ad_claims where ad_id = ${adId}`);
    return rowsOf<{ admin_id: string }>(result).map((r) => r.admin_id);
  }
  const listed = async (adId: string) =>
    (await asSunil.list({ status: 'all', pageSize: 100 }))
      .json()
      .advertisements.find((r: { _id: string }) => r._id === adId);

  it('survives a failed attempt and the time the review takes, until the decision ends it', async () => {
    const ad = await makeAd(t.database.db);
    expect((await claim(asNimal, ad.id)).statusCode).toBe(200);
    // The panel stays open: it renews the claim before it expires.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(CLAIM_TTL_MS - 60_000);
      expect((await claim(asNimal, ad.id)).statusCode).toBe(200);
    }
    // A refused decision (no reason) is no decision: the claim stays.
    const bad = await asNimal.send('PUT', `/api/advertisements/${ad.id}/status`, { status: 'rejected' });
    expect(bad.statusCode).toBe(400);
    expect(await claimRows(ad.id)).toEqual([nimal.id]);
    expect((await listed(ad.id)).claim.by.name).toBe('Nimal Perera');

    const decided = await asNimal.reject(ad.id, 'Wrong category');
    expect(decided.statusCode).toBe(200);
    expect(await claimRows(ad.id)).toEqual([]);
    expect((await listed(ad.id)).claim).toBeNull();
  });

  it('is ended by an approval and by a deletion of the ad', async () => {
    const [one, two] = [await makeAd(t.database.db), await makeAd(t.database.db)];
    await claim(asNimal, one.id);
    await claim(asNimal, two.id);
    expect((await asNimal.approve(one.id)).statusCode).toBe(200);
    expect(await claimRows(one.id)).toEqual([]);
    expect((await asNimal.remove(two.id)).statusCode).toBe(200);
    expect(await claimRows(two.id)).toEqual([]);
    // Nothing is left in the admin's own queue.
    expect((await asNimal.list({ view: 'mine' })).json().total).toBe(0);
  });

  it("refuses another admin's approve and reject before anything changes", async () => {
    const ad = await makeAd(t.database.db);
    await claim(asNimal, ad.id);
    const before = await adsSnapshot(t.database.db);
    const entries = (await decisionEntries(t.database.db)).length;
    for (const attempt of [asSunil.approve(ad.id), asSunil.reject(ad.id, 'Duplicate ad')]) {
      const res = await attempt;
      expect([res.statusCode, res.json().message]).toEqual([409, 'Being reviewed by Nimal Perera']);
    }
    expect(await adsSnapshot(t.database.db)).toEqual(before);
    expect((await decisionEntries(t.database.db)).length).toBe(entries);
    expect(await claimRows(ad.id)).toEqual([nimal.id]);
    // Once the claim has expired, the other admin may decide.
    t.clock.advance(CLAIM_TTL_MS + 1);
    expect((await asSunil.approve(ad.id)).statusCode).toBe(200);
  });

  it('records a take-over with both admins, and the activity log and history name both', async () => {
    const ad = await makeAd(t.database.db, { heading: 'Taken over ad' });
    await claim(asNimal, ad.id);
    expect((await claim(asSunil, ad.id, { takeOver: true })).statusCode).toBe(200);
    const entry = (await decisionEntries(t.database.db)).find(
      (e) => e.entityId === ad.id && e.action === 'claim_taken_over',
    );
    expect(entry?.actorId).toBe(sunil.id);
    expect(entry?.details).toEqual({ from: 'Nimal Perera', fromId: nimal.id, to: 'Sunil Silva' });

    const log = await asNimal.send('GET', '/api/activity?action=claim_taken_over&pageSize=100');
    expect(log.statusCode, log.body).toBe(200);
    const event = log.json().events.find((e: ActivityEvent) => e.entityId === ad.id);
    expect(event.actor).toEqual({ _id: sunil.id, name: 'Sunil Silva' });
    expect(event.details).toEqual({ from: 'Nimal Perera', fromId: nimal.id, to: 'Sunil Silva' });
    const history = (await asNimal.send('GET', `/api/advertisements/${ad.id}/history`)).json().events;
    expect(history.find((e: ActivityEvent) => e.action === 'claim_taken_over').details.to).toBe('Sunil Silva');
  });

  it('names the taker of a take-over recorded before entries named them', async () => {
    const ad = await makeAd(t.database.db, { heading: 'Older take-over' });
    await recordAudit(t.database.db, {
      entity: 'ad',
      entityId: ad.id,
      entityLabel: ad.heading,
      action: 'claim_taken_over',
      actorId: sunil.id,
      at: t.clock(),
      details: { from: 'Nimal Perera' },
    });
    const log = await asNimal.send('GET', '/api/activity?action=claim_taken_over&pageSize=100');
    const event = log.json().events.find((e: ActivityEvent) => e.entityId === ad.id);
    expect(event.details).toEqual({ from: 'Nimal Perera', to: 'Sunil Silva' });
  });
});
