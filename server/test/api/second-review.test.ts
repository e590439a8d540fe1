import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_SECOND_REVIEW_NOTE, secondReviewMessages, type SecondReview } from '@backoffice/contract';
import { makeAd } from '../support/factories';
import { itemIds, reviewEntries, reviewOf, signedInAdmin, type ReviewClient } from '../support/second-review-helpers';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/**
 * Second review (docs/decisions/0030-moderation-rules.md): another moderator answers a sampled
 * decision blind, once, never their own; a disagreement leaves the ad as it was and waits for a
 * senior moderator. Admin A decides (at rate 1, so every decision is sampled); B and C review.
 */
describeApi('second review: answering', () => {
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
    expect((await b.api.setRate(1)).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  /** An ad A decided a second after the one before: approved, or rejected with a reason; its review row. */
  async function decided(how: 'approved' | 'rejected' = 'approved') {
    t.clock.advance(1000);
    const ad = await makeAd(t.database.db);
    const res = how === 'approved' ? await a.api.approve(ad.id) : await a.api.reject(ad.id, 'Prohibited item');
    expect(res.statusCode).toBe(200);
    return { ad, review: await reviewOf(t.database.db, ad.id) };
  }

  async function openItems(api: ReviewClient): Promise<SecondReview[]> {
    const res = await api.reviews({ state: 'open', pageSize: '100' });
    expect(res.statusCode).toBe(200);
    return res.json().items;
  }

  async function adStatus(id: string) {
    const res = await b.api.send('GET', `/api/advertisements/${id}`);
    return res.statusCode === 404 ? 'gone' : res.json().advertisement.status;
  }

  it("never lists a moderator's own decision as open for them, and refuses their answer with 409", async () => {
    const { review } = await decided();
    expect((await openItems(a.api)).map((i) => i._id)).not.toContain(review.id);
    expect((await openItems(b.api)).map((i) => i._id)).toContain(review.id);
    const own = await a.api.answer(review.id, { answer: 'agree' });
    expect([own.statusCode, own.json().message]).toEqual([409, secondReviewMessages.ownDecision]);
    expect(await reviewOf(t.database.db, review.adId)).toMatchObject({ answer: null, reviewerId: null });
    expect(await reviewEntries(t.database.db, review.adId)).toEqual([]);
    // The database agrees: the decider cannot be written in as the reviewer.
    const refused = await t.database.db
      .execute(sql`update second_reviews set reviewer_id = decided_by where id = ${review.id}`)
      .then(
        () => 'written',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    expect(refused).toMatch(/second_reviews_other_reviewer/);
  });

  it('leaves out of the open list a decision whose ad is gone (nothing left to look at)', async () => {
    const { ad, review } = await decided();
    expect((await a.api.remove(ad.id)).statusCode).toBe(200);
    expect((await openItems(b.api)).map((i) => i._id)).not.toContain(review.id);
  });

  it('hides the first decision until answered, then reveals it, with an entry on the ad', async () => {
    const { ad, review } = await decided('rejected');
    const item = (await openItems(b.api)).find((i) => i._id === review.id)!;
    // Blind: not even the ad's status, which would tell the outcome.
    expect(item).toMatchObject({ ad: { _id: ad.id, heading: ad.heading, status: null }, decision: null });
    const res = await b.api.answer(review.id, { answer: 'agree', note: '  A clear case  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({
      ad: { status: 'rejected' },
      answer: 'agree',
      note: 'A clear case',
      reviewer: b.user.name,
      decision: { status: 'rejected', rejectionReason: 'Prohibited item', by: a.user.name, byRule: null },
    });
    expect(await reviewEntries(t.database.db, ad.id)).toEqual([
      { actorId: b.user.id, label: ad.heading, details: { to: 'agree', note: 'A clear case' } },
    ]);
    // Answered: out of the open list, in the answered list with the decision shown, for everyone.
    expect((await openItems(c.api)).map((i) => i._id)).not.toContain(review.id);
    const answered = (await a.api.reviews({ state: 'answered', pageSize: '100' })).json().items as SecondReview[];
    expect(answered.find((i) => i._id === review.id)?.decision).toMatchObject({ by: a.user.name });
  });

  it('takes the first answer of two at once and refuses the other with 409', async () => {
    const { review } = await decided();
    const [one, two] = await Promise.all([
      b.api.answer(review.id, { answer: 'agree' }),
      c.api.answer(review.id, { answer: 'disagree', note: 'Too vague' }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const loser = one.statusCode === 409 ? one : two;
    expect(loser.json().message).toBe(secondReviewMessages.answered);
    const winner = one.statusCode === 200 ? b : c;
    expect((await reviewOf(t.database.db, review.adId)).reviewerId).toBe(winner.user.id);
    expect(await reviewEntries(t.database.db, review.adId)).toHaveLength(1);
    const again = await (winner === b ? c : b).api.answer(review.id, { answer: 'agree' });
    expect([again.statusCode, again.json().message]).toEqual([409, secondReviewMessages.answered]);
  });

  it('lists a disagreement under disagreed until a senior settles it; the ad stays as decided', async () => {
    const { ad, review } = await decided('approved');
    expect((await b.api.answer(review.id, { answer: 'disagree', note: 'A fee in advance' })).statusCode).toBe(200);
    expect(await adStatus(ad.id)).toBe('approved');
    const disagreed = async () => itemIds((await c.api.reviews({ state: 'disagreed', pageSize: '100' })).json());
    expect(await disagreed()).toContain(review.id);

    const early = await c.api.settle(review.id, { action: 'deleted' });
    expect([early.statusCode, early.json().message]).toEqual([409, secondReviewMessages.deleteFirst]);
    const settled = await c.api.settle(review.id, { action: 'messaged', note: 'Phoned the advertiser' });
    expect(settled.statusCode).toBe(200);
    expect(settled.json().item).toMatchObject({ answer: 'disagree', settledAt: t.clock().toISOString() });
    expect(await disagreed()).not.toContain(review.id);
    expect(await adStatus(ad.id)).toBe('approved');
    expect((await reviewEntries(t.database.db, ad.id)).map((e) => [e.actorId, e.details])).toEqual([
      [b.user.id, { to: 'disagree', note: 'A fee in advance' }],
      [c.user.id, { from: 'disagree', to: 'messaged', note: 'Phoned the advertiser' }],
    ]);
    const twice = await c.api.settle(review.id, { action: 'kept' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, secondReviewMessages.settled]);
  });

  it('settles a disagreement as deleted once the ad is deleted through its own Delete', async () => {
    const { ad, review } = await decided('approved');
    await b.api.answer(review.id, { answer: 'disagree' });
    expect((await c.api.remove(ad.id)).statusCode).toBe(200);
    const res = await c.api.settle(review.id, { action: 'deleted' });
    expect(res.statusCode).toBe(200);
    expect(res.json().item.ad).toEqual({ _id: ad.id, heading: ad.heading, status: 'deleted' });
  });

  it('settles only a disagreement', async () => {
    const open = await decided();
    const notYet = await c.api.settle(open.review.id, { action: 'kept' });
    expect([notYet.statusCode, notYet.json().message]).toEqual([409, secondReviewMessages.notDisagreed]);
    await b.api.answer(open.review.id, { answer: 'agree' });
    const agreed = await c.api.settle(open.review.id, { action: 'kept' });
    expect([agreed.statusCode, agreed.json().message]).toEqual([409, secondReviewMessages.notDisagreed]);
  });

  it('answers bad input with 400 and an unknown review with 404, changing nothing', async () => {
    const { review } = await decided();
    const bad = [
      () => b.api.answer(review.id, { answer: 'maybe' }),
      () => b.api.answer(review.id, {}),
      () => b.api.answer(review.id, { answer: 'agree', note: 'x'.repeat(MAX_SECOND_REVIEW_NOTE + 1) }),
      () => b.api.answer('not-an-id', { answer: 'agree' }),
      () => b.api.settle(review.id, { action: 'shouted' }),
      () => b.api.reviews({ state: 'closed' }),
      () => b.api.reviews({ after: 'nope' }),
      () => b.api.reviews({ pageSize: '0' }),
      () => b.api.reviews({ unknown: '1' }),
    ];
    for (const send of bad) {
      const res = await send();
      expect([res.statusCode, res.json().success]).toEqual([400, false]);
    }
    for (const res of [
      await b.api.answer(randomUUID(), { answer: 'agree' }),
      await b.api.settle(randomUUID(), { action: 'kept' }),
    ]) {
      expect([res.statusCode, res.json().message]).toEqual([404, secondReviewMessages.notFound]);
    }
    expect(await reviewOf(t.database.db, review.adId)).toMatchObject({ answer: null, settledAt: null });
  });

  it('pages the open list by keyset, oldest sampled first', async () => {
    const mine = [(await decided()).review.id, (await decided()).review.id, (await decided()).review.id];
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res = await c.api.reviews({ state: 'open', pageSize: '2', ...(after ? { after } : {}) });
      expect(res.statusCode).toBe(200);
      seen.push(...itemIds(res.json()));
      after = res.json().next;
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => mine.includes(id))).toEqual(mine);
  });
});
