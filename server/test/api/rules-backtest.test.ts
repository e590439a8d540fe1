import fs from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  MAX_BACKTEST_LIMIT,
  ruleMessages,
  type Backtest,
  type RuleAction,
  type RuleCondition,
} from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { moderationRules, ruleBacktests } from '../../src/db/schema';
import { factsRead } from '../../src/modules/rules/advertiser-facts';
import { advertiserFacts } from '../../src/modules/rules/rules-backtest-repository';
import { holdBacktests } from '../support/backtest-hold';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

/**
 * "Test this rule" (docs/decisions/0030-moderation-rules.md): a rule's figures over decided ads whose
 * answer is known, its disagreements, one backtest per rule, Cancel and the shutdown between two
 * batches (the runner is held there by its test hook: no test waits for time).
 */

type Answer = Backtest & { success: true };

let t: TestApp;
let cookie: string;
let closed = false;

beforeEach(async () => {
  t = await buildTestApp();
  closed = false;
  const admin = await makeAdmin(t.database.db);
  cookie = await signIn(t.app, admin.email);
  // Long enough for every backtest here to end before the start answers (200), unless a test says otherwise.
  t.app.ruleBacktests.answerWithinMs = 60_000;
});

afterEach(async () => {
  if (!closed) await t.close();
});

async function makeRule(
  conditions: RuleCondition[],
  action: RuleAction = { type: 'reject', reasonId: 'x' },
  version = 1,
) {
  const [row] = await t.database.db
    .insert(moderationRules)
    .values({ name: `Rule ${Math.random()}`, sortOrder: 0, conditions, action, version })
    .returning();
  return row!.id;
}

const FEE: RuleCondition[] = [{ field: 'text', op: 'contains', value: 'Registration FEE' }];

const start = (ruleId: string, payload: unknown = { limit: 1000 }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/moderation-rules/${ruleId}/backtest`,
    headers: { cookie, origin: ORIGIN },
    payload: payload as Record<string, unknown>,
  });
const read = (ruleId: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/moderation-rules/${ruleId}/backtests/${id}`, headers: { cookie } });
const cancel = (ruleId: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/moderation-rules/${ruleId}/backtests/${id}/cancel`,
    headers: { cookie, origin: ORIGIN },
  });

let minute = 0;
/** A decided ad, each decided a minute after the one before (so the last made is the newest decision). */
const decided = (status: 'approved' | 'rejected', heading: string, extra: Parameters<typeof makeAd>[1] = {}) =>
  makeAd(t.database.db, {
    status,
    heading,
    moderatedAt: new Date(Date.UTC(2026, 9, 1) + ++minute * 60_000),
    ...extra,
  });

/** Four agreements, one matched disagreement, two missed, three neither (and a pending ad, not decided). */
async function seedFees() {
  const ads = {
    agree: [] as string[],
    matchedWrong: [] as string[],
    missed: [] as string[],
  };
  for (let i = 0; i < 4; i++) ads.agree.push((await decided('rejected', `Job ${i}, registration fee Rs 5000`)).id);
  ads.matchedWrong.push((await decided('approved', 'Clerk wanted, no registration fee')).id);
  for (let i = 0; i < 2; i++) ads.missed.push((await decided('rejected', `Too good to be true ${i}`)).id);
  for (let i = 0; i < 3; i++) await decided('approved', `Honest job ${i}`);
  await makeAd(t.database.db, { status: 'pending', heading: 'Pending: registration fee first' });
  return ads;
}

describeApi('rule backtests', () => {
  it('measures the rule against the decided ads: matched, precision, recall and both kinds of disagreement', async () => {
    const ads = await seedFees();
    // Small batches, and two ads decided at the same instant: the keyset reads each ad once.
    t.app.ruleBacktests.batchSize = 3;
    await decided('approved', 'Same instant A', { moderatedAt: new Date(Date.UTC(2026, 9, 2)) });
    await decided('approved', 'Same instant B', { moderatedAt: new Date(Date.UTC(2026, 9, 2)) });
    const ruleId = await makeRule(FEE, { type: 'reject', reasonId: 'x' }, 3);

    const res = await start(ruleId);
    expect(res.statusCode).toBe(200);
    const body = res.json<Answer>();
    expect(body).toMatchObject({ success: true, state: 'done', ruleId, version: 3, limit: 1000 });
    expect(body).toMatchObject({ scanned: 12, matched: 5, decided: 5, precision: 4 / 5 });
    expect(body.recall).toBeCloseTo(4 / 6, 6);
    expect(body.finishedAt).not.toBeNull();
    const kinds = (kind: string) =>
      body.disagreements
        .filter((d) => d.kind === kind)
        .map((d) => d._id)
        .sort();
    expect(kinds('matched')).toEqual(ads.matchedWrong);
    expect(kinds('missed')).toEqual([...ads.missed].sort());
    expect(body.disagreements.find((d) => d.kind === 'matched')).toMatchObject({
      heading: 'Clerk wanted, no registration fee',
      status: 'approved',
    });

    // The row holds the same figures, and GET answers them.
    const again = await read(ruleId, body._id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
  });

  it('reads the newest decisions first, up to the limit', async () => {
    await seedFees();
    const ruleId = await makeRule(FEE);
    // The three newest decisions are the three honest approvals: the rule matches none of them.
    const newest = (await start(ruleId, { limit: 3 })).json<Answer>();
    expect(newest).toMatchObject({ scanned: 3, matched: 0, precision: null, recall: null, disagreements: [] });
    const six = (await start(ruleId, { limit: 6 })).json<Answer>();
    expect(six).toMatchObject({ scanned: 6, matched: 1, precision: 0, recall: 0 });
    expect(six.disagreements.map((d) => d.kind).sort()).toEqual(['matched', 'missed', 'missed']);
  });

  it("judges with the advertiser's facts and the ad's signals, as the live run does", async () => {
    const verified = await makeUser(t.database.db, { isVerified: true });
    const unverified = await makeUser(t.database.db, { isVerified: false });
    await decided('approved', 'Verified and clean', { userId: verified.id, risk: 5 });
    await decided('approved', 'Unverified', { userId: unverified.id, risk: 5 });
    await decided('rejected', 'Verified but risky', { userId: verified.id, risk: 80, signalKinds: ['risky_phrase'] });
    await decided('approved', 'No account', { userId: null, risk: 5 });
    const ruleId = await makeRule(
      [
        { field: 'advertiser.verified', op: 'eq', value: true },
        { field: 'advertiser.approvedAds', op: 'gt', value: 0 },
        { field: 'risk', op: 'lt', value: 50 },
      ],
      { type: 'approve', sampleRate: 0.1 },
    );
    const body = (await start(ruleId)).json<Answer>();
    expect(body).toMatchObject({ scanned: 4, matched: 1, precision: 1 });
    // Stored as a real: a float's seven digits.
    expect(body.recall).toBeCloseTo(1 / 3, 6);
    expect(
      body.disagreements
        .filter((d) => d.kind === 'missed')
        .map((d) => d.heading)
        .sort(),
    ).toEqual(['No account', 'Unverified']);

    const signal = await makeRule([{ field: 'signal', op: 'has', value: 'risky_phrase' }]);
    expect((await start(signal)).json<Answer>()).toMatchObject({ matched: 1, precision: 1, recall: 1 });
  });

  it('asks only for the advertiser facts the rule reads; the others read as constants', async () => {
    const seller = await makeUser(t.database.db, { isVerified: true });
    await decided('approved', 'Approved once', { userId: seller.id, risk: 5 });
    const now = new Date();
    const all = (await advertiserFacts(t.database.db, [seller.id], now)).get(seller.id);
    expect(all).toMatchObject({ verified: true, approvedAds: 1 });
    const read = factsRead([
      { field: 'advertiser.approvedAds', op: 'gt', value: 0 },
      { field: 'text', op: 'contains', value: 'x' },
    ]);
    expect([...read]).toEqual(['approvedAds']);
    expect((await advertiserFacts(t.database.db, [seller.id], now, read)).get(seller.id)).toEqual({
      verified: false,
      accountAgeDays: 0,
      activeStrikes: 0,
      approvedAds: 1,
    });
    expect(factsRead(FEE).size).toBe(0);
  });

  it('runs one backtest per rule at a time: a second start is a 409 until the first ends', async () => {
    await seedFees();
    const ruleId = await makeRule(FEE);
    const other = await makeRule(FEE);
    const held = holdBacktests(t.app.ruleBacktests);
    const first = await start(ruleId);
    expect(first.statusCode).toBe(202);
    expect(first.json<Answer>()).toMatchObject({ state: 'running', finishedAt: null });
    await held.reached;

    const second = await start(ruleId);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ success: false, message: ruleMessages.backtestRunning });
    // Another rule is not held up (its own backtest, held in turn, answers 202).
    expect((await start(other)).statusCode).toBe(202);

    held.release();
    const id = first.json<Answer>()._id;
    await t.app.ruleBacktests.finished(id);
    expect((await read(ruleId, id)).json<Answer>()).toMatchObject({ state: 'done', scanned: 10, matched: 5 });
    t.app.ruleBacktests.betweenBatches = undefined;
    t.app.ruleBacktests.answerWithinMs = 60_000;
    expect((await start(ruleId)).statusCode).toBe(200);
  });

  it('Cancel stops a running backtest between two batches and keeps the figures so far', async () => {
    await seedFees();
    const ruleId = await makeRule(FEE);
    const held = holdBacktests(t.app.ruleBacktests);
    const started = (await start(ruleId)).json<Answer>();
    const { scanned } = await held.reached;
    expect(scanned).toBe(2);

    const res = await cancel(ruleId, started._id);
    expect(res.statusCode).toBe(200);
    expect(res.json<Answer>()).toMatchObject({ state: 'cancelled', scanned: 2 });
    held.release();
    await t.app.ruleBacktests.finished(started._id);

    const after = (await read(ruleId, started._id)).json<Answer>();
    expect(after).toMatchObject({ state: 'cancelled', scanned: 2, matched: 0 });
    expect(after.finishedAt).not.toBeNull();
    expect(held.batches()).toBe(1);
    // A finished backtest stays as it is; another can start now.
    expect((await cancel(ruleId, started._id)).json<Answer>()).toMatchObject({ state: 'cancelled', scanned: 2 });
    expect((await start(ruleId)).statusCode).toBe(202);
  });

  it('a server shutdown stops a running backtest (recorded as cancelled)', async () => {
    await seedFees();
    const ruleId = await makeRule(FEE);
    const held = holdBacktests(t.app.ruleBacktests);
    const started = (await start(ruleId)).json<Answer>();
    await held.reached;
    // Never released: the shutdown does not wait for the hook.
    await t.app.close();
    closed = true;
    const [row] = await t.database.db.select().from(ruleBacktests).where(eq(ruleBacktests.id, started._id));
    expect(row).toMatchObject({ state: 'cancelled', scanned: 2 });
    expect(row!.finishedAt).not.toBeNull();
    await t.database.close();
    fs.rmSync(t.dataDir, { recursive: true, force: true });
  });

  it('answers 404 for an unknown rule or backtest, 400 for a bad limit or id, and starts nothing then', async () => {
    const ruleId = await makeRule(FEE);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await start(unknown);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: ruleMessages.notFound });
    expect((await read(unknown, unknown)).json()).toMatchObject({ message: ruleMessages.notFound });
    const noBacktest = await read(ruleId, unknown);
    expect(noBacktest.statusCode).toBe(404);
    expect(noBacktest.json()).toMatchObject({ message: ruleMessages.backtestNotFound });
    expect((await cancel(ruleId, unknown)).statusCode).toBe(404);
    expect((await read(ruleId, 'not-an-id')).statusCode).toBe(400);

    for (const limit of [0, -5, 1.5, MAX_BACKTEST_LIMIT + 1, 'many']) {
      const res = await start(ruleId, { limit });
      expect(res.statusCode, String(limit)).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
      expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors)).toEqual(['limit']);
    }
    const rows = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from rule_backtests`));
    expect(rows[0]!.n).toBe(0);

    // No body: the default limit.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/moderation-rules/${ruleId}/backtest`,
      headers: { cookie, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Answer>()).toMatchObject({ limit: 10_000, scanned: 0, state: 'done' });
  });
});
