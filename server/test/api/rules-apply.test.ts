import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AdListResponse, RuleAction } from '@backoffice/contract';
import { contains, RULE_REASON, rulesTestApp } from '../support/rules-apply-helpers';
import { describeApi } from '../support/test-app';

/**
 * The live run of moderation rules (docs/decisions/0030-moderation-rules.md): right after a new
 * ad's signals, in order; shadow rules only record; live ones flag, route, prioritise or decide
 * the ad, each action an audit entry by "Rule: NAME" with the version. Decisions beside a
 * moderator's, claims and the list: rules-apply-decisions.test.ts.
 */
describeApi('moderation rules on new ads', () => {
  let c: Awaited<ReturnType<typeof rulesTestApp>>;
  beforeAll(async () => {
    c = await rulesTestApp();
  });
  afterAll(() => c?.t.close());
  afterEach(() => c.clearRules());

  it('live flag, route and prioritise mark the ad, each with an entry by "Rule: NAME" naming its version', async () => {
    const flag = await c.addRule({
      name: 'Fee jobs',
      order: 0,
      conditions: contains('joining fee'),
      action: { type: 'flag', label: 'Fee' },
    });
    const route = await c.addRule({
      name: 'Seniors',
      order: 1,
      conditions: contains('joining fee'),
      action: { type: 'route', queue: 'Senior review' },
    });
    const first = await c.addRule({
      name: 'Urgent',
      order: 2,
      conditions: contains('joining fee'),
      action: { type: 'prioritise' },
    });
    const ad = await c.newAd({ details: 'Pay the joining fee first.' });
    const other = await c.newAd({ details: 'Nothing to see.' });

    expect(await c.adRow(ad.id)).toMatchObject({
      status: 'pending',
      rule_labels: ['Fee'],
      rule_queue: 'Senior review',
      rule_priority: 1,
    });
    expect(await c.adRow(other.id)).toMatchObject({ rule_labels: [], rule_queue: null, rule_priority: 0 });
    expect(await c.entries(other.id)).toEqual([]);
    const rule = (id: string, name: string, action: string, extra = {}) => ({
      action: 'rule_matched',
      actor_id: null,
      actor_name: `Rule: ${name}`,
      details: { rule: { _id: id, name, version: 1, mode: 'live', action, ...extra } },
    });
    expect(await c.entries(ad.id)).toMatchObject([
      rule(flag, 'Fee jobs', 'flag', { label: 'Fee' }),
      rule(route, 'Seniors', 'route', { queue: 'Senior review' }),
      rule(first, 'Urgent', 'prioritise'),
    ]);
    // The list carries them; the history names the rule as the actor.
    const list = (await c.api.list({ q: 'joining fee' })).json<AdListResponse>();
    expect(list.advertisements[0]).toMatchObject({
      _id: ad.id,
      ruleLabels: ['Fee'],
      ruleQueue: 'Senior review',
      prioritised: true,
    });
    const history = (await c.api.send('GET', `/api/advertisements/${ad.id}/history`)).json();
    expect(history.events.map((e: { actor: { name: string } | null }) => e.actor?.name)).toContain('Rule: Seniors');
  });
  it('a shadow rule records what it would have done and changes nothing else', async () => {
    const actions: RuleAction[] = [
      { type: 'flag', label: 'Shadowed' },
      { type: 'route', queue: 'Shadow queue' },
      { type: 'prioritise' },
      { type: 'reject', reasonId: c.reasonId },
      { type: 'approve', sampleRate: 1 },
    ];
    for (const [i, action] of actions.entries())
      await c.addRule({ name: `Shadow ${i}`, mode: 'shadow', order: i, conditions: contains('shadowy'), action });
    // A draft never runs.
    await c.addRule({
      name: 'Draft',
      mode: 'draft',
      conditions: contains('shadowy'),
      action: { type: 'reject', reasonId: c.reasonId },
    });
    const ad = await c.newAd({ details: 'A shadowy offer.' });

    expect(await c.adRow(ad.id)).toMatchObject({
      status: 'pending',
      moderated_by: null,
      rule_labels: [],
      rule_queue: null,
      rule_priority: 0,
    });
    const written = await c.entries(ad.id);
    expect(written.map((e) => [e.action, e.actor_name, e.details?.rule?.mode, e.details?.rule?.action])).toEqual(
      actions.map((a, i) => ['rule_matched', `Rule: Shadow ${i}`, 'shadow', a.type]),
    );
    expect(await c.messages(ad.id)).toEqual([]);
    expect(await c.reviews(ad.id)).toEqual([]);
  });
  it('runs in order; the first deciding live rule decides the ad and ends its run', async () => {
    await c.addRule({
      name: 'Flag first',
      order: 0,
      conditions: contains('lottery'),
      action: { type: 'flag', label: 'A' },
    });
    await c.addRule({
      name: 'Would approve',
      mode: 'shadow',
      order: 1,
      conditions: contains('lottery'),
      action: { type: 'approve' },
    });
    // A rule that does not match is passed over.
    await c.addRule({ name: 'Not this', order: 2, conditions: contains('tractor'), action: { type: 'approve' } });
    await c.addRule({
      name: 'Reject lottery',
      order: 3,
      conditions: contains('lottery'),
      action: { type: 'reject', reasonId: c.reasonId },
    });
    await c.addRule({
      name: 'Flag after',
      order: 4,
      conditions: contains('lottery'),
      action: { type: 'flag', label: 'B' },
    });
    await c.addRule({ name: 'Approve after', order: 5, conditions: contains('lottery'), action: { type: 'approve' } });
    const ad = await c.newAd({ details: 'Win the lottery.' });

    expect(await c.adRow(ad.id)).toMatchObject({
      status: 'rejected',
      rejection_reason: RULE_REASON,
      rule_labels: ['A'],
    });
    expect((await c.entries(ad.id)).map((e) => [e.action, e.actor_name])).toEqual([
      ['rule_matched', 'Rule: Flag first'],
      ['rule_matched', 'Rule: Would approve'],
      ['rejected', 'Rule: Reject lottery'],
    ]);
  });
  it('judges each ad by the version current when its rules ran', async () => {
    const id = await c.addRule({
      name: 'Edited',
      conditions: contains('bicycle'),
      action: { type: 'flag', label: 'Old' },
    });
    const before = await c.newAd({ details: 'A bicycle.' });
    await c.db
      .execute(sql`update moderation_rules set action = ${JSON.stringify({ type: 'flag', label: 'New' })}::jsonb,
      version = version + 1 where id = ${id}::uuid`);
    const after = await c.newAd({ details: 'Another bicycle.' });

    expect((await c.adRow(before.id)).rule_labels).toEqual(['Old']);
    expect((await c.adRow(after.id)).rule_labels).toEqual(['New']);
    expect((await c.entries(before.id))[0]!.details!.rule).toMatchObject({ version: 1, label: 'Old' });
    expect((await c.entries(after.id))[0]!.details!.rule).toMatchObject({ version: 2, label: 'New' });
  });

  it("a rule run that fails leaves the ad's signals written and the ad as it was", async () => {
    // A pattern the API refuses, written straight into the table: compiling it throws.
    await c.addRule({
      name: 'Broken',
      conditions: [{ field: 'text', op: 'matches', value: '(' }],
      action: { type: 'flag', label: 'Never' },
    });
    await c.addRule({
      name: 'Kettles',
      order: 1,
      conditions: contains('kettle'),
      action: { type: 'flag', label: 'K' },
    });
    const ad = await c.newAd({ details: 'A kettle.' }); // resolves once its signals are written
    expect(await c.adRow(ad.id)).toMatchObject({ status: 'pending', rule_labels: [] });
    expect(await c.entries(ad.id)).toEqual([]);
  });
});
