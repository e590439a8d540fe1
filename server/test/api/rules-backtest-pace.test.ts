import { afterEach, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Backtest, RuleCondition } from '@backoffice/contract';
import { moderationRules, ruleBacktests } from '../../src/db/schema';
import { holdBacktests } from '../support/backtest-hold';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

/**
 * A backtest's pace and heartbeat (docs/decisions/0030-moderation-rules.md): it rests between two
 * batches as long as a batch took (the ads list gets the machine meanwhile), Cancel does not wait
 * for a rest, and a heartbeat written with each batch tells a live backtest from one whose server
 * died. The batch's time is a stepping counter and the rest a recorder: no test waits for time.
 */

type Answer = Backtest & { success: true };

let t: TestApp;
let cookie: string;

beforeEach(async () => {
  t = await buildTestApp();
  const admin = await makeAdmin(t.database.db);
  cookie = await signIn(t.app, admin.email);
  t.app.ruleBacktests.answerWithinMs = 60_000;
});

afterEach(async () => {
  await t.close();
});

const FEE: RuleCondition[] = [{ field: 'text', op: 'contains', value: 'fee' }];

async function makeRule() {
  const [row] = await t.database.db
    .insert(moderationRules)
    .values({ name: `Rule ${Math.random()}`, sortOrder: 0, conditions: FEE, action: { type: 'flag', label: 'Fee' } })
    .returning();
  return row!.id;
}

async function seed(n: number) {
  for (let i = 0; i < n; i++)
    await makeAd(t.database.db, {
      status: i % 2 ? 'approved' : 'rejected',
      heading: i % 3 ? `Job ${i}` : `Job ${i}, registration fee`,
      moderatedAt: new Date(Date.UTC(2026, 9, 1) + i * 60_000),
    });
}

const start = (ruleId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/moderation-rules/${ruleId}/backtest`,
    headers: { cookie, origin: ORIGIN },
    payload: { limit: 1000 },
  });
const read = (ruleId: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/moderation-rules/${ruleId}/backtests/${id}`, headers: { cookie } });
const cancel = (ruleId: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/moderation-rules/${ruleId}/backtests/${id}/cancel`,
    headers: { cookie, origin: ORIGIN },
  });

describeApi('a backtest’s pace and heartbeat', () => {
  it('rests after each batch the rest ratio times as long as the batch took (3 by default), not after the last', async () => {
    await seed(10);
    const ruleId = await makeRule();
    const runner = t.app.ruleBacktests;
    runner.batchSize = 3;
    let ms = 0;
    // Every reading of the time is 10 ms later: each batch takes 10 ms.
    runner.now = () => (ms += 10);
    const rests: number[] = [];
    runner.rest = async (restMs) => void rests.push(restMs);
    const res = await start(ruleId);
    expect(res.json<Answer>()).toMatchObject({ state: 'done', scanned: 10 });
    // Batches of 3, 3, 3 and 1: a rest after each but the last, three times the batch by default.
    expect(rests).toEqual([30, 30, 30]);

    runner.restRatio = 2;
    rests.length = 0;
    expect((await start(ruleId)).json<Answer>()).toMatchObject({ state: 'done', scanned: 10 });
    expect(rests).toEqual([20, 20, 20]);

    runner.restRatio = 0;
    rests.length = 0;
    expect((await start(ruleId)).json<Answer>()).toMatchObject({ state: 'done', scanned: 10 });
    expect(rests).toEqual([]);
  });

  it('Cancel does not wait for a rest (the shutdown stops a run by the same signal)', async () => {
    await seed(6);
    const ruleId = await makeRule();
    const runner = t.app.ruleBacktests;
    runner.batchSize = 2;
    runner.answerWithinMs = 0;
    let resting!: () => void;
    const rested = new Promise<void>((r) => (resting = r));
    // A rest that never ends by itself.
    runner.rest = () => (resting(), new Promise<void>(() => {}));
    const started = (await start(ruleId)).json<Answer>();
    await rested;
    expect((await cancel(ruleId, started._id)).json<Answer>()).toMatchObject({ state: 'cancelled', scanned: 2 });
    await runner.finished(started._id);
    expect((await read(ruleId, started._id)).json<Answer>()).toMatchObject({ state: 'cancelled', scanned: 2 });
  });

  it('writes its heartbeat with each batch; its own server never takes it for dead while it runs', async () => {
    await seed(6);
    const ruleId = await makeRule();
    const held = holdBacktests(t.app.ruleBacktests);
    const started = (await start(ruleId)).json<Answer>();
    await held.reached;
    const [row] = await t.database.db.select().from(ruleBacktests).where(eq(ruleBacktests.id, started._id));
    expect(row!.heartbeatAt?.getTime()).toBe(t.clock().getTime());

    // Held longer than the limit: this process knows it is alive.
    t.clock.advance(10 * 60_000);
    expect((await read(ruleId, started._id)).json<Answer>()).toMatchObject({ state: 'running' });
    expect((await start(ruleId)).statusCode).toBe(409);
    held.release();
    await t.app.ruleBacktests.finished(started._id);
    expect((await read(ruleId, started._id)).json<Answer>()).toMatchObject({ state: 'done', scanned: 6 });
  });

  it('a backtest whose heartbeat stopped (its server died) holds its rule for 2 minutes, then counts as failed', async () => {
    const ruleId = await makeRule();
    const now = t.clock().getTime();
    // Started long ago, heard of a minute ago: still alive.
    const [left] = await t.database.db
      .insert(ruleBacktests)
      .values({
        ruleId,
        version: 1,
        limit: 10,
        state: 'running',
        startedAt: new Date(now - 20 * 60_000),
        heartbeatAt: new Date(now - 60_000),
      })
      .returning();
    expect((await start(ruleId)).statusCode).toBe(409);
    expect((await read(ruleId, left!.id)).json<Answer>()).toMatchObject({ state: 'running' });
    t.clock.advance(61_000);
    expect((await read(ruleId, left!.id)).json<Answer>()).toMatchObject({ state: 'failed' });
    expect((await start(ruleId)).statusCode).toBe(200);

    // No heartbeat yet (cut off in its first batch): its start counts.
    const other = await makeRule();
    const startedAt = new Date(t.clock().getTime() - 90_000);
    const [first] = await t.database.db
      .insert(ruleBacktests)
      .values({ ruleId: other, version: 1, limit: 10, state: 'running', startedAt })
      .returning();
    expect((await read(other, first!.id)).json<Answer>()).toMatchObject({ state: 'running' });
    t.clock.advance(31_000);
    expect((await start(other)).statusCode).toBe(200);
    expect((await read(other, first!.id)).json<Answer>()).toMatchObject({ state: 'failed' });
  });
});
