import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { queueMessages, type ModerationRule } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { moderationRules } from '../../src/db/schema';
import { adminClient } from '../support/ads-helpers';
import { makeAdmin, signIn } from '../support/factories';
import { ruleBody } from '../support/rule-bodies';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * A rule's place in the run order, moved by PUT with `order` (the Rules screen's Move up / Move
 * down), and a route's queue, which must be one of the directory's queues
 * (docs/decisions/0030-moderation-rules.md).
 */

const URL = '/api/moderation-rules';

describeApi('moderation rules: run order and route queues', () => {
  let t: TestApp;
  let send: ReturnType<typeof adminClient>['send'];

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await makeAdmin(t.database.db);
    send = adminClient(t.app, await signIn(t.app, admin.email)).send;
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
  const runOrder = async () =>
    ((await send('GET', URL)).json().rules as ModerationRule[]).map((r) => [r.name, r.order]);
  const move = (rule: ModerationRule, order: number) =>
    send('PUT', `${URL}/${rule._id}`, {
      name: rule.name,
      mode: rule.mode,
      conditions: rule.conditions,
      action: rule.action,
      version: rule.version,
      order,
    });

  it('moves a rule to another place in the run order and numbers every rule without gaps', async () => {
    const [a, b, c, d] = [await create(ruleBody({ name: 'A' })), await create(ruleBody({ name: 'B' }))].concat([
      await create(ruleBody({ name: 'C' })),
      await create(ruleBody({ name: 'D' })),
    ]);
    // A deleted rule leaves a gap (orders 0, 1, 3).
    await send('DELETE', `${URL}/${c!._id}`);
    expect(await runOrder()).toEqual([
      ['A', 0],
      ['B', 1],
      ['D', 3],
    ]);

    // D up one place: before B.
    const up = await move(d!, 1);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().rule).toMatchObject({ order: 1, version: 2 });
    expect(await runOrder()).toEqual([
      ['A', 0],
      ['D', 1],
      ['B', 2],
    ]);

    // A down one place; a place past the end is the last.
    expect((await move(a!, 1)).statusCode).toBe(200);
    expect(await runOrder()).toEqual([
      ['D', 0],
      ['A', 1],
      ['B', 2],
    ]);
    const last = await move({ ...b!, version: 1 }, 99);
    expect(last.json().rule).toMatchObject({ order: 2 });
    expect(await runOrder()).toEqual([
      ['D', 0],
      ['A', 1],
      ['B', 2],
    ]);

    // The move is the rule's audit entry: its order changed.
    const [entry] = rowsOf<{ details: { fields: string[] } }>(
      await t.database.db.execute(
        sql`select details from audit_events where entity_id = ${d!._id}::uuid and action = 'updated'`,
      ),
    );
    expect(entry!.details.fields).toEqual(['order']);
  });

  it('saves a route only to a queue of the directory (in any case), else a 400 on action.queue', async () => {
    const unknown = await send('POST', URL, ruleBody({ action: { type: 'route', queue: 'Nowhere' } }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      success: false,
      message: queueMessages.notFound,
      errors: { 'action.queue': queueMessages.notFound },
    });
    expect(await runOrder()).toEqual([]);

    // 'Senior review' is the queue every database starts with (migration 0025).
    const rule = await create(ruleBody({ action: { type: 'route', queue: 'senior REVIEW' } }));
    const edited = await send('PUT', `${URL}/${rule._id}`, {
      ...ruleBody({ name: rule.name, action: { type: 'route', queue: 'Gone' } }),
      version: 1,
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors).toEqual({ 'action.queue': queueMessages.notFound });
    expect((await send('GET', `${URL}/${rule._id}`)).json().rule).toMatchObject({ version: 1 });

    // The queue cannot go while the rule routes to it.
    const refused = await send('DELETE', `/api/moderation-queues/${encodeURIComponent('Senior review')}`);
    expect(refused.statusCode).toBe(409);
  });
});
