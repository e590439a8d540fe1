import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userMessages, type ListedUser } from '@backoffice/contract';
import { advertisements, advertiserMessages, auditEvents, users, type UserRow } from '../../src/db/schema';
import { purgeAuditTrail } from '../support/audit-purge';
import { makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';
import { makeAdsFor, usersClient, usersSnapshot } from '../support/users-factories';

/**
 * The verification queue (issue 32.6, docs/decisions/0028-verification-queue-and-confirmations.md):
 * unverified advertisers newest first with their ads' counts, Verify for one or many with an
 * outcome and an audit entry each; and the user page's messages (?userId= on the outbox's list).
 */
describeApi('users: verification queue', () => {
  let t: TestApp;
  let admin: UserRow;
  let api: ReturnType<typeof usersClient>;
  let cookie = '';

  beforeAll(async () => {
    t = await buildTestApp({ env: { MESSAGE_WORKER: 'false' } });
    admin = await makeAdmin(t.database.db, { username: 'verifier', email: 'verifier@example.lk' });
    cookie = await signIn(t.app, admin.email);
    api = usersClient(t.app, cookie);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(advertisements);
    await t.database.db.delete(advertiserMessages);
    await purgeAuditTrail(t.database.db);
    await t.database.db.delete(users).where(ne(users.id, admin.id));
  });

  const db = () => t.database.db;
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN }, payload: payload as object });
  const verify = (ids: unknown) => post('/api/users/bulk-verify', { ids });
  const verifiedEntries = () =>
    db()
      .select({ entityId: auditEvents.entityId, details: auditEvents.details, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.action, 'updated')));

  it('lists unverified advertisers newest first, each with their ads counts', async () => {
    const old = await makeUser(db(), { username: 'old_one', isVerified: false, createdAt: new Date('2026-01-01') });
    const fresh = await makeUser(db(), { username: 'fresh_one', isVerified: false, createdAt: new Date('2026-02-01') });
    await makeUser(db(), { username: 'done_one', isVerified: true, createdAt: new Date('2026-03-01') });
    await makeAdsFor(db(), old, { approved: 2, pending: 1, rejected: 3 });
    await makeAdsFor(db(), fresh, { pending: 2 });
    const res = await api.list({ status: 'inactive' });
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as { users: ListedUser[] }).users;
    expect(rows.map((u) => [u.username, u.adStats])).toEqual([
      ['fresh_one', { approved: 0, pending: 2, rejected: 0 }],
      ['old_one', { approved: 2, pending: 1, rejected: 3 }],
    ]);
  });

  it('verifies each advertiser with one audit entry each, and refuses the others on their own line', async () => {
    const a = await makeUser(db(), { username: 'to_verify_a', isVerified: false });
    const b = await makeUser(db(), { username: 'to_verify_b', isVerified: false });
    const done = await makeUser(db(), { isVerified: true });
    const other = await makeAdmin(db(), { isVerified: false });
    const missing = '00000000-0000-4000-8000-000000000000';

    const res = await verify([a.id, done.id, b.id, other.id, missing, a.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      results: [
        { id: a.id, ok: true },
        { id: done.id, ok: false, message: userMessages.alreadyVerified },
        { id: b.id, ok: true },
        { id: other.id, ok: false, message: userMessages.cannotVerifyAdmin },
        { id: missing, ok: false, message: userMessages.notFound },
      ],
    });
    const verified = await db().select({ id: users.id, v: users.isVerified }).from(users);
    const byId = new Map(verified.map((r) => [r.id, r.v]));
    expect([byId.get(a.id), byId.get(b.id), byId.get(other.id)]).toEqual([true, true, false]);
    const entries = await verifiedEntries();
    expect(entries.map((e) => e.entityId).sort()).toEqual([a.id, b.id].sort());
    for (const e of entries) {
      expect(e.actorId).toBe(admin.id);
      expect(e.details).toEqual({ fields: ['isVerified'], from: 'unverified', to: 'verified' });
    }
    // A second Verify (another admin's queue was stale) changes nothing and records nothing.
    const again = await verify([a.id]);
    expect(again.json().results).toEqual([{ id: a.id, ok: false, message: userMessages.alreadyVerified }]);
    expect(await verifiedEntries()).toHaveLength(2);
    expect((await api.list({ status: 'inactive' })).json().users).toEqual([]);
  });

  it('refuses a bad body with a 400 and changes nothing', async () => {
    const u = await makeUser(db(), { isVerified: false });
    const before = await usersSnapshot(db());
    for (const ids of [[], ['not-a-uuid'], Array.from({ length: 101 }, () => u.id), 'x', undefined]) {
      const res = await verify(ids);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(await usersSnapshot(db())).toEqual(before);
    expect(await verifiedEntries()).toEqual([]);
  });

  it("lists only decisions on the advertiser's ads with ?decisions=true, not their submissions", async () => {
    const u = await makeUser(db());
    const [pending, other] = await makeAdsFor(db(), u, { pending: 2 });
    const base = { entity: 'ad' as const, entityLabel: 'x', advertiserId: u.id, actorId: admin.id };
    await db()
      .insert(auditEvents)
      .values([
        { ...base, entityId: pending!.id, action: 'submitted', at: new Date('2026-01-01T00:00:00Z') },
        { ...base, entityId: pending!.id, action: 'claimed', at: new Date('2026-01-01T01:00:00Z') },
        { ...base, entityId: pending!.id, action: 'approved', at: new Date('2026-01-01T02:00:00Z') },
        { ...base, entityId: other!.id, action: 'rejected', at: new Date('2026-01-01T03:00:00Z') },
      ]);
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/activity?entity=ad&advertiser=${u.id}${query}`, headers: { cookie } });
    const actions = async (query: string) => (await get(query)).json().events.map((e: { action: string }) => e.action);
    expect(await actions('&decisions=true')).toEqual(['rejected', 'approved']);
    // Without it, the submissions and claims are there too (the factory records a submission per ad).
    expect(await actions('')).toEqual(expect.arrayContaining(['rejected', 'approved', 'claimed', 'submitted']));
    const counted = await t.app.inject({
      method: 'GET',
      url: `/api/activity/count?entity=ad&advertiser=${u.id}&decisions=true`,
      headers: { cookie },
    });
    expect(counted.json().total).toBe(2);
    expect((await get('&decisions=yes')).statusCode).toBe(400);
  });

  describe("the user page's messages", () => {
    async function message(userId: string | null, status: 'sent' | 'failed' | 'queued', at: string) {
      const [row] = await db()
        .insert(advertiserMessages)
        .values({
          adId: '00000000-0000-4000-8000-0000000000aa',
          userId,
          kind: 'approved',
          channel: 'email',
          recipient: 'x@example.lk',
          adHeading: `Ad of ${at}`,
          status,
          nextAttemptAt: new Date(at),
          createdAt: new Date(at),
          updatedAt: new Date(at),
        })
        .returning();
      return row!;
    }

    it("lists one advertiser's messages, newest first, and refuses a malformed id", async () => {
      const u = await makeUser(db());
      const other = await makeUser(db());
      const older = await message(u.id, 'sent', '2026-01-01T00:00:00Z');
      const newer = await message(u.id, 'failed', '2026-01-02T00:00:00Z');
      await message(other.id, 'failed', '2026-01-03T00:00:00Z');
      await message(null, 'queued', '2026-01-04T00:00:00Z');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/advertiser-messages?userId=${u.id}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(2);
      expect(res.json().messages.map((m: { id: number }) => m.id)).toEqual([newer.id, older.id]);
      const bad = await t.app.inject({ method: 'GET', url: '/api/advertiser-messages?userId=x', headers: { cookie } });
      expect(bad.statusCode).toBe(400);
    });
  });
});
