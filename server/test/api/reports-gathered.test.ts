import { sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { rowsOf, type Db } from '../../src/db/client';
import { ReportGathering } from '../../src/modules/reports/report-gathering';
import { storeReport, type NewReport } from '../../src/modules/reports/report-intake-repository';
import { makeAd } from '../support/factories';
import { buildTestApp, describeApi } from '../support/test-app';

const MISSING = '00000000-0000-4000-8000-000000000000';
const START = Date.parse('2026-11-22T08:00:00Z');

/** Reports gathered into one statement (docs/decisions/0034-reports.md, "Reports gathered"). */
describeApi('reports gathered into one statement', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup() {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    return t.database.db;
  }

  /** The k-th report: its time is the same whichever way it is stored. */
  const report = (k: number, adId: string, who: string): NewReport & { adId: string } => {
    const at = new Date(START + k * 1000);
    return {
      kind: 'ad',
      adId,
      reason: ['scam', 'duplicate', 'other'][k % 3]!,
      text: `Report ${k} by ${who}`,
      page: null,
      email: `${who}@example.lk`,
      phone: null,
      address: null,
      reporterKey: `email:${who}@example.lk`,
      language: 'en',
      day: at.toISOString().slice(0, 10),
      at,
    };
  };

  /** Two pending ads and an approved one; the first already has a report by `a`. */
  async function ads(db: Db) {
    const made = [
      await makeAd(db, { heading: 'Pending one' }),
      await makeAd(db, { heading: 'Pending two' }),
      await makeAd(db, { heading: 'Approved', status: 'approved' }),
    ].map((a) => a.id);
    await storeReport(db, report(0, made[0]!, 'a'));
    return made;
  }

  /** Everything a report writes about `ad`, with the report ids replaced by their order. */
  async function written(db: Db, ad: string) {
    const reports = rowsOf<{ id: string; reason: string; text: string; count: number; weight: number }>(
      await db.execute(sql`select id, reason, text, count, weight, reporter_key, created_at, updated_at from reports
        where ad_id = ${ad} order by created_at`),
    );
    const order = new Map(reports.map((r, i) => [r.id, i]));
    const [one] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select a.signal_kinds, r.open_reports, r.report_weight, r.queue_priority,
          s.evidence, s.strength
        from advertisements a left join ad_reports r on r.ad_id = a.id
        left join ad_signals s on s.ad_id = a.id and s.kind = 'reported' where a.id = ${ad}`),
    );
    const audit = rowsOf<{ at: string; details: { report: { _id: string; openReports: number } } }>(
      await db.execute(sql`select at, details from audit_events where entity_id = ${ad} and action = 'reported'
        order by at`),
    ).map((e) => ({
      ...e,
      details: { ...e.details, report: { ...e.details.report, _id: order.get(e.details.report._id) } },
    }));
    return { reports: reports.map(({ id: _id, ...r }) => r), ...one, audit };
  }

  // Two reports of one ad, repeats of a reporter (one on a row stored before the batch, one inside
  // it), an approved ad, and an ad that does not exist.
  const plan: [number, string][] = [
    [0, 'b'],
    [0, 'a'],
    [1, 'a'],
    [0, 'c'],
    [2, 'c'],
    [-1, 'd'],
    [1, 'a'],
    [0, 'b'],
    [2, 'e'],
  ];

  /** The live events of the reports of `made`'s ads. */
  async function events(db: Db, made: string[]) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ad_live_events e where e.type = 'report' and e.ad_id in
        (select id from reports where ad_id = any(${`{${made.join(',')}}`}::uuid[]))`),
    );
    return row!.n;
  }

  it('stores a batch as one report at a time would (rows, counts, counters, signal, history), with one live event', async () => {
    const db = await setup();
    const [together, alone] = [await ads(db), await ads(db)];
    const warn = vi.fn();
    const gathering = new ReportGathering(db, { warn }, 50);
    const gathered = await Promise.all(
      plan.map(([ad, who], k) => gathering.store(report(k + 1, together[ad] ?? MISSING, who))),
    );
    expect(warn).not.toHaveBeenCalled();
    const oneByOne = [];
    for (const [k, [ad, who]] of plan.entries())
      oneByOne.push(await storeReport(db, report(k + 1, alone[ad] ?? MISSING, who)));

    // The same answers: a repeat gets its row's id, a missing ad none.
    const shape = (ids: ({ id: string } | undefined)[]) =>
      ids.map((r) => (r ? ids.findIndex((o) => o?.id === r.id) : -1));
    expect(shape(gathered)).toEqual(shape(oneByOne));
    expect(shape(gathered)).toEqual([0, 1, 2, 3, 4, -1, 2, 0, 8]);
    for (const i of [0, 1, 2]) expect(await written(db, together[i]!)).toEqual(await written(db, alone[i]!));
    const first = await written(db, together[0]!);
    expect(first).toMatchObject({ open_reports: 3, signal_kinds: ['reported'] });
    expect(first.reports.map((r) => r.count)).toEqual([2, 2, 1]);
    expect(first.audit.map((e) => e.details.report.openReports)).toEqual([1, 2, 3]);
    // The report stored before, then one for the batch, where each report alone wrote its own.
    expect({ together: await events(db, together), alone: await events(db, alone) }).toEqual({ together: 2, alone: 9 });
  });

  it('keeps a report that comes while a batch is stored for the next window, with those after it', async () => {
    const db = await setup();
    const [ad] = await ads(db);
    const stored = async (who: string) =>
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from reports where reporter_key = ${`email:${who}@example.lk`}`),
      )[0]!.n;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const gathering = new ReportGathering(db, { warn: vi.fn() }, 100);
      const first = Promise.all([gathering.store(report(1, ad!, 'x')), gathering.store(report(2, ad!, 'y'))]);
      vi.advanceTimersByTime(100);
      // The first batch's statement is under way: this one waits for the next window, not stored alone.
      const follower = gathering.store(report(3, ad!, 'z'));
      await first;
      expect(await stored('z')).toBe(0);
      const next = gathering.store(report(4, ad!, 'w'));
      vi.advanceTimersByTime(100);
      await Promise.all([follower, next]);
    } finally {
      vi.useRealTimers();
    }
    expect([await stored('z'), await stored('w')]).toEqual([1, 1]);
    // The report stored before, one event for the first batch, one for the next (a lone report writes its own).
    expect(await events(db, [ad!])).toBe(3);
  });

  it("stores each report alone when the batch's statement fails, each caller with its own answer", async () => {
    const db = await setup();
    const [ad] = await ads(db);
    // A fault only a statement of several reports meets.
    await db.execute(sql`create function refuse_batches() returns trigger language plpgsql as $$
      begin if (select count(*) from fresh) > 1 then raise exception 'a batch'; end if; return null; end $$`);
    await db.execute(sql`create trigger refuse_batches after insert on reports referencing new table as fresh
      for each statement execute function refuse_batches()`);
    const warn = vi.fn();
    const gathering = new ReportGathering(db, { warn }, 50);
    const answers = await Promise.all([
      gathering.store(report(1, ad!, 'x')),
      gathering.store(report(2, MISSING, 'y')),
      gathering.store(report(3, ad!, 'x')),
      gathering.store(report(4, ad!, 'z')),
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(answers.map((a) => a?.id ?? null)).toEqual([answers[0]!.id, null, answers[0]!.id, answers[3]!.id]);
    expect(await written(db, ad!)).toMatchObject({ open_reports: 3 });
    expect(await events(db, [ad!])).toBe(4);
  });
});
