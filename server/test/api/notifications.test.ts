import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { NotificationsResponse } from '@backoffice/contract';
import { advertisements, users, type UserRow } from '../../src/db/schema';
import { NOTIFICATION_SCAN } from '../../src/modules/dashboard/notifications-repository';
import { purgeAuditTrail } from '../support/audit-purge';
import { adminClient } from '../support/ads-helpers';
import { HOUR, colombo, makeModerationEvent } from '../support/dashboard-factories';
import { makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, testClock, type TestApp } from '../support/test-app';

const NOW = colombo('2026-11-18T12:00:00');

/**
 * Common Notification (issue 32.10): new ads and the other admins' actions, never the viewer's
 * own; a bulk action is one item (a bulk delete of two users with seven ads made seven items).
 */
describeApi('Common Notification feed', () => {
  let t: TestApp;
  let me: UserRow;
  let other: UserRow;
  let mine: ReturnType<typeof adminClient>;
  let theirs: ReturnType<typeof adminClient>;
  let theirCookie = '';

  beforeAll(async () => {
    t = await buildTestApp({ clock: testClock(NOW), env: { MESSAGE_WORKER: 'false' } });
    me = await makeAdmin(t.database.db, { name: 'Ruwan Jayasinghe' });
    other = await makeAdmin(t.database.db, { name: 'Dilani Fernando' });
    mine = adminClient(t.app, await signIn(t.app, me.email));
    theirCookie = await signIn(t.app, other.email);
    theirs = adminClient(t.app, theirCookie);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    t.clock.set(NOW);
    await t.database.db.delete(advertisements);
    await purgeAuditTrail(t.database.db);
    await t.database.db.delete(users).where(sql`not ${users.isAdmin}`);
  });

  const feed = async (client = mine) => {
    const res = await client.send('GET', '/api/notifications');
    expect(res.statusCode).toBe(200);
    return (res.json() as NotificationsResponse).notifications;
  };
  const summary = (items: NotificationsResponse['notifications']) =>
    items.map((n) => [n.kind, n.adHeading, n.by, n.count]);
  const ago = (ms: number) => new Date(NOW.getTime() - ms);

  it("shows new ads and another admin's decision, not the viewer's own", async () => {
    const mineAd = await makeAd(t.database.db, { heading: 'Approved by me', postingDate: ago(3 * HOUR) });
    const theirsAd = await makeAd(t.database.db, { heading: 'Approved by Dilani', postingDate: ago(3 * HOUR) });
    await makeAd(t.database.db, { heading: 'Still pending', username: 'kamal', postingDate: ago(HOUR) });
    expect((await mine.approve(mineAd.id)).statusCode).toBe(200);
    t.clock.set(new Date(NOW.getTime() + 60_000));
    expect((await theirs.approve(theirsAd.id)).statusCode).toBe(200);

    expect(summary(await feed())).toEqual([
      ['approve', 'Approved by Dilani', 'Dilani Fernando', 1],
      ['pending', 'Still pending', 'kamal', 1],
    ]);
    // Each admin sees the other's decision.
    expect(summary(await feed(theirs))).toEqual([
      ['approve', 'Approved by me', 'Ruwan Jayasinghe', 1],
      ['pending', 'Still pending', 'kamal', 1],
    ]);
  });

  it('makes a bulk delete of two users with seven ads one item', async () => {
    const a = await makeUser(t.database.db, { username: 'seller_a' });
    const b = await makeUser(t.database.db, { username: 'seller_b' });
    for (let i = 0; i < 4; i++)
      await makeAd(t.database.db, { userId: a.id, username: a.username, heading: `A${i}`, status: 'approved' });
    for (let i = 0; i < 3; i++)
      await makeAd(t.database.db, { userId: b.id, username: b.username, heading: `B${i}`, status: 'approved' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/bulk-delete',
      headers: { cookie: theirCookie, origin: ORIGIN },
      payload: { ids: [a.id, b.id] },
    });
    expect(res.json().results.every((r: { ok: boolean }) => r.ok)).toBe(true);

    const items = await feed();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'delete', by: 'Dilani Fernando', reason: 'User deleted', count: 7 });
    expect(items[0]!.atLeast).toBe(false);
    // The admin who did it sees none of it.
    expect(await feed(theirs)).toEqual([]);
  });

  it('keeps decisions taken apart, or by different admins or actions, as items of their own', async () => {
    const base = { actorId: other.id, actorName: 'Dilani Fernando' };
    // Two approvals a second and a half apart: by hand, not one bulk action.
    await makeModerationEvent(t.database.db, { ...base, entityLabel: 'First', at: ago(10_000) });
    await makeModerationEvent(t.database.db, { ...base, entityLabel: 'Second', at: ago(8_500) });
    // A bulk rejection of three, with one reason, 200 ms apart.
    for (let i = 0; i < 3; i++)
      await makeModerationEvent(t.database.db, {
        ...base,
        action: 'rejected',
        rejectionReason: 'Duplicate',
        entityLabel: `Dup ${i}`,
        at: ago(5_000 - i * 200),
      });
    // A former admin's approval right after: another author.
    await makeModerationEvent(t.database.db, { actorId: null, actorName: null, entityLabel: 'Orphan', at: ago(4_300) });

    expect(summary(await feed())).toEqual([
      ['approve', 'Orphan', null, 1],
      ['reject', 'Dup 2', 'Dilani Fernando', 3],
      ['approve', 'Second', 'Dilani Fernando', 1],
      ['approve', 'First', 'Dilani Fernando', 1],
    ]);
  });

  it('says "at least" for a bulk action larger than the entries it looks at', async () => {
    await t.database.db.execute(sql`
      insert into audit_events (entity, entity_id, entity_label, action, actor_id, actor_name, at)
      select 'ad', gen_random_uuid(), 'Bulk ' || i, 'approved', ${other.id}::uuid, 'Dilani Fernando',
        ${NOW.toISOString()}::timestamptz - i * interval '10 milliseconds'
      from generate_series(1, ${NOTIFICATION_SCAN + 5}) as i`);
    const [item] = await feed();
    expect(item).toMatchObject({ kind: 'approve', adHeading: 'Bulk 1', count: NOTIFICATION_SCAN, atLeast: true });
  });
});
