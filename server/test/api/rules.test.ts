import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { MAX_RULE_CONDITIONS, MIN_APPROVE_SAMPLE_RATE, ruleMessages, type ModerationRule } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { moderationRules, moderationRuleVersions, rejectionReasons } from '../../src/db/schema';
import { adminClient } from '../support/ads-helpers';
import { databaseSnapshot } from '../support/db-snapshot';
import { makeAdmin, signIn } from '../support/factories';
import { ruleBody } from '../support/rule-bodies';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

const URL = '/api/moderation-rules';

describeApi('moderation rules API (docs/decisions/0030-moderation-rules.md)', () => {
  let t: TestApp;
  let send: ReturnType<typeof adminClient>['send'];
  let adminName = '';
  let reasonId = '';
  let cookie = '';

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db, { name: 'Nimal Silva' });
    adminName = admin.name!;
    cookie = await signIn(t.app, admin.email);
    send = adminClient(t.app, cookie).send;
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

  const create = async (body: Record<string, unknown> = ruleBody()): Promise<ModerationRule> => {
    const res = await send('POST', URL, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().rule;
  };
  const list = async (): Promise<ModerationRule[]> => (await send('GET', URL)).json().rules;
  const versions = (id: string) =>
    t.database.db
      .select()
      .from(moderationRuleVersions)
      .where(eq(moderationRuleVersions.ruleId, id))
      .orderBy(asc(moderationRuleVersions.version));
  const auditOf = async (id: string) =>
    rowsOf<{ action: string; entity: string; entity_label: string; actor_name: string; details: unknown }>(
      await t.database.db.execute(
        sql`select action, entity, entity_label, actor_name, details from audit_events where entity_id = ${id}::uuid order by id`,
      ),
    );

  it('is for signed-in administrators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('creates version 1 after the last rule unless an order is given, and lists every rule in run order', async () => {
    const a = await create(
      ruleBody({ name: 'Fee ask', conditions: [{ field: 'text', op: 'matches', value: 'fee\\s+first' }] }),
    );
    expect(a).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Fee ask',
      mode: 'draft',
      order: 0,
      conditions: [{ field: 'text', op: 'matches', value: 'fee\\s+first' }],
      action: { type: 'flag', label: 'Check fee' },
      version: 1,
      updatedAt: t.clock().toISOString(),
      updatedBy: adminName,
      figures: { fired: 0, overturned: 0, firstFiredAt: null, lastFiredAt: null },
      latestBacktest: null,
    });
    const b = await create(ruleBody({ order: 10 }));
    const c = await create(ruleBody());
    const d = await create(ruleBody({ order: 5, mode: 'shadow' }));
    expect([b.order, c.order, d.order, d.mode]).toEqual([10, 11, 5, 'shadow']);
    expect((await list()).map((r) => r._id)).toEqual([a._id, d._id, b._id, c._id]);
    expect((await send('GET', `${URL}/${c._id}`)).json()).toEqual({ success: true, rule: c });
    expect(await versions(a._id)).toEqual([
      expect.objectContaining({
        version: 1,
        name: 'Fee ask',
        mode: 'draft',
        conditions: a.conditions,
        action: a.action,
      }),
    ]);
  });

  it('keeps only the fields an action uses, and samples an approval at least at the minimum rate', async () => {
    const flag = await create(ruleBody({ action: { type: 'flag', label: ' Fee ', reasonId, sampleRate: 0.5 } }));
    expect(flag.action).toEqual({ type: 'flag', label: 'Fee' });
    const approve = await create(ruleBody({ action: { type: 'approve' } }));
    expect(approve.action).toEqual({ type: 'approve', sampleRate: MIN_APPROVE_SAMPLE_RATE });
    const reject = await create(ruleBody({ action: { type: 'reject', reasonId, queue: 'x' } }));
    expect(reject.action).toEqual({ type: 'reject', reasonId });
    const route = await create(ruleBody({ action: { type: 'route', queue: 'Senior review' } }));
    expect(route.action).toEqual({ type: 'route', queue: 'Senior review' });
  });

  it('saves every update as the next version, refuses a stale version with 409, and keeps versions after delete', async () => {
    const rule = await create(ruleBody({ name: 'Fee ask' }));
    const v2Body = ruleBody({
      name: 'Fee ask',
      mode: 'shadow',
      conditions: [{ field: 'risk', op: 'gt', value: 60 }],
      version: 1,
    });
    t.clock.advance(60_000);
    const v2 = await send('PUT', `${URL}/${rule._id}`, v2Body);
    expect(v2.statusCode, v2.body).toBe(200);
    expect(v2.json().rule).toMatchObject({ version: 2, mode: 'shadow', order: 0, updatedAt: t.clock().toISOString() });

    const before = await databaseSnapshot(t.database.db);
    const stale = await send('PUT', `${URL}/${rule._id}`, { ...v2Body, name: 'Other', version: 1 });
    expect([stale.statusCode, stale.json()]).toEqual([409, { success: false, message: ruleMessages.versionConflict }]);
    const missing = await send('PUT', `${URL}/${rule._id}`, { ...v2Body, version: undefined });
    expect([missing.statusCode, missing.json().message]).toEqual([400, ruleMessages.versionRequired]);
    expect(await databaseSnapshot(t.database.db)).toEqual(before);

    // A save without a mode keeps the rule's; an order past the end is the last place (the only rule: 0).
    const v3Body = { ...v2Body, mode: undefined, order: 7, version: 2 };
    expect((await send('PUT', `${URL}/${rule._id}`, v3Body)).json().rule).toMatchObject({
      version: 3,
      order: 0,
      mode: 'shadow',
    });
    expect((await versions(rule._id)).map((v) => [v.version, v.mode, v.conditions])).toEqual([
      [1, 'draft', [{ field: 'category', op: 'eq', value: 'Jobs' }]],
      [2, 'shadow', [{ field: 'risk', op: 'gt', value: 60 }]],
      [3, 'shadow', [{ field: 'risk', op: 'gt', value: 60 }]],
    ]);

    expect((await send('DELETE', `${URL}/${rule._id}`)).json()).toEqual({ success: true });
    expect(await list()).toEqual([]);
    expect(await versions(rule._id)).toHaveLength(3);
    for (const res of [
      await send('GET', `${URL}/${rule._id}`),
      await send('PUT', `${URL}/${rule._id}`, { ...v2Body, version: 3 }),
      await send('DELETE', `${URL}/${rule._id}`),
    ])
      expect([res.statusCode, res.json().message]).toEqual([404, ruleMessages.notFound]);
  });

  it('refuses a name another rule has, whatever its case, with 409', async () => {
    const fee = await create(ruleBody({ name: 'Fee ask' }));
    const other = await create(ruleBody({ name: 'Other' }));
    const taken = { success: false, message: ruleMessages.nameTaken, errors: { name: ruleMessages.nameTaken } };
    const dup = await send('POST', URL, ruleBody({ name: 'FEE ASK' }));
    expect([dup.statusCode, dup.json()]).toEqual([409, taken]);
    const rename = await send('PUT', `${URL}/${other._id}`, ruleBody({ name: ' fee ask ', version: 1 }));
    expect([rename.statusCode, rename.json()]).toEqual([409, taken]);
    const own = await send('PUT', `${URL}/${fee._id}`, ruleBody({ name: 'FEE ASK', version: 1 }));
    expect([own.statusCode, own.json().rule.name]).toEqual([200, 'FEE ASK']);
  });

  const cond = (field: string, op: string, value?: unknown) => ({ field, op, value });
  const ok = cond('category', 'eq', 'Jobs');
  const badBodies: [string, Record<string, unknown>, string | null][] = [
    ['an unknown field', { conditions: [ok, cond('colour', 'eq', 'red')] }, 'Condition 2: unknown field "colour"'],
    [
      'a field/op mismatch',
      { conditions: [cond('price', 'contains', 'x')] },
      'Condition 1: "contains" does not apply to price',
    ],
    ['an unknown operator', { conditions: [cond('text', 'like', 'x')] }, 'Condition 1: "like" does not apply to text'],
    ['text for a number', { conditions: [cond('risk', 'gt', 'high')] }, 'Condition 1: the value must be a number'],
    ['a number for text', { conditions: [cond('district', 'eq', 5)] }, 'Condition 1: the value must be text'],
    ['an unknown signal', { conditions: [cond('signal', 'has', 'aliens')] }, 'Condition 1: unknown signal'],
    ['an empty list', { conditions: [cond('category', 'in', [])] }, 'Condition 1: in takes a list of values'],
    [
      'an unsafe pattern',
      { conditions: [ok, cond('text', 'matches', '(a+)+$')] },
      `Condition 2: ${ruleMessages.patternUnsafe}`,
    ],
    [
      'an invalid pattern',
      { conditions: [cond('text', 'matches', '(')] },
      `Condition 1: ${ruleMessages.patternInvalid}`,
    ],
    ['no conditions', { conditions: [] }, ruleMessages.conditionsRequired],
    ['too many conditions', { conditions: Array(MAX_RULE_CONDITIONS + 1).fill(ok) }, ruleMessages.tooManyConditions],
    ['a blank name', { name: '  ' }, ruleMessages.nameRequired],
    ['no name', { name: undefined }, ruleMessages.nameRequired],
    ['a long name', { name: 'x'.repeat(101) }, ruleMessages.nameTooLong],
    ['an unknown mode', { mode: 'on' }, ruleMessages.modeInvalid],
    ['an unknown action', { action: { type: 'delete' } }, ruleMessages.actionInvalid],
    ['a flag without label', { action: { type: 'flag', label: ' ' } }, ruleMessages.labelRequired],
    ['a route without queue', { action: { type: 'route' } }, ruleMessages.queueRequired],
    ['a rejection without reason', { action: { type: 'reject' } }, ruleMessages.reasonRequired],
    ['an unknown reason', { action: { type: 'reject', reasonId: randomUUID() } }, ruleMessages.reasonUnknown],
    ['a reason that is no id', { action: { type: 'reject', reasonId: 'fee' } }, ruleMessages.reasonUnknown],
    ['a low sample rate', { action: { type: 'approve', sampleRate: 0.01 } }, ruleMessages.sampleRateInvalid],
    ['a negative order', { order: -1 }, null],
    ['an object as value', { conditions: [cond('price', 'eq', { gt: 1 })] }, null],
    ['a null condition', { conditions: [null] }, null],
    ['no action', { action: undefined }, null],
    ['a control character', { name: 'Fee\u0000ask' }, null],
  ];

  it.each(badBodies)(
    'refuses %s with 400 naming it, on create and on update, changing nothing',
    async (_, bad, message) => {
      const rule = await create(ruleBody({ name: 'Kept' }));
      const before = await databaseSnapshot(t.database.db);
      for (const res of [
        await send('POST', URL, ruleBody(bad)),
        await send('PUT', `${URL}/${rule._id}`, ruleBody({ ...bad, version: 1 })),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().success).toBe(false);
        if (message) expect(res.json().message).toBe(message);
      }
      expect(await databaseSnapshot(t.database.db)).toEqual(before);
    },
  );

  it('refuses a body that is not a rule at all with 400', async () => {
    for (const payload of ['"rule"', '[]', '{"name":', '{}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: URL,
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        payload,
      });
      expect([payload, res.statusCode]).toEqual([payload, 400]);
    }
    expect(await list()).toEqual([]);
  });

  it('records each create, update and delete in the audit trail, naming the fields an update changed', async () => {
    const rule = await create(ruleBody({ name: 'Fee ask' }));
    // Another rule after it, so that a move changes its order.
    await create(ruleBody({ name: 'Next' }));
    await send('PUT', `${URL}/${rule._id}`, ruleBody({ name: 'Fee asked', mode: 'shadow', version: 1 }));
    await send('PUT', `${URL}/${rule._id}`, ruleBody({ name: 'Fee asked', mode: 'shadow', order: 3, version: 2 }));
    // The activity log links a rule's entries while the rule exists.
    const activity = async () =>
      ((await send('GET', '/api/activity?entity=rule')).json().events as { entityId: string; exists: boolean }[])
        .filter((e) => e.entityId === rule._id)
        .map((e) => e.exists);
    expect(await activity()).toEqual([true, true, true]);
    await send('DELETE', `${URL}/${rule._id}`);
    expect(await activity()).toEqual([false, false, false, false]);
    const entry = { entity: 'rule', actor_name: adminName };
    expect(await auditOf(rule._id)).toEqual([
      { ...entry, action: 'created', entity_label: 'Fee ask', details: null },
      {
        ...entry,
        action: 'updated',
        entity_label: 'Fee asked',
        details: { fields: ['name', 'mode'], from: 'draft', to: 'shadow' },
      },
      { ...entry, action: 'updated', entity_label: 'Fee asked', details: { fields: ['order'] } },
      { ...entry, action: 'deleted', entity_label: 'Fee asked', details: null },
    ]);
  });
});
