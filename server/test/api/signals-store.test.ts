import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { analyseAds } from '../../src/modules/signals/signals-analysis';
import { backfill } from '../../src/modules/signals/signals-backfill';
import { databaseSnapshot } from '../support/db-snapshot';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { signalsClient, testPhoto } from '../support/signals-helpers';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * The stored side of the trust signals (docs/decisions/0029-trust-signals.md): near-duplicates
 * through the bands, what a deletion leaves, the backfill, the blocklist's refusals, and the list's
 * filter and sort by signal and risk. Analysis is run here by hand (the app's worker is off).
 */
describeApi('trust signals: bands, backfill, blocklist and list', () => {
  let t: TestApp;
  let api: ReturnType<typeof signalsClient>;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    api = signalsClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());

  const deps = () => ({ db: t.database.db, storage: t.app.storage, clock: t.clock });
  const count = async (query: ReturnType<typeof sql>) =>
    rowsOf<{ n: number }>(await t.database.db.execute(query))[0]!.n;
  const histogramTotal = (category: string) =>
    count(
      sql`select coalesce((select sum(c) from price_histograms, unnest(counts) c where category = ${category}), 0)::int as n`,
    );

  it('finds a near-duplicate through the text bands, from either ad', async () => {
    const db = t.database.db;
    const a = await makeAd(db, {
      heading: 'Toyota Axio 2012 for sale, excellent condition',
      details: 'Single owner, full service records, new tyres, A/C working, Colombo registration, negotiable.',
    });
    const b = await makeAd(db, {
      heading: 'Toyota Axio 2012 for sale excellent condition',
      details: 'Single owner, full service record, new tyres, AC working, Colombo registration, price negotiable.',
      username: 'someone.else',
    });
    const unrelated = await makeAd(db, { heading: 'Teak dining table', details: 'Six chairs, good condition.' });
    await analyseAds(deps(), [a.id, b.id, unrelated.id]);
    const fromB = (await api.duplicates(b.id)).json();
    expect(fromB).toEqual({
      success: true,
      duplicates: [expect.objectContaining({ _id: a.id, heading: a.heading, status: 'pending', via: 'text' })],
    });
    expect(fromB.duplicates[0].similarity).toBeGreaterThanOrEqual(0.55);
    // The earlier ad lists the later one too; the later one carries the signal.
    expect((await api.duplicates(a.id)).json().duplicates.map((d: { _id: string }) => d._id)).toEqual([b.id]);
    expect((await api.signals(b.id)).signals.map((s) => s.kind)).toContain('duplicate_text');
    expect((await api.duplicates(unrelated.id)).json().duplicates).toEqual([]);
  });

  it('leaves no bands, photos or phones of a deleted ad, and takes its price out of the histogram', async () => {
    const db = t.database.db;
    const ad = await makeAd(db, { category: 'Pianos', price: 250_000, images: [] });
    await analyseAds(deps(), [ad.id]);
    expect(await histogramTotal('Pianos')).toBe(1);
    expect(
      await count(
        sql`select coalesce(sum(cardinality(text_keys)), 0)::int as n from ad_analysis where ad_id = ${ad.id}`,
      ),
    ).toBe(32);
    // A rerun replaces the analysis: the price still counts once.
    await analyseAds(deps(), [ad.id], { force: true });
    expect(await histogramTotal('Pianos')).toBe(1);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/advertisements/${ad.id}`,
      headers: { cookie: await signIn(t.app, (await makeAdmin(db)).email), origin: 'http://localhost' },
    });
    expect(res.statusCode).toBe(200);
    for (const table of ['ad_image_hashes', 'ad_phones', 'ad_signals', 'ad_analysis'])
      expect([
        table,
        await count(sql`select count(*)::int as n from ${sql.identifier(table)} where ad_id = ${ad.id}`),
      ]).toEqual([table, 0]);
    expect(await histogramTotal('Pianos')).toBe(0);
  });

  it('keeps no band keys of ads deleted one by one, in bulk or with their advertiser', async () => {
    const db = t.database.db;
    await t.app.storage.write('ads/band-keys.png', testPhoto(7));
    const owner = await makeUser(db, { username: 'band.keys.owner' });
    const ads = [];
    for (let i = 0; i < 6; i++)
      ads.push(
        await makeAd(db, {
          heading: `Band keys ${i} Honda Vezel 2015 hybrid`,
          details: 'Pearl white, one owner, full option, Kandy registration.',
          images: ['ads/band-keys.png'],
          ...(i >= 4 ? { userId: owner.id, username: owner.username } : {}),
        }),
      );
    const ids = ads.map((a) => a.id);
    await analyseAds(deps(), ids);
    const keys = () =>
      count(sql`
        select ((select count(*) from ad_analysis, unnest(text_keys) where ad_id = any(${`{${ids.join(',')}}`}::uuid[]))
          + (select count(*) from ad_image_hashes, unnest(keys) where ad_id = any(${`{${ids.join(',')}}`}::uuid[])))::int as n`);
    const lookups = () =>
      count(sql`
        select ((select count(*) from ad_analysis where text_keys &&
            (select array_agg(k) from ad_analysis, unnest(text_keys) k where ad_id = ${ids[0]}::uuid))
          + (select count(*) from ad_image_hashes where keys &&
            (select array_agg(k) from ad_image_hashes, unnest(keys) k where ad_id = ${ids[0]}::uuid)))::int as n`);
    expect(await keys()).toBeGreaterThan(6 * 32);
    // Every copy finds the others through both indexes.
    expect(await lookups()).toBe(12);
    const admin = await signIn(t.app, (await makeAdmin(db)).email);
    const one = await t.app.inject({
      method: 'DELETE',
      url: `/api/advertisements/${ids[1]}`,
      headers: { cookie: admin, origin: 'http://localhost' },
    });
    expect(one.statusCode).toBe(200);
    await db.execute(sql`delete from advertisements where id = any(${`{${ids[2]},${ids[3]}}`}::uuid[])`);
    await db.execute(sql`delete from users where id = ${owner.id}::uuid`);
    expect(
      await count(sql`select count(*)::int as n from advertisements where id = any(${`{${ids.join(',')}}`}::uuid[])`),
    ).toBe(1);
    expect(await lookups()).toBe(2);
    const left = await keys();
    await db.execute(sql`delete from advertisements where id = ${ids[0]}::uuid`);
    expect([left > 0, await keys()]).toEqual([true, 0]);
  });

  it('backfills the ads without analysis in batches, and a second run carries on where the first stopped', async () => {
    // Not analysed: no ad_analysis row (the ad's risk is 0 until an analysis finds one).
    const unanalysed = sql`select count(*)::int as n from advertisements a
      where not exists (select 1 from ad_analysis an where an.ad_id = a.id)`;
    const db = t.database.db;
    const before = await count(unanalysed);
    for (let i = 0; i < 7; i++) await makeAd(db, { heading: `Backfilled ad ${i}`, details: 'Call 0771234567 now' });
    const stop = new AbortController();
    const first = await backfill(deps(), {
      textOnly: true,
      batchSize: 3,
      signal: stop.signal,
      onProgress: (p) => p.done >= 3 && stop.abort(),
    });
    expect(first).toEqual({ done: 3, total: before + 7, analysed: 3 });
    const left = await count(unanalysed);
    expect(left).toBe(before + 4);
    const analysedAt = await count(sql`select count(*)::int as n from ad_analysis`);
    const second = await backfill(deps(), { textOnly: true, batchSize: 3 });
    expect(second).toMatchObject({ done: left, total: left, analysed: left });
    expect(await count(unanalysed)).toBe(0);
    // Nothing was analysed twice.
    expect(await count(sql`select count(*)::int as n from ad_analysis`)).toBe(analysedAt + left);
  });

  it('refuses an unreadable number for the blocklist with 400 and changes nothing', async () => {
    const before = await databaseSnapshot(t.database.db);
    for (const payload of [
      { phone: 'call me' },
      { phone: '' },
      {},
      { phone: '12' },
      { phone: '0771234567', extra: 1 },
    ]) {
      const res = await api.block(payload);
      expect([payload, res.statusCode, res.json().success]).toEqual([payload, 400, false]);
    }
    expect((await api.unblock('not a number')).statusCode).toBe(400);
    expect(await databaseSnapshot(t.database.db)).toEqual(before);
    // A number in another form is the same number; taking it off twice is a 404 the second time.
    expect((await api.block({ phone: '+94 77 555 1234' })).json().phone.phone).toBe('+94775551234');
    expect((await api.block({ phone: '077-555-1234' })).statusCode).toBe(200);
    expect((await api.blocked()).json().phones.map((p: { phone: string }) => p.phone)).toEqual(['+94775551234']);
    expect((await api.unblock('0775551234')).statusCode).toBe(200);
    expect((await api.unblock('+94775551234')).statusCode).toBe(404);
  });

  it('filters the list by signal and minimum risk, and sorts it by risk', async () => {
    const db = t.database.db;
    const category = 'Risky things';
    const phrase = await makeAd(db, { category, heading: 'Easy money', details: 'Pay a registration fee to apply.' });
    const contact = await makeAd(db, { category, heading: 'Sofa', details: 'Call 077 123 4567 or mail me at a@b.lk' });
    const both = await makeAd(db, {
      category,
      heading: 'Work from home',
      details: 'WhatsApp 0771234567, advance payment first',
    });
    const clean = await makeAd(db, { category, heading: 'Bookshelf', details: 'Solid wood, three shelves.' });
    const unanalysed = await makeAd(db, { category, heading: 'Lamp', details: 'Brass.' });
    await analyseAds(deps(), [phrase.id, contact.id, both.id, clean.id], { textOnly: true });
    const ids = async (query: string) => {
      const res = await api.list(`category=${encodeURIComponent(category)}&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().advertisements.map((a: { _id: string }) => a._id);
    };
    expect(new Set(await ids('signal=contact_in_text'))).toEqual(new Set([contact.id, both.id]));
    expect(new Set(await ids('signal=contact_in_text,risky_phrase'))).toEqual(
      new Set([phrase.id, contact.id, both.id]),
    );
    expect(new Set(await ids('signal=risky_phrase&signal=contact_in_text'))).toEqual(
      new Set([phrase.id, contact.id, both.id]),
    );
    // Riskiest first; an ad with nothing found and one not checked yet sort alike, last, and only
    // the checked one tells a risk (0).
    const byRisk = await ids('sort=risk&order=desc');
    expect(byRisk[0]).toBe(both.id);
    expect(new Set(byRisk.slice(-2))).toEqual(new Set([clean.id, unanalysed.id]));
    const listed: { _id: string; risk: number | null }[] = (
      await api.list(`category=${encodeURIComponent(category)}&sort=risk&order=desc`)
    ).json().advertisements;
    const risks = listed.map((a) => [a._id, a.risk] as const);
    const found = risks.slice(0, -2).map(([, r]) => r as number);
    expect(found).toEqual([...found].sort((x, y) => y - x));
    expect(found.every((r) => r > 0)).toBe(true);
    expect(new Map(risks.slice(-2))).toEqual(
      new Map([
        [clean.id, 0],
        [unanalysed.id, null],
      ]),
    );
    const min = found[1]!;
    expect(new Set(await ids(`minRisk=${min}`))).toEqual(new Set(byRisk.slice(0, 2)));
    // 0 or more is every ad, as the list's own filter reads it.
    expect(new Set(await ids('minRisk=0'))).toEqual(new Set(byRisk));
    const counted = await t.app.inject({
      method: 'GET',
      url: `/api/advertisements/count?category=${encodeURIComponent(category)}&signal=contact_in_text`,
      headers: { cookie: await signIn(t.app, (await makeAdmin(db)).email) },
    });
    expect(counted.json()).toEqual({ total: 2 });
    for (const bad of ['signal=nonsense', 'minRisk=101', 'minRisk=x'])
      expect([bad, (await api.list(bad)).statusCode]).toEqual([bad, 400]);
  });

  it('tells a flagged ad sent back to the queue by a blocked number its last risk, a clean one null', async () => {
    const db = t.database.db;
    const category = 'Sent back';
    // An account of a year, the clean ad its second: nothing to find in it.
    const since = new Date('2025-01-01T00:00:00Z');
    const userId = (await makeUser(db, { createdAt: since, joinDate: since })).id;
    const flagged = await makeAd(db, {
      category,
      userId,
      heading: 'Phone',
      details: 'Call 077 246 8135 today',
      postingDate: new Date('2026-01-01T00:00:00Z'),
    });
    const clean = await makeAd(db, {
      category,
      userId,
      heading: 'Chair',
      details: 'Teak.',
      phone1: '0772468135',
      postingDate: new Date('2026-01-02T00:00:00Z'),
    });
    await analyseAds(deps(), [flagged.id, clean.id], { textOnly: true });
    const risks = async () =>
      new Map(
        (await api.list(`category=${encodeURIComponent(category)}`))
          .json()
          .advertisements.map((a: { _id: string; risk: number | null }) => [a._id, a.risk]),
      );
    const before = await risks();
    expect(before.get(flagged.id)).toBeGreaterThan(0);
    expect(before.get(clean.id)).toBe(0);
    expect((await api.block({ phone: '0772468135' })).statusCode).toBe(200);
    // Both wait for their new analysis (the app's worker is off here).
    expect(
      await count(sql`select count(*)::int as n from ad_analysis where ad_id in (${flagged.id}, ${clean.id})`),
    ).toBe(0);
    expect(await risks()).toEqual(
      new Map([
        [flagged.id, before.get(flagged.id)],
        [clean.id, null],
      ]),
    );
    expect((await api.unblock('0772468135')).statusCode).toBe(200);
  });
});
