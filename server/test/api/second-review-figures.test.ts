import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_SECOND_REVIEW_RATE } from '@backoffice/contract';
import { maybeSampleDecision } from '../../src/db/second-review-sampling';
import { makeAd, signIn } from '../support/factories';
import { reviewClient, reviewEntries, reviewOf, reviewsOf, signedInAdmin } from '../support/second-review-helpers';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

const DAY = 86_400_000;

/**
 * What enters second review and what it adds up to (docs/decisions/0030-moderation-rules.md): the
 * rate setting, the sampling of every kind of moderator decision, agreement over 30 days.
 */
describeApi('second review: sampling, settings and agreement', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof signedInAdmin>>;
  let b: typeof a;
  let c: typeof a;

  beforeAll(async () => {
    t = await buildTestApp();
    [a, b, c] = [
      await signedInAdmin(t.app, t.database.db),
      await signedInAdmin(t.app, t.database.db),
      await signedInAdmin(t.app, t.database.db),
    ];
  });
  afterAll(() => t?.close());

  const settingEntries = async () =>
    (
      (await t.database.db.execute(sql`
        select actor_id::text as "actorId", action, entity_label as label, details from audit_events
        where entity = 'setting' order by at, id`)) as unknown as { rows: unknown[] }
    ).rows;

  it('keeps the rate at 2 % until set, refuses a bad rate with 400, and records a change', async () => {
    expect((await a.api.rate()).json()).toEqual({ success: true, rate: DEFAULT_SECOND_REVIEW_RATE });
    for (const rate of [-0.1, 1.5, 'x', null, undefined]) {
      const res = await a.api.setRate(rate);
      expect([res.statusCode, res.json().errors?.rate]).toEqual([400, 'Rate must be a number from 0 to 1']);
    }
    expect((await a.api.rate()).json().rate).toBe(DEFAULT_SECOND_REVIEW_RATE);
    expect(await settingEntries()).toEqual([]);

    expect((await a.api.setRate(0.1)).json()).toEqual({ success: true, rate: 0.1 });
    expect((await b.api.rate()).json().rate).toBe(0.1);
    expect(await settingEntries()).toEqual([
      {
        actorId: a.user.id,
        action: 'updated',
        label: 'Second review rate',
        details: { fields: ['rate'], from: '0.02', to: '0.1' },
      },
    ]);
  });

  it('samples every kind of decision at rate 1, with the decision as it was made', async () => {
    expect((await b.api.setRate(1)).statusCode).toBe(200);
    const [one, two, three, four] = [
      await makeAd(t.database.db),
      await makeAd(t.database.db),
      await makeAd(t.database.db),
      await makeAd(t.database.db),
    ];
    await a.api.approve(one.id);
    await a.api.reject(two.id, 'Prohibited item');
    await a.api.bulk({ ids: [three.id], status: 'approved' });
    await a.api.bulk({ status: 'rejected', rejectionReason: 'Duplicate', match: { status: 'pending' }, max: 100 });
    const at = t.clock();
    const expected = (decision: string, rejectionReason: string | null) => ({
      decision,
      rejectionReason,
      decidedBy: a.user.id,
      decidedByName: a.user.name,
      decidedAt: at,
      sampledAt: at,
      ruleId: null,
      answer: null,
    });
    expect(await reviewOf(t.database.db, one.id)).toMatchObject({ ...expected('approved', null), adId: one.id });
    expect(await reviewOf(t.database.db, two.id)).toMatchObject(expected('rejected', 'Prohibited item'));
    expect(await reviewOf(t.database.db, three.id)).toMatchObject(expected('approved', null));
    expect(await reviewOf(t.database.db, four.id)).toMatchObject(expected('rejected', 'Duplicate'));
  });

  it('samples nothing at rate 0', async () => {
    expect((await b.api.setRate(0)).statusCode).toBe(200);
    const [one, two, three] = [await makeAd(t.database.db), await makeAd(t.database.db), await makeAd(t.database.db)];
    await a.api.approve(one.id);
    await a.api.bulk({ ids: [two.id], status: 'approved' });
    await a.api.bulk({ status: 'approved', match: { status: 'pending' }, max: 100 });
    for (const ad of [one, two, three]) expect(await reviewsOf(t.database.db, ad.id)).toEqual([]);
  });

  it("counts agreement per moderator and per rule over the last 30 days by the answer's day", async () => {
    expect((await b.api.setRate(1)).statusCode).toBe(200);
    const decide = async (by: typeof a) => {
      const ad = await makeAd(t.database.db);
      expect((await by.api.approve(ad.id)).statusCode).toBe(200);
      return (await reviewOf(t.database.db, ad.id)).id;
    };
    // Answered 31 days before the figures are asked for: left out.
    await b.api.answer(await decide(a), { answer: 'disagree' });
    t.clock.advance(31 * DAY);
    // The month ended the sessions: everyone signs in again.
    for (const who of [a, b, c]) who.api = reviewClient(t.app, await signIn(t.app, who.user.email));
    await b.api.answer(await decide(a), { answer: 'agree' });
    await b.api.answer(await decide(a), { answer: 'agree' });
    await c.api.answer(await decide(a), { answer: 'disagree' });
    await a.api.answer(await decide(b), { answer: 'agree' });
    // A rule's approval, sampled as the rule runner samples it.
    const ruled = await makeAd(t.database.db, { status: 'approved' });
    const rule = { id: '00000000-0000-4000-8000-000000000034', name: 'Fee ads', version: 2 };
    const decision = { adId: ruled.id, adHeading: ruled.heading, decision: 'approved' as const };
    await maybeSampleDecision(t.database.db, { ...decision, rejectionReason: null, decidedAt: t.clock(), rule }, 1);
    const ruleReview = await reviewOf(t.database.db, ruled.id);
    expect((await a.api.answer(ruleReview.id, { answer: 'disagree' })).json().item.decision).toMatchObject({
      by: 'Rule: Fee ads',
      byRule: { _id: rule.id, version: 2 },
    });
    // The entry names the rule, so the rule's figures count the disagreement as overturned.
    expect((await reviewEntries(t.database.db, ruled.id))[0]!.details).toEqual({
      to: 'disagree',
      rule: { _id: rule.id, name: 'Fee ads', version: 2, mode: 'live', action: 'approve' },
    });

    const res = await c.api.agreement();
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as unknown[];
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        { kind: 'moderator', _id: a.user.id, name: a.user.name, reviewed: 3, agreed: 2 },
        { kind: 'moderator', _id: b.user.id, name: b.user.name, reviewed: 1, agreed: 1 },
        { kind: 'rule', _id: rule.id, name: 'Fee ads', reviewed: 1, agreed: 0 },
      ]),
    );
  });
});

describeApi('second review: the sampling draw is injected', () => {
  let t: TestApp;
  const draws = [0.3, 0.7, 0.3, 0.7];

  beforeAll(async () => {
    let next = 0;
    t = await buildTestApp({ random: () => draws[next++ % draws.length]! });
  });
  afterAll(() => t?.close());

  it('samples a decision when the draw falls under the rate', async () => {
    const { api } = await signedInAdmin(t.app, t.database.db);
    expect((await api.setRate(0.5)).statusCode).toBe(200);
    const ads = [
      await makeAd(t.database.db),
      await makeAd(t.database.db),
      await makeAd(t.database.db),
      await makeAd(t.database.db),
    ];
    await api.approve(ads[0]!.id);
    await api.approve(ads[1]!.id);
    await api.bulk({ ids: [ads[2]!.id, ads[3]!.id], status: 'approved' });
    const sampled = await Promise.all(ads.map(async (ad) => (await reviewsOf(t.database.db, ad.id)).length));
    expect(sampled).toEqual([1, 0, 1, 0]);
  });
});
