import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AdListResponse, RuleAction, RuleCondition, RuleMode } from '@backoffice/contract';
import { rowsOf, type Db } from '../../src/db/client';
import { analyseAds } from '../../src/modules/signals/signals-analysis';
import { adminClient } from '../support/ads-helpers';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { analysed } from '../support/signals-helpers';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

/**
 * The live run of moderation rules (docs/decisions/0030-moderation-rules.md): right after a new
 * ad's signals, in order; shadow rules only record; live ones flag, route, prioritise or decide
 * the ad as a moderator would, each action an audit entry by "Rule: NAME" with the version.
 */
describeApi('moderation rules on new ads', () => {
  let t: TestApp;
  let db: Db;
  let api: ReturnType<typeof adminClient>;
  let cookie: string;
  let reasonId: string;
  const REASON = 'Asking for a fee before a job is not allowed';

  beforeAll(async () => {
    // Draws of 0.5: a rule's approval at rate 1 is sampled, a moderator's (2 %) is not.
    t = await buildTestApp({ analyseAds: true, random: () => 0.5 });
    db = t.database.db;
    const admin = await makeAdmin(db, { name: 'Nimal Admin' });
    cookie = await signIn(t.app, admin.email);
    api = adminClient(t.app, cookie);
    reasonId = rowsOf<{ id: string }>(
      await db.execute(sql`insert into rejection_reasons (title, text) values ('Fee', ${REASON}) returning id`),
    )[0]!.id;
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    await db.execute(sql`delete from moderation_rules`);
  });

  type Rule = { name: string; mode?: RuleMode; order?: number; conditions: RuleCondition[]; action: RuleAction };
  const addRule = async (r: Rule) =>
    rowsOf<{ id: string }>(
      await db.execute(sql`insert into moderation_rules (name, mode, sort_order, conditions, action)
        values (${r.name}, ${r.mode ?? 'live'}, ${r.order ?? 0}, ${JSON.stringify(r.conditions)}::jsonb,
          ${JSON.stringify(r.action)}::jsonb) returning id`),
    )[0]!.id;
  const contains = (word: string): RuleCondition[] => [{ field: 'text', op: 'contains', value: word }];

  /** A new ad, analysed (and so judged by the rules) before this resolves. */
  const newAd = async (over: Parameters<typeof makeAd>[1] = {}) => {
    const ad = await makeAd(db, { userId: (await makeUser(db)).id, ...over });
    await analysed(t.app, db, [ad.id]);
    return ad;
  };
  const adRow = async (id: string) =>
    rowsOf<{
      status: string;
      rejection_reason: string | null;
      moderated_by: string | null;
      rule_labels: string[];
      rule_queue: string | null;
      rule_priority: number;
    }>(
      await db.execute(sql`select status, rejection_reason, moderated_by, rule_labels, rule_queue, rule_priority
        from advertisements where id = ${id}::uuid`),
    )[0]!;
  type Entry = {
    action: string;
    actor_id: string | null;
    actor_name: string | null;
    rejection_reason: string | null;
    details: { rule?: Record<string, unknown> } | null;
    entity_label: string;
    advertiser_id: string | null;
    submitted: boolean;
  };
  const entries = async (id: string) =>
    rowsOf<Entry>(
      await db.execute(sql`select action, actor_id, actor_name, rejection_reason, details, entity_label,
          advertiser_id, submitted_at is not null as submitted
        from audit_events where entity_id = ${id}::uuid and action <> 'submitted' order by at, id`),
    );
  const messages = async (id: string) =>
    rowsOf<Record<string, unknown>>(
      await db.execute(sql`select kind, channel, recipient, language, ad_heading, reason, user_id
        from advertiser_messages where ad_id = ${id}::uuid order by channel`),
    );
  const reviews = async (id: string) =>
    rowsOf<{
      decision: string;
      decided_by: string | null;
      decided_by_name: string;
      rule_id: string | null;
      rule_version: number | null;
    }>(
      await db.execute(sql`select decision, decided_by, decided_by_name, rule_id, rule_version
        from second_reviews where ad_id = ${id}::uuid`),
    );

  it('live flag, route and prioritise mark the ad, each with an entry by "Rule: NAME" naming its version', async () => {
    const flag = await addRule({
      name: 'Fee jobs',
      order: 0,
      conditions: contains('joining fee'),
      action: { type: 'flag', label: 'Fee' },
    });
    const route = await addRule({
      name: 'Seniors',
      order: 1,
      conditions: contains('joining fee'),
      action: { type: 'route', queue: 'Senior review' },
    });
    const first = await addRule({
      name: 'Urgent',
      order: 2,
      conditions: contains('joining fee'),
      action: { type: 'prioritise' },
    });
    const ad = await newAd({ details: 'Pay the joining fee first.' });
    const other = await newAd({ details: 'Nothing to see.' });

    expect(await adRow(ad.id)).toMatchObject({
      status: 'pending',
      rule_labels: ['Fee'],
      rule_queue: 'Senior review',
      rule_priority: 1,
    });
    expect(await adRow(other.id)).toMatchObject({ rule_labels: [], rule_queue: null, rule_priority: 0 });
    expect(await entries(other.id)).toEqual([]);
    const rule = (id: string, name: string, action: string, extra = {}) => ({
      action: 'rule_matched',
      actor_id: null,
      actor_name: `Rule: ${name}`,
      details: { rule: { _id: id, name, version: 1, mode: 'live', action, ...extra } },
    });
    expect(await entries(ad.id)).toMatchObject([
      rule(flag, 'Fee jobs', 'flag', { label: 'Fee' }),
      rule(route, 'Seniors', 'route', { queue: 'Senior review' }),
      rule(first, 'Urgent', 'prioritise'),
    ]);
    // The list carries them; the history names the rule as the actor.
    const list = (await api.list({ q: 'joining fee' })).json<AdListResponse>();
    expect(list.advertisements[0]).toMatchObject({
      _id: ad.id,
      ruleLabels: ['Fee'],
      ruleQueue: 'Senior review',
      prioritised: true,
    });
    const history = (await api.send('GET', `/api/advertisements/${ad.id}/history`)).json();
    expect(history.events.map((e: { actor: { name: string } | null }) => e.actor?.name)).toContain('Rule: Seniors');
  });

  it('a shadow rule records what it would have done and changes nothing else', async () => {
    const actions: RuleAction[] = [
      { type: 'flag', label: 'Shadowed' },
      { type: 'route', queue: 'Shadow queue' },
      { type: 'prioritise' },
      { type: 'reject', reasonId },
      { type: 'approve', sampleRate: 1 },
    ];
    for (const [i, action] of actions.entries())
      await addRule({ name: `Shadow ${i}`, mode: 'shadow', order: i, conditions: contains('shadowy'), action });
    // A draft never runs.
    await addRule({
      name: 'Draft',
      mode: 'draft',
      conditions: contains('shadowy'),
      action: { type: 'reject', reasonId },
    });
    const ad = await newAd({ details: 'A shadowy offer.' });

    expect(await adRow(ad.id)).toMatchObject({
      status: 'pending',
      moderated_by: null,
      rule_labels: [],
      rule_queue: null,
      rule_priority: 0,
    });
    const written = await entries(ad.id);
    expect(written.map((e) => [e.action, e.actor_name, e.details?.rule?.mode, e.details?.rule?.action])).toEqual(
      actions.map((a, i) => ['rule_matched', `Rule: Shadow ${i}`, 'shadow', a.type]),
    );
    expect(await messages(ad.id)).toEqual([]);
    expect(await reviews(ad.id)).toEqual([]);
  });

  it('runs in order; the first deciding live rule decides the ad and ends its run', async () => {
    await addRule({
      name: 'Flag first',
      order: 0,
      conditions: contains('lottery'),
      action: { type: 'flag', label: 'A' },
    });
    await addRule({
      name: 'Would approve',
      mode: 'shadow',
      order: 1,
      conditions: contains('lottery'),
      action: { type: 'approve' },
    });
    // A rule that does not match is passed over.
    await addRule({ name: 'Not this', order: 2, conditions: contains('tractor'), action: { type: 'approve' } });
    await addRule({
      name: 'Reject lottery',
      order: 3,
      conditions: contains('lottery'),
      action: { type: 'reject', reasonId },
    });
    await addRule({
      name: 'Flag after',
      order: 4,
      conditions: contains('lottery'),
      action: { type: 'flag', label: 'B' },
    });
    await addRule({ name: 'Approve after', order: 5, conditions: contains('lottery'), action: { type: 'approve' } });
    const ad = await newAd({ details: 'Win the lottery.' });

    expect(await adRow(ad.id)).toMatchObject({ status: 'rejected', rejection_reason: REASON, rule_labels: ['A'] });
    expect((await entries(ad.id)).map((e) => [e.action, e.actor_name])).toEqual([
      ['rule_matched', 'Rule: Flag first'],
      ['rule_matched', 'Rule: Would approve'],
      ['rejected', 'Rule: Reject lottery'],
    ]);
  });

  it('an automatic decision writes the entry and the message a moderator’s does, and approvals are sampled', async () => {
    const seller = await makeUser(db);
    const heading = 'Sewing machine for sale';
    const reject = await addRule({
      name: 'Reject 777',
      conditions: [{ field: 'price', op: 'eq', value: 777 }],
      action: { type: 'reject', reasonId },
    });
    const approve = await addRule({
      name: 'Approve 888',
      order: 1,
      conditions: [{ field: 'price', op: 'eq', value: 888 }],
      action: { type: 'approve', sampleRate: 1 },
    });
    const byRule = await newAd({ userId: seller.id, heading, price: 777 });
    const byHuman = await newAd({ userId: seller.id, heading, price: 100 });
    expect((await api.reject(byHuman.id, REASON)).statusCode).toBe(200);

    const [ruleEntry] = await entries(byRule.id);
    const [humanEntry] = await entries(byHuman.id);
    const { actor_id: _a, actor_name: ruleActor, details: ruleDetails, ...ruleRest } = ruleEntry!;
    const { actor_id: humanActor, actor_name: _n, details: _d, ...humanRest } = humanEntry!;
    expect(ruleRest).toEqual(humanRest);
    expect(ruleRest).toMatchObject({
      action: 'rejected',
      rejection_reason: REASON,
      advertiser_id: seller.id,
      submitted: true,
    });
    expect([ruleEntry!.actor_id, ruleActor, humanActor]).toEqual([null, 'Rule: Reject 777', expect.any(String)]);
    expect(ruleDetails).toEqual({
      rule: { _id: reject, name: 'Reject 777', version: 1, mode: 'live', action: 'reject' },
    });
    const sent = await messages(byRule.id);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent).toEqual(await messages(byHuman.id));
    expect(await adRow(byRule.id)).toMatchObject({ status: 'rejected', rejection_reason: REASON, moderated_by: null });

    // An approval: the same shape as a moderator's, and sampled into second review at the rule's rate.
    const approved = await newAd({ userId: seller.id, heading, price: 888 });
    const approvedByHuman = await newAd({ userId: seller.id, heading, price: 101 });
    expect((await api.approve(approvedByHuman.id)).statusCode).toBe(200);
    const [auto] = await entries(approved.id);
    const [human] = await entries(approvedByHuman.id);
    expect({ ...auto, actor_id: 0, actor_name: 0, details: 0 }).toEqual({
      ...human,
      actor_id: 0,
      actor_name: 0,
      details: 0,
    });
    expect(auto).toMatchObject({ action: 'approved', actor_name: 'Rule: Approve 888', rejection_reason: null });
    expect(await messages(approved.id)).toEqual(await messages(approvedByHuman.id));
    expect(await reviews(approved.id)).toEqual([
      {
        decision: 'approved',
        decided_by: null,
        decided_by_name: 'Rule: Approve 888',
        rule_id: approve,
        rule_version: 1,
      },
    ]);
    // The rejection is not sampled by the rule (only automatic approvals are).
    expect(await reviews(byRule.id)).toEqual([]);
  });

  it('judges each ad by the version current when its rules ran', async () => {
    const id = await addRule({
      name: 'Edited',
      conditions: contains('bicycle'),
      action: { type: 'flag', label: 'Old' },
    });
    const before = await newAd({ details: 'A bicycle.' });
    await db.execute(sql`update moderation_rules set action = ${JSON.stringify({ type: 'flag', label: 'New' })}::jsonb,
      version = version + 1 where id = ${id}::uuid`);
    const after = await newAd({ details: 'Another bicycle.' });

    expect((await adRow(before.id)).rule_labels).toEqual(['Old']);
    expect((await adRow(after.id)).rule_labels).toEqual(['New']);
    expect((await entries(before.id))[0]!.details!.rule).toMatchObject({ version: 1, label: 'Old' });
    expect((await entries(after.id))[0]!.details!.rule).toMatchObject({ version: 2, label: 'New' });
  });

  it('leaves an ad a moderator is reviewing to them: the deciding rule records what it would have done', async () => {
    await addRule({ name: 'Reject claimed', conditions: contains('scooter'), action: { type: 'reject', reasonId } });
    // Analysed already, so the worker leaves it; claimed; then its rules run again (as a re-analysis does).
    const ad = await makeAd(db, { userId: (await makeUser(db)).id, details: 'A scooter.', risk: 0 });
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/advertisements/${ad.id}/claim`,
      headers: { cookie, origin: ORIGIN },
    });
    expect(claim.statusCode).toBe(200);
    const deps = {
      db,
      storage: t.app.storage,
      clock: t.clock,
      rules: { clock: t.clock, outbox: t.app.advertiserOutbox },
    };
    expect(await analyseAds(deps, [ad.id], { force: true })).toEqual([ad.id]);

    expect(await adRow(ad.id)).toMatchObject({ status: 'pending', moderated_by: null });
    expect(await entries(ad.id)).toMatchObject([
      { action: 'claimed' },
      {
        action: 'rule_matched',
        actor_name: 'Rule: Reject claimed',
        details: { rule: { mode: 'live', action: 'reject' } },
      },
    ]);
    expect(await messages(ad.id)).toEqual([]);
  });

  it('lists a queue as a view and puts prioritised pending ads first in the pending queue', async () => {
    await addRule({ name: 'Route vans', conditions: contains('van'), action: { type: 'route', queue: 'Vans' } });
    await addRule({ name: 'Rush', order: 1, conditions: contains('urgent'), action: { type: 'prioritise' } });
    const category = 'Rules test vehicles';
    const oldest = await newAd({ category, details: 'A car.' });
    const rushed = await newAd({ category, details: 'An urgent car.' });
    const van = await newAd({ category, details: 'A van.' });
    const newest = await newAd({ category, details: 'A bike.' });

    const ids = (body: AdListResponse) => body.advertisements.map((a) => a._id);
    const queue = (await api.list({ queue: 'Vans' })).json<AdListResponse>();
    expect(ids(queue)).toEqual([van.id]);
    expect(queue.total).toBe(1);
    expect((await api.count({ queue: 'Vans' })).json()).toEqual({ total: 1 });
    expect(ids((await api.list({ queue: 'Nobody' })).json<AdListResponse>())).toEqual([]);

    const pending = { status: 'pending', category, sort: 'postingDate', order: 'asc', pageSize: 2 };
    const page1 = (await api.list(pending)).json<AdListResponse>();
    expect(ids(page1)).toEqual([rushed.id, oldest.id]);
    const page2 = (await api.list({ ...pending, page: 2, after: page1.cursors.end! })).json<AdListResponse>();
    expect(ids(page2)).toEqual([van.id, newest.id]);
    // Newest first is the list's plain order.
    expect(ids((await api.list({ ...pending, order: 'desc', pageSize: 4 })).json<AdListResponse>())).toEqual([
      newest.id,
      van.id,
      rushed.id,
      oldest.id,
    ]);
    // Once decided, a prioritised ad leaves the front of the queue.
    expect((await api.approve(rushed.id)).statusCode).toBe(200);
    expect(ids((await api.list(pending)).json<AdListResponse>())).toEqual([oldest.id, van.id]);
  });
});
