import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { analyseAds } from '../../src/modules/signals/signals-analysis';
import { EVIDENCE_DUPLICATES } from '../../src/modules/signals/signals-store-repository';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { signalsClient } from '../support/signals-helpers';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * A flood of one text (docs/decisions/0029-trust-signals.md, "Analysis"): each copy is linked back
 * to the earlier ones, so an earlier ad's evidence is capped (the most similar EVIDENCE_DUPLICATES;
 * /duplicates lists more, live) and a row whose risk and kinds stay as they were is not written
 * again. Rows not written keep their xmin (the transaction that last wrote them).
 */
describeApi('trust signals: a flood of one text', () => {
  let t: TestApp;
  let api: ReturnType<typeof signalsClient>;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    api = signalsClient(t.app, await signIn(t.app, admin.email));
  });
  afterAll(() => t?.close());

  const deps = () => ({ db: t.database.db, storage: t.app.storage, clock: t.clock });
  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0]!;
  const adXmin = (id: string) =>
    one<{ x: string }>(sql`select xmin::text as x from advertisements where id = ${id}`).then((r) => r.x);
  const evidenceRow = (id: string) =>
    one<{ x: string; evidence: { duplicates: { adId: string }[] } | string }>(
      sql`select xmin::text as x, evidence from ad_signals where ad_id = ${id} and kind = 'duplicate_text'`,
    ).then((r) => ({
      xmin: r.x,
      ids: (typeof r.evidence === 'string' ? JSON.parse(r.evidence) : r.evidence).duplicates.map(
        (d: { adId: string }) => d.adId,
      ) as string[],
    }));
  const copy = (n: number) =>
    makeAd(t.database.db, {
      heading: 'Brand new iPhone 15 Pro Max 256GB sealed box',
      details: 'Original Apple warranty, bought in Dubai, unopened, cash on delivery in Colombo only.',
      username: `flood.${n}`,
      phone1: null,
    });

  it('names at most the most similar near-duplicates in the evidence, and leaves it alone once full', async () => {
    const first = await copy(0);
    await analyseAds(deps(), [first.id]);
    const copies = [];
    for (let i = 1; i <= EVIDENCE_DUPLICATES + 5; i++) copies.push(await copy(i));
    // Some copies one at a time (linked back to a stored ad), the rest in one batch (to its earlier ones too).
    for (const c of copies.slice(0, EVIDENCE_DUPLICATES)) await analyseAds(deps(), [c.id]);
    const full = await evidenceRow(first.id);
    expect(full.ids).toHaveLength(EVIDENCE_DUPLICATES);
    const rowBefore = await adXmin(first.id);
    await analyseAds(
      deps(),
      copies.slice(EVIDENCE_DUPLICATES).map((c) => c.id),
    );
    // Copies no more alike than those named change neither its evidence nor its ad row.
    expect(await evidenceRow(first.id)).toEqual(full);
    expect(await adXmin(first.id)).toBe(rowBefore);
    const last = copies.at(-1)!;
    expect((await evidenceRow(last.id)).ids.length).toBeLessThanOrEqual(EVIDENCE_DUPLICATES);
    // The lookup still finds every copy, live.
    const listed = (await api.duplicates(first.id)).json().duplicates as { _id: string; via: string }[];
    expect(listed.map((d) => d._id).sort()).toEqual(copies.map((c) => c.id).sort());
    expect(new Set(listed.map((d) => d.via))).toEqual(new Set(['text']));
  });

  it('does not write an ad row whose risk and kinds a new repost or a rerun leaves as they were', async () => {
    const db = t.database.db;
    const text = {
      heading: 'Honda Vezel 2016 hybrid Z grade',
      details: 'Pearl white, 48,000 km, one owner, agent maintained, leasing can be arranged, Kandy.',
      phone1: null,
    };
    const a = await makeAd(db, { ...text, username: 'vezel.one' });
    const b = await makeAd(db, { ...text, username: 'vezel.two' });
    await analyseAds(deps(), [a.id]);
    await analyseAds(deps(), [b.id]);
    expect((await api.signals(a.id)).signals.map((s) => s.kind)).toContain('duplicate_text');
    const aRow = await adXmin(a.id);
    // A third copy joins a's evidence, but a's strongest link, risk and kinds are unchanged.
    const c = await makeAd(db, { ...text, username: 'vezel.three' });
    await analyseAds(deps(), [c.id]);
    expect((await evidenceRow(a.id)).ids.sort()).toEqual([b.id, c.id].sort());
    expect(await adXmin(a.id)).toBe(aRow);
    // Analysed again to the same result: its row stays.
    const cRow = await adXmin(c.id);
    expect(await analyseAds(deps(), [c.id], { force: true })).toEqual([c.id]);
    expect(await adXmin(c.id)).toBe(cRow);
  });

  it('writes nothing of an analysis given up before its write (a server closing), and keeps the ad queued', async () => {
    const db = t.database.db;
    const ad = await makeAd(db, { heading: 'Left for the next start', phone1: null });
    await db.execute(sql`insert into ad_analysis_queue (ad_id) values (${ad.id}) on conflict do nothing`);
    const stop = new AbortController();
    stop.abort();
    expect(await analyseAds(deps(), [ad.id], { queued: [ad.id], signal: stop.signal })).toEqual([]);
    const state = await one<{ risk: number | null; analysed: number; queued: number }>(sql`
      select (select risk from advertisements where id = ${ad.id}) as risk,
        (select count(*)::int from ad_analysis where ad_id = ${ad.id}) as analysed,
        (select count(*)::int from ad_analysis_queue where ad_id = ${ad.id}) as queued`);
    expect(state).toEqual({ risk: 0, analysed: 0, queued: 1 });
  });

  it("leaves a clean ad's row unwritten, new or from before migration 0038, and tells its risk only once analysed", async () => {
    const db = t.database.db;
    const fresh = await makeAd(db, {
      heading: 'Teak dining table',
      details: 'Six chairs, good condition.',
      phone1: null,
    });
    const older = await makeAd(db, { heading: 'Brass table lamp', details: 'Works well, Galle.', phone1: null });
    // An ad from before the risk had a default: null until its analysis.
    await db.execute(sql`update advertisements set risk = null where id = ${older.id}`);
    const risks = async () => {
      const res = await api.ad(fresh.id);
      const page = await api.list('sort=risk&order=asc&pageSize=100');
      const listed = new Map<string, number | null>(
        page.json().advertisements.map((a: { _id: string; risk: number | null }) => [a._id, a.risk]),
      );
      return { one: res.json().advertisement.risk, fresh: listed.get(fresh.id), older: listed.get(older.id) };
    };
    expect(await risks()).toEqual({ one: null, fresh: null, older: null });
    const before = [await adXmin(fresh.id), await adXmin(older.id)];
    expect(await analyseAds(deps(), [fresh.id, older.id], { textOnly: true })).toEqual(
      expect.arrayContaining([fresh.id, older.id]),
    );
    expect([await adXmin(fresh.id), await adXmin(older.id)]).toEqual(before);
    expect(await risks()).toEqual({ one: 0, fresh: 0, older: 0 });
    expect((await api.signals(older.id)).risk).toBe(0);
  });
});
