import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { MIN_BACKTEST_DECIDED, ruleMessages, type AuditDetails, type ModerationRule } from '@backoffice/contract';
import { recordAudit } from '../../src/domain/audit-writer';
import { moderationRules, rejectionReasons } from '../../src/db/schema';
import { adminClient } from '../support/ads-helpers';
import { databaseSnapshot } from '../support/db-snapshot';
import { makeAd, makeAdmin, signIn } from '../support/factories';
import { insertBacktest, ruleBody } from '../support/rule-bodies';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

const URL = '/api/moderation-rules';
const at = (iso: string) => new Date(iso);

describeApi('moderation rules: the live guard and the figures (docs/decisions/0030-moderation-rules.md)', () => {
  let t: TestApp;
  let send: ReturnType<typeof adminClient>['send'];
  let adminId = '';
  let reasonId = '';

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    adminId = admin.id;
    send = adminClient(t.app, await signIn(t.app, admin.email)).send;
    const [reason] = await t.database.db
      .insert(rejectionReasons)
      .values({ title: 'Advance fee', text: 'Asks for a fee first.' })
      .returning();
    reasonId = reason!.id;
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(moderationRules);
  });

  const create = async (body: Record<string, unknown>): Promise<ModerationRule> => {
    const res = await send('POST', URL, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().rule;
  };
  const put = (rule: { _id: string }, body: Record<string, unknown>) => send('PUT', `${URL}/${rule._id}`, body);
  const feeFirst = [{ field: 'text', op: 'contains', value: 'pay the fee first' }];
  const rejectBody = (overrides: Record<string, unknown> = {}) =>
    ruleBody({ name: 'Fee first', conditions: feeFirst, action: { type: 'reject', reasonId }, ...overrides });

  /** A refusal of the guard: 409 naming the mode, and nothing written. */
  async function expectRefused(call: () => ReturnType<typeof send>, message: string) {
    const before = await databaseSnapshot(t.database.db);
    const res = await call();
    expect([res.statusCode, res.json()]).toEqual([409, { success: false, message, errors: { mode: message } }]);
    expect(await databaseSnapshot(t.database.db)).toEqual(before);
  }

  it('refuses a deciding rule live without a finished backtest, with too few decisions, or too low a precision', async () => {
    await expectRefused(() => send('POST', URL, rejectBody({ mode: 'live' })), ruleMessages.liveNeedsBacktest(0));
    const rule = await create(rejectBody());
    const live = () => put(rule, rejectBody({ mode: 'live', version: 1 }));
    await expectRefused(live, ruleMessages.liveNeedsBacktest(0));

    await insertBacktest(t.database.db, rule._id, 1, {
      decided: 150,
      precision: 1,
      startedAt: at('2026-11-20T08:00:00Z'),
    });
    await expectRefused(live, ruleMessages.liveNeedsBacktest(150));
    expect(ruleMessages.liveNeedsBacktest(150)).toContain(`at least ${MIN_BACKTEST_DECIDED}`);

    await insertBacktest(t.database.db, rule._id, 1, {
      decided: 250,
      precision: 0.97,
      startedAt: at('2026-11-20T09:00:00Z'),
    });
    await expectRefused(live, ruleMessages.liveNeedsPrecision(0.97));
    expect(ruleMessages.liveNeedsPrecision(0.97)).toContain('0.970');

    // Only a finished backtest counts: a later one still running, cancelled or failed does not.
    for (const [state, hour] of [
      ['running', 10],
      ['cancelled', 11],
      ['failed', 12],
    ] as const)
      await insertBacktest(t.database.db, rule._id, 1, {
        decided: 500,
        precision: 1,
        state,
        startedAt: at(`2026-11-20T${hour}:00:00Z`),
      });
    await expectRefused(live, ruleMessages.liveNeedsPrecision(0.97));
    // The approving kind is guarded the same way; a rule that only flags goes live untested.
    await expectRefused(
      () => send('POST', URL, ruleBody({ mode: 'live', action: { type: 'approve', sampleRate: 0.1 } })),
      ruleMessages.liveNeedsBacktest(0),
    );
    expect((await send('POST', URL, ruleBody({ mode: 'live' }))).statusCode).toBe(201);
  });

  it('accepts a good backtest of the same conditions, and wants a new one once the conditions or action change', async () => {
    const rule = await create(rejectBody());
    await insertBacktest(t.database.db, rule._id, 1, {
      decided: 300,
      precision: 0.99,
      startedAt: at('2026-11-20T08:00:00Z'),
    });
    // Version 2 changes the conditions: version 1's backtest no longer speaks for it.
    const other = [
      { field: 'text', op: 'contains', value: 'pay a fee' },
      { field: 'risk', op: 'gt', value: 10 },
    ];
    expect((await put(rule, rejectBody({ conditions: other, version: 1 }))).statusCode).toBe(200);
    await expectRefused(
      () => put(rule, rejectBody({ conditions: other, mode: 'live', version: 2 })),
      ruleMessages.liveNeedsFreshBacktest,
    );

    await insertBacktest(t.database.db, rule._id, 2, {
      decided: 200,
      precision: 0.98,
      startedAt: at('2026-11-21T08:00:00Z'),
    });
    const live = await put(rule, rejectBody({ conditions: other, mode: 'live', version: 2 }));
    expect([live.statusCode, live.json().rule?.mode, live.json().rule?.version]).toEqual([200, 'live', 3]);
    expect(live.json().rule.latestBacktest).toMatchObject({ version: 2, decided: 200, state: 'done' });

    // A save that changes only the name, order or reason keeps version 2's backtest (conditions in any order).
    const [reason2] = await t.database.db
      .insert(rejectionReasons)
      .values({ title: 'Scam', text: 'A scam.' })
      .returning();
    const renamed = await put(
      rule,
      rejectBody({
        name: 'Fee asked',
        order: 4,
        conditions: [...other].reverse(),
        action: { type: 'reject', reasonId: reason2!.id },
        mode: 'live',
        version: 3,
      }),
    );
    expect([renamed.statusCode, renamed.json().rule?.version]).toEqual([200, 4]);
    const two = [...other, { field: 'price', op: 'has', value: true }];
    await expectRefused(
      () => put(rule, rejectBody({ conditions: two, mode: 'live', version: 4 })),
      ruleMessages.liveNeedsFreshBacktest,
    );
    // Another action type is another test, even over the same conditions.
    await expectRefused(
      () => put(rule, rejectBody({ conditions: other, action: { type: 'approve' }, mode: 'live', version: 4 })),
      ruleMessages.liveNeedsFreshBacktest,
    );
    // A live deciding rule can always be taken out of live.
    expect((await put(rule, rejectBody({ conditions: two, mode: 'shadow', version: 4 }))).json().rule.mode).toBe(
      'shadow',
    );
  });

  /** An entry a rule made on an ad, as the live run writes it. */
  const fired = (
    rule: ModerationRule,
    adId: string,
    when: string,
    action: 'rule_matched' | 'approved' | 'rejected' = 'rule_matched',
  ) =>
    recordAudit(t.database.db, {
      entity: 'ad',
      entityId: adId,
      entityLabel: 'An ad',
      action,
      actorId: null,
      at: at(when),
      details: {
        rule: {
          _id: rule._id,
          name: rule.name,
          version: rule.version,
          mode: action === 'rule_matched' ? 'shadow' : 'live',
          action: rule.action.type,
        },
      } satisfies AuditDetails,
    });
  const human = (adId: string, action: 'approved' | 'rejected', when: string) =>
    recordAudit(t.database.db, {
      entity: 'ad',
      entityId: adId,
      entityLabel: 'An ad',
      action,
      actorId: adminId,
      at: at(when),
    });

  it('counts each rule’s figures from the audit trail: fired, since when, and overturned by a later human decision', async () => {
    const flag = await create(ruleBody({ name: 'Flag fee', mode: 'shadow' }));
    const approve = await create(ruleBody({ name: 'Pass verified', action: { type: 'approve' } }));
    const quiet = await create(ruleBody({ name: 'Quiet' }));
    const ads = await Promise.all(Array.from({ length: 6 }, () => makeAd(t.database.db)));
    const [a1, a2, a3, a4, a5, a6] = ads.map((a) => a.id) as [string, string, string, string, string, string];

    // The flag singles ads out: a later approval overturns it, a later rejection agrees, an earlier approval is no answer.
    await fired(flag, a1, '2026-11-01T08:00:00Z');
    await human(a1, 'approved', '2026-11-01T09:00:00Z');
    await fired(flag, a2, '2026-11-02T08:00:00Z');
    await human(a2, 'rejected', '2026-11-02T09:00:00Z');
    await human(a3, 'approved', '2026-11-03T07:00:00Z');
    await fired(flag, a3, '2026-11-03T08:00:00Z');
    // Another rule's decision is not a human one.
    await recordAudit(t.database.db, {
      entity: 'ad',
      entityId: a2,
      entityLabel: 'An ad',
      action: 'approved',
      actorId: null,
      at: at('2026-11-04T08:00:00Z'),
    });

    // The approval: overturned by a second review's disagreement (a4); agreed with by a later approval (a5).
    await fired(approve, a4, '2026-11-05T08:00:00Z', 'approved');
    await t.database.db.execute(sql`insert into second_reviews (ad_id, ad_heading, decision, decided_by_name, rule_id,
        rule_version, decided_at, reviewer_id, reviewer_name, answer, answered_at)
      values (${a4}::uuid, 'An ad', 'approved', 'Rule: Pass verified', ${approve._id}::uuid, 1,
        '2026-11-05T08:00:00Z', ${adminId}::uuid, 'Admin', 'disagree', '2026-11-06T08:00:00Z')`);
    await fired(approve, a5, '2026-11-07T08:00:00Z', 'approved');
    await human(a5, 'approved', '2026-11-08T08:00:00Z');
    await fired(approve, a6, '2026-11-09T08:00:00Z', 'approved');
    await human(a6, 'rejected', '2026-11-10T08:00:00Z');

    const backtest = await insertBacktest(t.database.db, approve._id, 1, {
      decided: 10,
      precision: 0.5,
      state: 'running',
      startedAt: at('2026-11-11T08:00:00Z'),
    });
    await insertBacktest(t.database.db, approve._id, 1, {
      decided: 300,
      precision: 1,
      startedAt: at('2026-11-10T08:00:00Z'),
    });

    const rules = (await send('GET', URL)).json().rules as ModerationRule[];
    const byName = Object.fromEntries(rules.map((r) => [r.name, r]));
    expect(byName['Flag fee']!.figures).toEqual({
      fired: 3,
      overturned: 1,
      firstFiredAt: '2026-11-01T08:00:00.000Z',
      lastFiredAt: '2026-11-03T08:00:00.000Z',
    });
    expect(byName['Pass verified']!.figures).toEqual({
      fired: 3,
      overturned: 2,
      firstFiredAt: '2026-11-05T08:00:00.000Z',
      lastFiredAt: '2026-11-09T08:00:00.000Z',
    });
    expect(byName.Quiet!.figures).toEqual({ fired: 0, overturned: 0, firstFiredAt: null, lastFiredAt: null });
    // The latest backtest, whatever its state: the running one shows its progress.
    expect(byName['Pass verified']!.latestBacktest).toMatchObject({ _id: backtest.id, state: 'running', decided: 10 });
    expect(byName.Quiet!.latestBacktest).toBeNull();
    const one = (await send('GET', `${URL}/${approve._id}`)).json().rule as ModerationRule;
    expect(one).toEqual(byName['Pass verified']);
    expect(quiet._id).toBe(byName.Quiet!._id);
  });
});
