import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AdListResponse } from '@backoffice/contract';
import { makeAd, makeUser } from '../support/factories';
import { analyseAds } from '../../src/modules/signals/signals-analysis';
import { RULE_REASON, contains, rulesTestApp } from '../support/rules-apply-helpers';
import { describeApi, ORIGIN } from '../support/test-app';

/**
 * A live rule's decision is a moderator's decision (docs/decisions/0030-moderation-rules.md): the
 * same audit entry and message, an approval sampled into second review; an ad a moderator holds
 * is left to them; the list's queue view and the prioritised ads first in the pending queue.
 */
describeApi('moderation rules: decisions, claims and the list', () => {
  let c: Awaited<ReturnType<typeof rulesTestApp>>;
  beforeAll(async () => {
    c = await rulesTestApp();
  });
  afterAll(() => c?.t.close());
  afterEach(() => c.clearRules());

  it('an automatic decision writes the entry and the message a moderator’s does, and approvals are sampled', async () => {
    const seller = await makeUser(c.db);
    const heading = 'Sewing machine for sale';
    const reject = await c.addRule({
      name: 'Reject 777',
      conditions: [{ field: 'price', op: 'eq', value: 777 }],
      action: { type: 'reject', reasonId: c.reasonId },
    });
    const approve = await c.addRule({
      name: 'Approve 888',
      order: 1,
      conditions: [{ field: 'price', op: 'eq', value: 888 }],
      action: { type: 'approve', sampleRate: 1 },
    });
    const byRule = await c.newAd({ userId: seller.id, heading, price: 777 });
    const byHuman = await c.newAd({ userId: seller.id, heading, price: 100 });
    expect((await c.api.reject(byHuman.id, RULE_REASON)).statusCode).toBe(200);

    const [ruleEntry] = await c.entries(byRule.id);
    const [humanEntry] = await c.entries(byHuman.id);
    const { actor_id: _a, actor_name: ruleActor, details: ruleDetails, ...ruleRest } = ruleEntry!;
    const { actor_id: humanActor, actor_name: _n, details: _d, ...humanRest } = humanEntry!;
    expect(ruleRest).toEqual(humanRest);
    expect(ruleRest).toMatchObject({
      action: 'rejected',
      rejection_reason: RULE_REASON,
      advertiser_id: seller.id,
      submitted: true,
    });
    expect([ruleEntry!.actor_id, ruleActor, humanActor]).toEqual([null, 'Rule: Reject 777', expect.any(String)]);
    expect(ruleDetails).toEqual({
      rule: { _id: reject, name: 'Reject 777', version: 1, mode: 'live', action: 'reject' },
    });
    const sent = await c.messages(byRule.id);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent).toEqual(await c.messages(byHuman.id));
    expect(await c.adRow(byRule.id)).toMatchObject({
      status: 'rejected',
      rejection_reason: RULE_REASON,
      moderated_by: null,
    });

    // An approval: the same shape as a moderator's, and sampled into second review at the rule's rate.
    const approved = await c.newAd({ userId: seller.id, heading, price: 888 });
    const approvedByHuman = await c.newAd({ userId: seller.id, heading, price: 101 });
    expect((await c.api.approve(approvedByHuman.id)).statusCode).toBe(200);
    const [auto] = await c.entries(approved.id);
    const [human] = await c.entries(approvedByHuman.id);
    expect({ ...auto, actor_id: 0, actor_name: 0, details: 0 }).toEqual({
      ...human,
      actor_id: 0,
      actor_name: 0,
      details: 0,
    });
    expect(auto).toMatchObject({ action: 'approved', actor_name: 'Rule: Approve 888', rejection_reason: null });
    expect(await c.messages(approved.id)).toEqual(await c.messages(approvedByHuman.id));
    expect(await c.reviews(approved.id)).toEqual([
      {
        decision: 'approved',
        decided_by: null,
        decided_by_name: 'Rule: Approve 888',
        rule_id: approve,
        rule_version: 1,
      },
    ]);
    // The rejection is not sampled by the rule (only automatic approvals are).
    expect(await c.reviews(byRule.id)).toEqual([]);
  });
  it('leaves an ad a moderator is reviewing to them: the deciding rule records what it would have done', async () => {
    await c.addRule({
      name: 'Reject claimed',
      conditions: contains('scooter'),
      action: { type: 'reject', reasonId: c.reasonId },
    });
    // Analysed already, so the worker leaves it; claimed; then its rules run again (as a re-analysis does).
    const ad = await makeAd(c.db, { userId: (await makeUser(c.db)).id, details: 'A scooter.', risk: 0 });
    const claim = await c.t.app.inject({
      method: 'POST',
      url: `/api/advertisements/${ad.id}/claim`,
      headers: { cookie: c.cookie, origin: ORIGIN },
    });
    expect(claim.statusCode).toBe(200);
    const deps = {
      db: c.db,
      storage: c.t.app.storage,
      clock: c.t.clock,
      rules: { clock: c.t.clock, outbox: c.t.app.advertiserOutbox },
    };
    expect(await analyseAds(deps, [ad.id], { force: true })).toEqual([ad.id]);

    expect(await c.adRow(ad.id)).toMatchObject({ status: 'pending', moderated_by: null });
    expect(await c.entries(ad.id)).toMatchObject([
      { action: 'claimed' },
      {
        action: 'rule_matched',
        actor_name: 'Rule: Reject claimed',
        details: { rule: { mode: 'live', action: 'reject' } },
      },
    ]);
    expect(await c.messages(ad.id)).toEqual([]);
  });
  it('lists a queue as a view and puts prioritised pending ads first in the pending queue', async () => {
    await c.addRule({ name: 'Route vans', conditions: contains('van'), action: { type: 'route', queue: 'Vans' } });
    await c.addRule({ name: 'Rush', order: 1, conditions: contains('urgent'), action: { type: 'prioritise' } });
    const category = 'Rules test vehicles';
    const oldest = await c.newAd({ category, details: 'A car.' });
    const rushed = await c.newAd({ category, details: 'An urgent car.' });
    const van = await c.newAd({ category, details: 'A van.' });
    const newest = await c.newAd({ category, details: 'A bike.' });

    const ids = (body: AdListResponse) => body.advertisements.map((a) => a._id);
    const queue = (await c.api.list({ queue: 'Vans' })).json<AdListResponse>();
    expect(ids(queue)).toEqual([van.id]);
    expect(queue.total).toBe(1);
    expect((await c.api.count({ queue: 'Vans' })).json()).toEqual({ total: 1 });
    expect(ids((await c.api.list({ queue: 'Nobody' })).json<AdListResponse>())).toEqual([]);

    const pending = { status: 'pending', category, sort: 'postingDate', order: 'asc', pageSize: 2 };
    const page1 = (await c.api.list(pending)).json<AdListResponse>();
    expect(ids(page1)).toEqual([rushed.id, oldest.id]);
    const page2 = (await c.api.list({ ...pending, page: 2, after: page1.cursors.end! })).json<AdListResponse>();
    expect(ids(page2)).toEqual([van.id, newest.id]);
    // Newest first is the list's plain order.
    expect(ids((await c.api.list({ ...pending, order: 'desc', pageSize: 4 })).json<AdListResponse>())).toEqual([
      newest.id,
      van.id,
      rushed.id,
      oldest.id,
    ]);
    // Once decided, a prioritised ad leaves the front of the queue.
    expect((await c.api.approve(rushed.id)).statusCode).toBe(200);
    expect(ids((await c.api.list(pending)).json<AdListResponse>())).toEqual([oldest.id, van.id]);
  });
});
