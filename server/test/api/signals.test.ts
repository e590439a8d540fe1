import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdSignal } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { waitFor } from '../support/message-servers';
import { analysed, signalsClient, testPhoto } from '../support/signals-helpers';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * Trust signals end to end (docs/decisions/0029-trust-signals.md): the insert trigger queues each
 * new ad, the job analyses it and stores its signals and risk, on PGlite and on PostgreSQL.
 */
describeApi('trust signals: trigger, job and stored signals', () => {
  let t: TestApp;
  let api: ReturnType<typeof signalsClient>;
  const HOUR = 3_600_000;

  beforeAll(async () => {
    t = await buildTestApp({ analyseAds: true });
    const admin = await makeAdmin(t.database.db);
    api = signalsClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());

  const kinds = (signals: AdSignal[]) => signals.map((s) => s.kind).sort();
  const signalOf = async <K extends AdSignal['kind']>(id: string, kind: K) =>
    (await api.signals(id)).signals.find((s): s is Extract<AdSignal, { kind: K }> => s.kind === kind);

  it('analyses an ad inserted with plain SQL: the trigger queues it, the job stores its signals and risk', async () => {
    const result = await t.database.db.execute(sql`
      insert into advertisements (title, heading, details, username, phone1, category, district)
      values ('Job', 'Data entry job, work from home', 'Call 077 987 6543 today.', 'someone', '0779876543', 'Jobs', 'Colombo')
      returning id`);
    const id = rowsOf<{ id: string }>(result)[0]!.id;
    const answer = await waitFor(async () => {
      const body = await api.signals(id);
      return body.risk !== null && body;
    });
    expect(kinds(answer.signals)).toEqual(['contact_in_text', 'risky_phrase']);
    expect(answer.risk).toBeGreaterThan(0);
    expect(answer.analysedAt).not.toBeNull();
    const contact = answer.signals.find((s) => s.kind === 'contact_in_text');
    expect(contact?.evidence).toMatchObject({ contacts: [{ field: 'details', type: 'phone', phone: '+94779876543' }] });
    // The list carries the kinds and the risk.
    const list = (await api.list('q=Data%20entry')).json();
    expect(list.advertisements[0]).toMatchObject({ _id: id, signals: expect.any(Array), risk: answer.risk });
  });

  it('stores each signal kind for an ad made to carry it, with its evidence', async () => {
    const db = t.database.db;
    const now = t.clock().getTime();
    const old = new Date(now - 400 * 24 * HOUR);
    const seller = await makeUser(db, { createdAt: old });
    const other = await makeUser(db, { createdAt: old });
    await t.app.storage.write('ads/own-a.png', testPhoto(1));
    await t.app.storage.write('ads/own-b.png', testPhoto(1));
    await t.app.storage.write('ads/stolen.png', testPhoto(1));
    const at = (minutes: number) => new Date(now - 10 * 24 * HOUR + minutes * 60_000);
    const base = { userId: seller.id, username: seller.username, phone1: '0771112233', category: 'Mobile Phones' };

    // A category's usual price: 40 phones around Rs 100,000 (analysed first, so the histogram holds them).
    const priced = [];
    for (let i = 0; i < 40; i++)
      priced.push(
        await makeAd(db, {
          ...base,
          heading: `Phone model ${i} in good condition`,
          details: `Model number ${i * 7919} with box and charger, used for ${i % 5} months.`,
          price: 80_000 + i * 1_000,
          postingDate: at(i),
        }),
      );
    await analysed(
      t.app,
      db,
      priced.map((a) => a.id),
    );

    const original = await makeAd(db, {
      ...base,
      heading: 'Samsung Galaxy S21 Ultra 256GB Phantom Black',
      details: 'Brand new condition, bought in Colombo, full box with original charger and warranty card.',
      images: ['ads/own-a.png'],
      postingDate: at(100),
    });
    await analysed(t.app, db, [original.id]);
    const repost = await makeAd(db, {
      ...base,
      heading: 'Samsung Galaxy S21 Ultra 256GB Phantom Black',
      details: 'Brand new condition, bought in Colombo, full box with original charger and warranty card!',
      images: ['/uploads/ads/own-b.png'],
      postingDate: at(101),
    });
    const stolen = await makeAd(db, {
      userId: other.id,
      username: other.username,
      phone1: '0712223344',
      category: 'Cameras',
      heading: 'Canon camera',
      details: 'Lens included.',
      images: ['ads/stolen.png', 'ads/missing.png'],
      postingDate: at(102),
    });
    const cheap = await makeAd(db, {
      ...base,
      heading: 'Phone',
      details: 'Cheap.',
      price: 1_000,
      postingDate: at(103),
    });
    const badPhone = await makeAd(db, {
      ...base,
      phone1: '12345',
      heading: 'Radio',
      details: 'Old.',
      postingDate: at(104),
    });
    const newcomer = await makeUser(db, { createdAt: at(104) });
    const fresh = await makeAd(db, {
      userId: newcomer.id,
      username: newcomer.username,
      phone1: '0771112233',
      heading: 'Bicycle',
      details: 'Kids bicycle.',
      postingDate: at(105),
    });
    await analysed(t.app, db, [repost.id, stolen.id, cheap.id, badPhone.id, fresh.id]);

    expect(await signalOf(repost.id, 'duplicate_text')).toMatchObject({
      evidence: { duplicates: [{ adId: original.id, similarity: expect.any(Number) }] },
    });
    expect(await signalOf(repost.id, 'duplicate_image')).toMatchObject({
      evidence: {
        matches: [
          { image: 0, imagePath: '/uploads/ads/own-b.png', otherAdId: original.id, otherImagePath: 'ads/own-a.png' },
        ],
      },
    });
    const theft = await api.signals(stolen.id);
    expect(kinds(theft.signals)).toContain('stolen_image');
    expect(theft.unreadableImages).toEqual(['ads/missing.png']);
    // Found through the photo bands alone (its text is another's): the two ads with that photo, their rows read.
    const fromStolen = (await api.duplicates(stolen.id)).json().duplicates as { _id: string; via: string }[];
    expect(fromStolen.map((d) => `${d._id} ${d.via}`).sort()).toEqual(
      [`${original.id} image`, `${repost.id} image`].sort(),
    );
    expect(fromStolen.find((d) => d._id === original.id)).toMatchObject({
      heading: original.heading,
      username: seller.username,
      images: ['ads/own-a.png'],
      similarity: 1,
    });
    expect(await signalOf(cheap.id, 'price_outlier')).toMatchObject({
      evidence: { price: 1_000, direction: 'below', category: 'Mobile Phones', sample: 40 },
    });
    expect(await signalOf(badPhone.id, 'invalid_phone')).toMatchObject({ evidence: { phone: '12345' } });
    // Three accounts behind 0771112233 now: the seller, the other account … and the newcomer.
    expect(await signalOf(fresh.id, 'new_account')).toMatchObject({ evidence: { firstAd: true } });

    const third = await makeUser(db, { createdAt: old });
    const reused = await makeAd(db, {
      userId: third.id,
      username: third.username,
      phone1: '+94 77 111 2233',
      heading: 'Sofa',
      details: 'Three seater.',
    });
    const blockedRes = await api.block({ phone: '071 222 3344' });
    expect(blockedRes.json()).toMatchObject({ success: true, phone: { phone: '+94712223344' } });
    const blocked = await makeAd(db, { ...base, phone1: '0712223344', heading: 'Table', details: 'Teak.' });
    await analysed(t.app, db, [reused.id, blocked.id]);
    const reuse = await signalOf(reused.id, 'phone_reuse');
    expect(reuse?.evidence.phones).toEqual([
      {
        phone: '+94771112233',
        source: 'contact',
        accounts: expect.arrayContaining([
          { userId: seller.id, username: seller.username },
          { userId: newcomer.id, username: newcomer.username },
        ]),
      },
    ]);
    expect(await signalOf(blocked.id, 'blocked_phone')).toEqual({
      kind: 'blocked_phone',
      evidence: { phones: [{ phone: '+94712223344', source: 'contact' }] },
    });
  });

  it('analyses the pending ads carrying a number again when it is blocked or unblocked', async () => {
    const db = t.database.db;
    const seller = await makeUser(db);
    const ad = await makeAd(db, {
      userId: seller.id,
      username: seller.username,
      phone1: '0703334455',
      heading: 'Desk lamp',
      details: 'Brass, works well.',
    });
    await analysed(t.app, db, [ad.id]);
    expect(await signalOf(ad.id, 'blocked_phone')).toBeUndefined();
    expect((await api.block({ phone: '+94 70 333 4455' })).statusCode).toBe(200);
    await waitFor(async () => {
      await t.app.analysisWorker.wake();
      return (await signalOf(ad.id, 'blocked_phone')) !== undefined;
    });
    const listed = (await api.list('signal=blocked_phone')).json();
    expect(listed.advertisements.map((a: { _id: string }) => a._id)).toContain(ad.id);
    expect((await api.unblock('0703334455')).statusCode).toBe(200);
    await waitFor(async () => {
      await t.app.analysisWorker.wake();
      const body = await api.signals(ad.id);
      return body.risk !== null && !body.signals.some((s) => s.kind === 'blocked_phone');
    });
  });
});
