import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeUser } from '../support/factories';
import { rulesTestApp } from '../support/rules-apply-helpers';
import { describeApi } from '../support/test-app';

/** The rules' `advertiser.activeStrikes` fact is the strikes module's count (docs/decisions/0035-strikes-and-languages.md). */
describeApi('strikes in the moderation rules', () => {
  let c: Awaited<ReturnType<typeof rulesTestApp>>;
  beforeAll(async () => {
    c = await rulesTestApp();
  });
  afterAll(() => c?.t.close());

  it('a rule on advertiser.activeStrikes sees the advertiser’s active strikes, not removed or expired ones', async () => {
    await c.addRule({
      name: 'Two strikes',
      conditions: [{ field: 'advertiser.activeStrikes', op: 'gt', value: 1 }],
      action: { type: 'flag', label: 'Strikes' },
    });
    const seller = await makeUser(c.db);
    const labels = async () => (await c.adRow((await c.newAd({ userId: seller.id })).id)).rule_labels;
    expect(await labels()).toEqual([]);
    const first = await c.newAd({ userId: seller.id, heading: 'First' });
    expect((await c.api.reject(first.id, 'Duplicate ad.')).statusCode).toBe(200);
    const second = await c.newAd({ userId: seller.id, heading: 'Second' });
    expect((await c.api.reject(second.id, 'Duplicate ad.')).statusCode).toBe(200);
    expect(await labels()).toEqual(['Strikes']);

    const removed = await c.api.send('DELETE', `/api/users/${seller.id}/strikes/${second.id}`, { note: 'Our mistake' });
    expect(removed.statusCode).toBe(200);
    expect(await labels()).toEqual([]);
  });
});
