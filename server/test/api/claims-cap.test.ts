import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { CLAIM_TTL_MS, liveText } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { adClaims } from '../../src/db/schema';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * Issue 38.9: one admin claimed 98 pending ads in one second and held the queue. Live claims are
 * capped per admin (CLAIMS_PER_ADMIN, 5 by default), and a claim is recorded in the ad's history,
 * in the claim's transaction (docs/decisions/0017-live-queue-and-claims.md).
 */
describeApi('claims: a cap per admin and the ad’s history (issue 38)', () => {
  let t: TestApp;
  let asNimal: ReturnType<typeof adminClient>;
  let asSunil: ReturnType<typeof adminClient>;
  const claim = (as: ReturnType<typeof adminClient>, id: string, body?: object) =>
    as.send('POST', `/api/advertisements/${id}/claim`, body);
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await buildTestApp({ env: { MESSAGE_WORKER: 'false' } });
    const nimal = await makeAdmin(db(), { name: 'Nimal Perera' });
    const sunil = await makeAdmin(db(), { name: 'Sunil Silva' });
    asNimal = adminClient(t.app, await signIn(t.app, nimal.email));
    asSunil = adminClient(t.app, await signIn(t.app, sunil.email));
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await db().delete(adClaims);
  });

  /** `n` new pending ads, oldest first. */
  async function pendingAds(n: number, heading = 'Queue ad'): Promise<string[]> {
    const result = await db().execute(sql`
      insert into advertisements (title, heading, details, username, category, district, posting_date)
      select 'Ad ' || i, ${heading} || ' ' || i, '', 'kasun', 'Vehicles', 'Colombo',
        timestamptz '2026-11-01' + i * interval '1 minute'
      from generate_series(1, ${n}) as i
      returning id`);
    return rowsOf<{ id: string }>(result).map((r) => r.id);
  }
  const heldBy = async (name: string) =>
    rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from ad_claims c join users u on u.id = c.admin_id
        where u.name = ${name} and c.expires_at > ${t.clock().toISOString()}::timestamptz`),
    )[0]!.n;
  const history = async (id: string) =>
    ((await asSunil.send('GET', `/api/advertisements/${id}/history`)).json().events as { action: string }[]).map(
      (e) => e.action,
    );

  it('one admin claiming 98 pending ads at once holds five; the rest are refused with a plain message', async () => {
    const ids = await pendingAds(98);
    const answers = await Promise.all(ids.map((id) => claim(asNimal, id)));
    const codes = answers.map((r) => r.statusCode);
    expect([codes.filter((c) => c === 200).length, codes.filter((c) => c === 409).length]).toEqual([5, 93]);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json()).toEqual({ success: false, message: liveText.claimLimit(5) });
    expect(await heldBy('Nimal Perera')).toBe(5);

    // The others stay free for another admin; Nimal's own claims still renew.
    const held = ids.filter((_, i) => answers[i]!.statusCode === 200);
    const free = ids.filter((_, i) => answers[i]!.statusCode === 409);
    expect((await claim(asSunil, free[0]!)).statusCode).toBe(200);
    for (const id of held) expect((await claim(asNimal, id)).statusCode).toBe(200);
    // A release, or a decision, makes room for one more; so does an expiry.
    expect((await asNimal.send('DELETE', `/api/advertisements/${held[0]}/claim`)).statusCode).toBe(200);
    expect((await claim(asNimal, free[1]!)).statusCode).toBe(200);
    expect((await claim(asNimal, free[2]!)).statusCode).toBe(409);
    expect((await asNimal.approve(held[1]!)).statusCode).toBe(200);
    expect((await claim(asNimal, free[2]!)).statusCode).toBe(200);
    t.clock.advance(CLAIM_TTL_MS + 1);
    for (const id of free.slice(3, 8)) expect((await claim(asNimal, id)).statusCode).toBe(200);
    expect(await heldBy('Nimal Perera')).toBe(5);
  });

  it('a take-over counts against the cap of the admin taking over', async () => {
    const ids = await pendingAds(6);
    for (const id of ids.slice(0, 5)) expect((await claim(asNimal, id)).statusCode).toBe(200);
    expect((await claim(asSunil, ids[5]!)).statusCode).toBe(200);
    const res = await claim(asNimal, ids[5]!, { takeOver: true });
    expect([res.statusCode, res.json().message]).toEqual([409, liveText.claimLimit(5)]);
    expect(await heldBy('Sunil Silva')).toBe(1);
  });

  it('records a claim in the ad’s history once: not its renewals, not its release', async () => {
    const ad = await makeAd(db(), { status: 'pending', heading: 'Honda Fit 2012' });
    expect(await history(ad.id)).toEqual(['submitted']);
    expect((await claim(asNimal, ad.id)).statusCode).toBe(200);
    expect((await claim(asNimal, ad.id)).statusCode).toBe(200);
    expect((await asNimal.send('DELETE', `/api/advertisements/${ad.id}/claim`)).statusCode).toBe(200);
    const events = (await asSunil.send('GET', `/api/advertisements/${ad.id}/history`)).json().events;
    expect(events.map((e: { action: string; actor: { name: string } | null }) => [e.action, e.actor?.name])).toEqual(
      expect.arrayContaining([
        ['submitted', undefined],
        ['claimed', 'Nimal Perera'],
      ]),
    );
    expect(events).toHaveLength(2);
    // A take-over is one entry naming whom it was taken from, not a claim as well.
    expect((await claim(asSunil, ad.id)).statusCode).toBe(200);
    expect((await claim(asNimal, ad.id, { takeOver: true })).statusCode).toBe(200);
    expect((await history(ad.id)).sort()).toEqual(['claim_taken_over', 'claimed', 'claimed', 'submitted']);
  });

  it('a fault inside the claim’s transaction leaves no claim, no history entry and no live event', async () => {
    const [doomed] = await pendingAds(1, 'Doomed');
    const [cursed] = await pendingAds(1, 'Cursed');
    const state = async () =>
      rowsOf<{ claims: number; entries: number; events: number }>(
        await db().execute(sql`select
          (select count(*)::int from ad_claims) as claims,
          (select count(*)::int from audit_events where action in ('claimed', 'claim_taken_over')) as entries,
          (select count(*)::int from ad_live_events where type in ('claimed', 'released')) as events`),
      )[0]!;
    await db().execute(sql`create function claim_fault() returns trigger language plpgsql as $$
      begin raise exception 'injected fault'; end $$`);
    // On the history entry itself, and at commit on the claim (a deferred constraint trigger).
    await db().execute(sql`create trigger claim_entry_fault after insert on audit_events for each row
      when (new.entity_label like 'Doomed%') execute function claim_fault()`);
    await db().execute(sql`create constraint trigger claim_commit_fault after insert on ad_claims
      deferrable initially deferred for each row when (new.ad_id = '${sql.raw(cursed!)}'::uuid) execute function claim_fault()`);
    try {
      const before = await state();
      for (const id of [doomed!, cursed!]) expect([id, (await claim(asNimal, id)).statusCode]).toEqual([id, 500]);
      expect(await state()).toEqual(before);
    } finally {
      await db().execute(sql`drop trigger claim_entry_fault on audit_events`);
      await db().execute(sql`drop trigger claim_commit_fault on ad_claims`);
      await db().execute(sql`drop function claim_fault()`);
    }
  });
});
