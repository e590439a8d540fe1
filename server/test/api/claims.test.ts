import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_TTL_MS, adMessages, liveText } from '@backoffice/contract';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, testDb, type TestApp } from '../support/test-app';
import type { UserRow } from '../../src/db/schema';

describeApi('claims on pending ads (docs/decisions/0017-live-queue-and-claims.md)', () => {
  let t: TestApp;
  let nimal: UserRow;
  let sunil: UserRow;
  let asNimal: ReturnType<typeof adminClient>;
  let asSunil: ReturnType<typeof adminClient>;
  const claim = (as: ReturnType<typeof adminClient>, id: string, body?: object) =>
    as.send('POST', `/api/advertisements/${id}/claim`, body);
  const release = (as: ReturnType<typeof adminClient>, id: string) =>
    as.send('DELETE', `/api/advertisements/${id}/claim`);

  beforeAll(async () => {
    // The cap of live claims per admin is claims-cap.test.ts's subject: these admins claim an ad a test.
    t = await buildTestApp({ env: { CLAIMS_PER_ADMIN: '100' } });
    nimal = await makeAdmin(t.database.db, { name: 'Nimal Perera' });
    sunil = await makeAdmin(t.database.db, { name: 'Sunil Silva' });
    asNimal = adminClient(t.app, await signIn(t.app, nimal.email));
    asSunil = adminClient(t.app, await signIn(t.app, sunil.email));
  });
  afterAll(() => t?.close());

  it('claims a pending ad for five minutes and shows the claim in the list', async () => {
    const ad = await makeAd(t.database.db, { status: 'pending' });
    const res = await claim(asNimal, ad.id);
    expect(res.statusCode).toBe(200);
    const expiresAt = new Date(t.clock().getTime() + CLAIM_TTL_MS).toISOString();
    expect(res.json()).toEqual({ success: true, claim: { by: { _id: nimal.id, name: 'Nimal Perera' }, expiresAt } });
    const rows = (await asSunil.list({ status: 'pending', pageSize: 100 })).json().advertisements;
    expect(rows.find((r: { _id: string }) => r._id === ad.id).claim).toEqual(res.json().claim);
    expect(rows.filter((r: { claim: unknown }) => r.claim === null).length).toBe(rows.length - 1);
  });

  it('shows the claims of the ads a rule pins above the queue, and of the page under them', async () => {
    const pinnedAd = await makeAd(t.database.db, { status: 'pending', rulePriority: 3 });
    const plain = await makeAd(t.database.db, { status: 'pending', postingDate: new Date('2020-01-01T00:00:00Z') });
    const claims = [(await claim(asNimal, pinnedAd.id)).json().claim, (await claim(asNimal, plain.id)).json().claim];
    const rows = (await asSunil.list({ status: 'pending', sort: 'postingDate', order: 'asc', pageSize: 1 })).json()
      .advertisements as { _id: string; claim: unknown }[];
    expect(rows.map((r) => [r._id, r.claim])).toEqual([
      [pinnedAd.id, claims[0]],
      [plain.id, claims[1]],
    ]);
    for (const id of [pinnedAd.id, plain.id]) expect((await release(asNimal, id)).statusCode).toBe(200);
  });

  it('of two admins claiming at once, exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const ad = await makeAd(t.database.db, { status: 'pending' });
      const answers = await Promise.all([claim(asNimal, ad.id), claim(asSunil, ad.id)]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const loser = answers.find((r) => r.statusCode === 409)!;
      const winner = answers.find((r) => r.statusCode === 200)!.json().claim.by.name;
      expect(loser.json().message).toBe(liveText.beingReviewedBy(winner));
    }
  });

  it('refuses a claim held by another admin until it expires, then takes it freely; renewing extends', async () => {
    const ad = await makeAd(t.database.db, { status: 'pending' });
    expect((await claim(asNimal, ad.id)).statusCode).toBe(200);
    const taken = await claim(asSunil, ad.id);
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'Being reviewed by Nimal Perera']);
    t.clock.advance(CLAIM_TTL_MS - 1000);
    const renewed = await claim(asNimal, ad.id);
    expect(renewed.json().claim.expiresAt).toBe(new Date(t.clock().getTime() + CLAIM_TTL_MS).toISOString());
    t.clock.advance(CLAIM_TTL_MS - 1000);
    expect((await claim(asSunil, ad.id)).statusCode).toBe(409);
    t.clock.advance(1000);
    const list = (await asSunil.list({ status: 'pending', pageSize: 100 })).json().advertisements;
    expect(list.find((r: { _id: string }) => r._id === ad.id).claim).toBeNull();
    const after = await claim(asSunil, ad.id);
    expect([after.statusCode, after.json().claim.by.name]).toEqual([200, 'Sunil Silva']);
  });

  it('takes over a live claim when asked to', async () => {
    const ad = await makeAd(t.database.db, { status: 'pending' });
    await claim(asNimal, ad.id);
    const res = await claim(asSunil, ad.id, { takeOver: true });
    expect([res.statusCode, res.json().claim.by._id]).toEqual([200, sunil.id]);
    const approve = await asNimal.approve(ad.id);
    expect([approve.statusCode, approve.json().message]).toEqual([409, 'Being reviewed by Sunil Silva']);
  });

  it('refuses approve and reject of an ad another admin holds, single and per item in bulk', async () => {
    const held = await makeAd(t.database.db, { status: 'pending' });
    const free = await makeAd(t.database.db, { status: 'pending' });
    await claim(asNimal, held.id);
    const single = await asSunil.reject(held.id, 'Wrong category');
    expect([single.statusCode, single.json().message]).toEqual([409, 'Being reviewed by Nimal Perera']);
    const bulk = await asSunil.bulk({ status: 'approved', ids: [held.id, free.id] });
    expect(bulk.json().results).toEqual([
      { id: held.id, ok: false, message: 'Being reviewed by Nimal Perera' },
      { id: free.id, ok: true },
    ]);
    // The holder decides; the decision ends the claim.
    expect((await asNimal.approve(held.id)).statusCode).toBe(200);
    const again = await claim(asSunil, held.id);
    expect([again.statusCode, again.json().message]).toEqual([409, adMessages.notPending]);
  });

  it('claims only pending ads, and answers 404 for a missing one', async () => {
    const approved = await makeAd(t.database.db, { status: 'approved' });
    const res = await claim(asNimal, approved.id);
    expect([res.statusCode, res.json().message]).toEqual([409, adMessages.notPending]);
    const missing = await claim(asNimal, '00000000-0000-4000-8000-000000000000');
    expect([missing.statusCode, missing.json().message]).toEqual([404, adMessages.notFound]);
    expect((await claim(asNimal, approved.id, { takeOver: 'yes' })).statusCode).toBe(400);
  });

  it('releases a claim on request and on sign-out', async () => {
    const [one, two] = [await makeAd(t.database.db), await makeAd(t.database.db)];
    await claim(asNimal, one.id);
    expect((await release(asSunil, one.id)).statusCode).toBe(200);
    expect((await claim(asSunil, one.id)).statusCode).toBe(409);
    expect((await release(asNimal, one.id)).json()).toEqual({ success: true });
    expect((await claim(asSunil, one.id)).statusCode).toBe(200);

    const kamal = await makeAdmin(t.database.db, { name: 'Kamal Fernando' });
    const kamalCookie = await signIn(t.app, kamal.email);
    await claim(adminClient(t.app, kamalCookie), two.id);
    expect((await asNimal.approve(two.id)).statusCode).toBe(409);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/signout',
      headers: { cookie: kamalCookie, origin: 'http://localhost' },
    });
    expect((await asNimal.approve(two.id)).statusCode).toBe(200);
  });
});

describe.skipIf(testDb !== 'postgres')('claims across two server instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('lets exactly one of two admins on two instances claim an ad at once', async () => {
    a = await buildTestApp();
    b = await buildTestApp({ sameDatabaseAs: a, clock: a.clock });
    const [x, y] = [await makeAdmin(a.database.db), await makeAdmin(a.database.db)];
    const onA = adminClient(a.app, await signIn(a.app, x.email));
    const onB = adminClient(b.app, await signIn(b.app, y.email));
    for (let round = 0; round < 10; round++) {
      const ad = await makeAd(a.database.db);
      const answers = await Promise.all([
        onA.send('POST', `/api/advertisements/${ad.id}/claim`, {}),
        onB.send('POST', `/api/advertisements/${ad.id}/claim`, {}),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    }
  });
});
