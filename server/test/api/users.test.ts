import fs from 'node:fs';
import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, userMessages, type ListedUser } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { advertisements, users, type UserRow } from '../../src/db/schema';
import { verifyPassword } from '../../src/lib/passwords';
import { countSessions } from '../../src/modules/auth/sessions-repository';
import { findUserById } from '../../src/modules/users/users-repository';
import { UsersService } from '../../src/modules/users/users-service';
import { LocalDiskStorage } from '../../src/storage/file-storage';
import { decisionEntries, summaryMatchesTable } from '../support/ads-helpers';
import { DEFAULT_PASSWORD, makeAd, makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';
import { editBody, makeAdsFor, usersClient, usersSnapshot, writeUpload } from '../support/users-factories';
import { purgeAuditTrail } from '../support/audit-purge';

describeApi('users API (docs/decisions/0004-users.md)', () => {
  let t: TestApp;
  let admin: UserRow;
  let cookie: string;
  let api: ReturnType<typeof usersClient>;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await makeAdmin(t.database.db, { name: 'Chief Admin', username: 'chief', email: 'chief@example.lk' });
    cookie = await signIn(t.app, admin.email);
    api = usersClient(t.app, cookie);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    const db = t.database.db;
    await db.delete(advertisements);
    await purgeAuditTrail(db);
    await db.delete(users).where(ne(users.id, admin.id));
    // Tests may change the main admin (its own email, or stepping aside for a race): restore it.
    await db
      .update(users)
      .set({ isAdmin: true, email: admin.email, username: admin.username, mobile: admin.mobile })
      .where(eq(users.id, admin.id));
  });

  const db = () => t.database.db;
  const advertiser = (overrides: Parameters<typeof makeUser>[1] = {}) => makeUser(db(), overrides);
  /**
   * The number of users `query` matches, from the count call; the list's own total must agree when
   * it gives one (a search gives it only on the page that shows the end of the matches).
   */
  const totalOf = async (query: Record<string, string | number>) => {
    const [counted, listed] = [await api.count(query), await api.list(query)];
    expect(counted.statusCode).toBe(200);
    expect(listed.statusCode).toBe(200);
    const total = counted.json().total as number;
    const { users, total: listTotal } = listed.json() as { users: unknown[]; total: number | null };
    if (listTotal !== null) expect(listTotal).toBe(total);
    else expect(query.q && users.length === 10).toBeTruthy();
    return total;
  };

  describe('GET /api/users', () => {
    it('lists advertisers only, newest first, each with its ad counts', async () => {
      const older = await advertiser({ username: 'older', createdAt: new Date('2024-03-01T00:00:00Z') });
      const newer = await advertiser({ username: 'newer', createdAt: new Date('2026-05-01T00:00:00Z') });
      const idle = await advertiser({ username: 'idle', createdAt: new Date('2025-01-01T00:00:00Z') });
      await makeAdmin(db(), { username: 'second-admin' });
      await makeAdsFor(db(), older, { approved: 2, pending: 1, rejected: 3 });
      await makeAdsFor(db(), newer, { pending: 4 });
      await makeAd(db(), { username: 'someone-else', userId: null, status: 'approved' });

      const res = await api.list({ role: 'advertiser' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(3);
      expect(body.page).toBe(1);
      expect(body.pageSize).toBe(10);
      expect(body.users.map((u: ListedUser) => u.username)).toEqual(['newer', 'idle', 'older']);
      const stats = Object.fromEntries(body.users.map((u: ListedUser) => [u.username, u.adStats]));
      expect(stats).toEqual({
        newer: { approved: 0, pending: 4, rejected: 0 },
        idle: { approved: 0, pending: 0, rejected: 0 },
        older: { approved: 2, pending: 1, rejected: 3 },
      });
      const first = body.users[0];
      expect(first).toMatchObject({ _id: newer.id, email: newer.email, isAdmin: false, isVerified: true });
      expect(JSON.stringify(body)).not.toMatch(/hash|argon/i);
      expect(idle.id).toBeTruthy();
      // role defaults to advertiser
      expect((await api.list()).json().total).toBe(3);
    });

    it('lists administrators with role=admin', async () => {
      await advertiser();
      const other = await makeAdmin(db(), { username: 'other-admin' });
      const body = (await api.list({ role: 'admin' })).json();
      expect(body.users.map((u: ListedUser) => u._id).sort()).toEqual([admin.id, other.id].sort());
      expect(body.users.every((u: ListedUser) => u.isAdmin)).toBe(true);
    });

    it('keeps the totals (user_counts) exact through inserts, role changes, edits and deletes', async () => {
      const roleTotals = async () => [await totalOf({ role: 'advertiser' }), await totalOf({ role: 'admin' })];
      const fresh = async () => {
        const [row] = rowsOf<{ advertisers: number; admins: number }>(
          await db().execute(sql`select
            (select count(*) from users where not is_admin)::int as advertisers,
            (select count(*) from users where is_admin)::int as admins`),
        );
        return [row!.advertisers, row!.admins];
      };
      const [a, b, c] = [await advertiser(), await advertiser(), await advertiser()];
      expect(await roleTotals()).toEqual([3, 1]);
      await db().update(users).set({ isAdmin: true }).where(eq(users.id, a.id)); // promoted
      await db().update(users).set({ name: 'Renamed' }).where(eq(users.id, b.id)); // role unchanged
      expect(await roleTotals()).toEqual([2, 2]);
      expect((await api.remove(c.id)).statusCode).toBe(200);
      // Everyone but the signed-in admin swaps role in one statement.
      await db()
        .update(users)
        .set({ isAdmin: sql`not ${users.isAdmin}` })
        .where(ne(users.id, admin.id));
      expect(await roleTotals()).toEqual(await fresh());
      expect(await roleTotals()).toEqual([1, 2]);
    });

    it('searches name, username, email, mobile and id, case-insensitively and literally', async () => {
      const nimal = await advertiser({
        name: 'Nimal Perera',
        username: 'np_2024',
        email: 'nimal.p@gmail.com',
        mobile: '077 123 4567',
      });
      await advertiser({
        name: 'Priya Sivakumar',
        username: 'priya.s',
        email: 'priya@yahoo.com',
        mobile: '071 987 6543',
      });
      await advertiser({ name: '100% Genuine', username: 'genuine', email: 'g@sltnet.lk', mobile: null });
      await makeAdmin(db(), { name: 'Nimal Admin', username: 'nimal-admin' });

      expect(await totalOf({ q: 'nimal perera' })).toBe(1);
      expect(await totalOf({ q: 'NIMAL' })).toBe(1); // the admin is not listed
      expect(await totalOf({ q: 'NP_2024' })).toBe(1);
      expect(await totalOf({ q: 'yahoo.COM' })).toBe(1);
      expect(await totalOf({ q: '987 6543' })).toBe(1);
      expect(await totalOf({ q: '0771234567' })).toBe(1); // other spacing of the same number
      expect(await totalOf({ q: '077-123-4567' })).toBe(1);
      expect(await totalOf({ q: nimal.id.slice(0, 5) })).toBeGreaterThanOrEqual(1);
      const byId = (await api.list({ q: nimal.id })).json();
      expect(byId.users.map((u: ListedUser) => u._id)).toEqual([nimal.id]);
      expect(await totalOf({ q: '100%' })).toBe(1);
      expect(await totalOf({ q: '%' })).toBe(1);
      expect(await totalOf({ q: '_' })).toBe(1); // np_2024 only
      expect(await totalOf({ q: "'; drop table users; --" })).toBe(0);
      expect(await totalOf({ q: '\\' })).toBe(0);
      expect(await totalOf({ q: 'nobody at all' })).toBe(0);
      expect((await api.list({ q: 'nobody at all' })).json().users).toEqual([]);
    });

    it('pages with page and pageSize, with a stable order', async () => {
      const made: UserRow[] = [];
      for (let i = 0; i < 25; i++)
        made.push(await advertiser({ username: `u${i}`, createdAt: new Date(Date.UTC(2025, 0, 1 + i)) }));
      const page = async (p: number, size?: number) =>
        (await api.list(size ? { page: p, pageSize: size } : { page: p })).json();
      const [p1, p2, p3, p4] = [await page(1), await page(2), await page(3), await page(4)];
      expect([p1, p2, p3, p4].map((b) => b.users.length)).toEqual([10, 10, 5, 0]);
      expect(p3.total).toBe(25);
      expect(p4.total).toBe(25); // past the end: the count is asked on its own
      const names = [...p1.users, ...p2.users, ...p3.users].map((u: ListedUser) => u.username);
      expect(names).toEqual(made.map((u) => u.username).reverse());
      expect((await page(1, 100)).users).toHaveLength(25);
      expect((await page(2, 7)).users.map((u: ListedUser) => u.username)).toEqual(names.slice(7, 14));
      // A search's page that does not show the end leaves the total to the count call.
      const filtered = (await api.list({ q: 'u1', pageSize: 5 })).json();
      expect(filtered.total).toBeNull();
      expect(filtered.users).toHaveLength(5);
      expect((await api.count({ q: 'u1' })).json()).toEqual({ total: 11 }); // u1, u10..u19
      expect((await api.list({ q: 'u1', pageSize: 5, page: 2 })).json().total).toBeNull();
      const last = (await api.list({ q: 'u1', pageSize: 5, page: 3 })).json();
      expect([last.users.length, last.total]).toEqual([1, 11]);
      const past = (await api.list({ q: 'u1', pageSize: 5, page: 4 })).json();
      expect([past.users.length, past.total]).toEqual([0, null]);
      expect((await api.list({ q: 'u9', pageSize: 5 })).json().total).toBe(1);
      expect((await api.list({ q: 'nobody', pageSize: 5 })).json().total).toBe(0);
    });

    it('refuses bad queries with a 400 and the error body of docs/decisions/0013-errors-and-validation.md', async () => {
      for (const query of [
        { page: 0 },
        { page: -1 },
        { page: 'abc' },
        { page: 1.5 },
        { page: '99999999999999' },
        { pageSize: 0 },
        { pageSize: 101 },
        { pageSize: 1_000_000 },
        { role: 'superuser' },
        { role: '' },
        { unknown: 'x' },
        { q: 'x'.repeat(10_000) },
        { q: 'a\u0000b' },
        { q: 'tab\there' },
      ]) {
        const res = await api.list(query as unknown as Record<string, string | number>);
        expect(res.statusCode, JSON.stringify(query).slice(0, 80)).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
      }
      expect((await api.list({ q: 'x'.repeat(10_000) })).json().message).toBe(userMessages.searchTooLong);
      for (const query of [{ role: 'superuser' }, { page: 2 }, { q: 'x'.repeat(10_000) }, { q: 'a\u0000b' }]) {
        const res = await api.count(query as unknown as Record<string, string | number>);
        expect(res.statusCode, `count ${JSON.stringify(query).slice(0, 80)}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
      }
    });

    it('needs a signed-in administrator', async () => {
      expect((await t.app.inject({ url: '/api/users' })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/users', headers: { cookie: 'sid=forged' } })).statusCode).toBe(401);
    });
  });

  describe('GET /api/users/{id}', () => {
    it('answers the user and their ad counts', async () => {
      const u = await advertiser({
        mobile2: '071 000 1111',
        whatsapp: '077 123 4567',
        joinDate: new Date('2025-02-03'),
      });
      await makeAdsFor(db(), u, { approved: 1, rejected: 2 });
      const res = await api.get(u.id);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.adStats).toEqual({ approved: 1, pending: 0, rejected: 2 });
      expect(body.user).toEqual({
        _id: u.id,
        username: u.username,
        name: u.name,
        email: u.email,
        mobile: u.mobile,
        mobile2: '071 000 1111',
        whatsapp: '077 123 4567',
        profilePicture: null,
        isAdmin: false,
        isVerified: true,
        // An advertiser has no admin role (docs/decisions/0033-roles.md).
        role: null,
        categories: null,
        language: 'en',
        createdAt: u.createdAt.toISOString(),
        joinDate: '2025-02-03T00:00:00.000Z',
      });
      expect(Object.keys(body).sort()).toEqual(['adStats', 'strikes', 'user']);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const missing = await api.get('00000000-0000-4000-8000-000000000000');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: userMessages.notFound });
      for (const id of ['not-a-uuid', '1', "x'%20or%201=1", '00000000-0000-4000-8000-00000000000Z', 'a'.repeat(150)]) {
        const res = await api.get(id);
        expect(res.statusCode, id).toBe(400);
        expect(res.json().success).toBe(false);
      }
    });
  });

  describe('PUT /api/users/{id}', () => {
    it('updates the spec fields and answers the updated user', async () => {
      const u = await advertiser({ isVerified: false, mobile: '077 111 2222' });
      const res = await api.update(
        u.id,
        editBody(u, {
          username: '  kasun.new ',
          email: 'Kasun.New@Example.lk',
          mobile: '071 555 6666',
          isVerified: true,
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        _id: u.id,
        username: 'kasun.new',
        email: 'Kasun.New@Example.lk',
        mobile: '071 555 6666',
        isVerified: true,
        isAdmin: false,
        name: u.name,
      });
      expect(JSON.stringify(res.json())).not.toMatch(/hash|argon/i);
      const row = (await findUserById(db(), u.id))!;
      expect(row.passwordHash).toBe(u.passwordHash); // no password given: kept
      // an empty mobile clears it, and an empty password still keeps the current one
      const cleared = await api.update(u.id, editBody(row, { mobile: '', password: '' }));
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().mobile).toBeNull();
      expect((await findUserById(db(), u.id))!.passwordHash).toBe(u.passwordHash);
      expect((await api.update(u.id, editBody(row, { mobile: null }))).statusCode).toBe(200);
    });

    it('renames the username on the user’s ads too', async () => {
      const u = await advertiser({ username: 'old.name' });
      await makeAdsFor(db(), u, { approved: 2 });
      expect((await api.update(u.id, editBody(u, { username: 'new.name' }))).statusCode).toBe(200);
      const names = await db().select({ username: advertisements.username }).from(advertisements);
      expect(names.map((n) => n.username)).toEqual(['new.name', 'new.name']);
      expect(await summaryMatchesTable(db())).toBe(true);
    });

    it('sets a new password of at least 8 characters and ends that user’s sessions', async () => {
      const other = await makeAdmin(db());
      const otherCookie = await signIn(t.app, other.email);
      expect(await countSessions(db(), other.id)).toBe(1);

      const short = await api.update(other.id, editBody(other, { password: 'short12' }));
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        message: messages.password.tooShort,
        errors: { password: messages.password.tooShort },
      });
      expect(await countSessions(db(), other.id)).toBe(1);

      const res = await api.update(other.id, editBody(other, { password: 'a-brand-new-password' }));
      expect(res.statusCode).toBe(200);
      const row = (await findUserById(db(), other.id))!;
      expect(await verifyPassword(row.passwordHash, 'a-brand-new-password')).toBe(true);
      expect(await verifyPassword(row.passwordHash, DEFAULT_PASSWORD)).toBe(false);
      expect(await countSessions(db(), other.id)).toBe(0);
      expect((await t.app.inject({ url: '/api/auth/session', headers: { cookie: otherCookie } })).statusCode).toBe(401);
      await signIn(t.app, other.email, 'a-brand-new-password');
    });

    it('needs their current password when admins change their own (400 without, 403 wrong), then keeps the caller’s session and ends their others', async () => {
      const me = await makeAdmin(db());
      const [mine, elsewhere] = [await signIn(t.app, me.email), await signIn(t.app, me.email)];
      const self = usersClient(t.app, mine);
      const sessionOf = (c: string) =>
        t.app.inject({ url: '/api/auth/session', headers: { cookie: c } }).then((r) => r.statusCode);

      const missing = await self.update(me.id, editBody(me, { username: 'renamed.me', password: 'my-new-password-1' }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        success: false,
        message: 'Current password is required',
        errors: { currentPassword: 'Current password is required' },
      });
      const empty = await self.update(me.id, editBody(me, { password: 'my-new-password-1', currentPassword: '' }));
      expect(empty.statusCode).toBe(400);
      const wrong = await self.update(
        me.id,
        editBody(me, { username: 'renamed.me', password: 'my-new-password-1', currentPassword: 'not-my-password' }),
      );
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({
        success: false,
        message: 'Current password is incorrect',
        errors: { currentPassword: 'Current password is incorrect' },
      });
      // Refused changes change nothing: not the password, not the name, not the sessions.
      const unchanged = (await findUserById(db(), me.id))!;
      expect(unchanged.passwordHash).toBe(me.passwordHash);
      expect(unchanged.username).toBe(me.username);
      expect(await countSessions(db(), me.id)).toBe(2);

      // Without a new password, editing oneself needs nothing more.
      expect((await self.update(me.id, editBody(me, { mobile: '0777654321' }))).statusCode).toBe(200);

      const res = await self.update(
        me.id,
        editBody(me, { password: 'my-new-password-1', currentPassword: DEFAULT_PASSWORD }),
      );
      expect(res.statusCode).toBe(200);
      expect(await verifyPassword((await findUserById(db(), me.id))!.passwordHash, 'my-new-password-1')).toBe(true);
      expect(await sessionOf(mine)).toBe(200);
      expect(await sessionOf(elsewhere)).toBe(401);
      expect(await countSessions(db(), me.id)).toBe(1);
    });

    it('ends all sessions of an admin who loses admin rights', async () => {
      const other = await makeAdmin(db());
      const otherCookie = await signIn(t.app, other.email);
      const res = await api.update(other.id, editBody(other, { isAdmin: false }));
      expect(res.statusCode).toBe(200);
      expect(res.json().isAdmin).toBe(false);
      expect(await countSessions(db(), other.id)).toBe(0);
      expect((await t.app.inject({ url: '/api/auth/session', headers: { cookie: otherCookie } })).statusCode).toBe(401);
      // and promoting back works, without touching sessions
      expect((await api.update(other.id, editBody(other, { isAdmin: true }))).json().isAdmin).toBe(true);
    });

    it('does not let admins demote themselves', async () => {
      const before = await usersSnapshot(db());
      const res = await api.update(admin.id, editBody(admin, { isAdmin: false }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: userMessages.cannotDemoteSelf });
      expect(await usersSnapshot(db())).toEqual(before);
      // other changes to one's own record are fine, and case-only changes of one's own email too
      const ok = await api.update(admin.id, editBody(admin, { email: admin.email.toUpperCase() }));
      expect(ok.statusCode).toBe(200);
      expect((await api.update(admin.id, editBody(admin))).statusCode).toBe(200);
    });

    it('refuses an email or username another user has, whatever the case (409)', async () => {
      const a = await advertiser({ email: 'taken@gmail.com', username: 'Taken.Name' });
      const b = await advertiser();
      const before = await usersSnapshot(db());
      const email = await api.update(b.id, editBody(b, { email: 'TAKEN@Gmail.com' }));
      expect(email.statusCode).toBe(409);
      expect(email.json()).toEqual({
        success: false,
        message: userMessages.emailInUse,
        errors: { email: userMessages.emailInUse },
      });
      const username = await api.update(b.id, editBody(b, { username: 'taken.NAME' }));
      expect(username.statusCode).toBe(409);
      expect(username.json()).toMatchObject({ message: userMessages.usernameInUse });
      const adminEmail = await api.update(b.id, editBody(b, { email: admin.email }));
      expect(adminEmail.statusCode).toBe(409);
      expect(await usersSnapshot(db())).toEqual(before);
      expect(a.id).not.toBe(b.id);
    });

    it('gives one of two simultaneous claims of the same email a 409, never a 500', async () => {
      for (let round = 0; round < 3; round++) {
        const [a, b] = [await advertiser(), await advertiser()];
        const claimed = `Claimed${round}@Example.lk`;
        const results = await Promise.all([
          api.update(a.id, editBody(a, { email: claimed })),
          api.update(b.id, editBody(b, { email: claimed.toLowerCase(), username: `claim-${round}` })),
        ]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(userMessages.emailInUse);
      }
    });

    it('refuses bad bodies with a 400 and changes nothing', async () => {
      const u = await advertiser();
      const before = await usersSnapshot(db());
      const cases: Array<[unknown, string?]> = [
        [{ ...editBody(u), extra: 1 }],
        [{ ...editBody(u), passwordHash: 'x' }],
        [{ ...editBody(u), name: 'New name' }],
        [{ ...editBody(u), _id: '00000000-0000-4000-8000-000000000000' }],
        [{ email: u.email }],
        [editBody(u, { username: '' }), 'username'],
        [editBody(u, { username: '   ' }), 'username'],
        [editBody(u, { username: 'has space' }), 'username'],
        [editBody(u, { username: 'x'.repeat(51) }), 'username'],
        [editBody(u, { email: 'not-an-email' }), 'email'],
        [editBody(u, { email: `${'a'.repeat(250)}@x.lk` }), 'email'],
        [editBody(u, { mobile: 'call me' }), 'mobile'],
        [editBody(u, { mobile: '1'.repeat(30) }), 'mobile'],
        [editBody(u, { isAdmin: 'yes' }), 'isAdmin'],
        [editBody(u, { isVerified: null }), 'isVerified'],
        [editBody(u, { password: 'short' }), 'password'],
        [editBody(u, { password: 'x'.repeat(300) }), 'password'],
        [editBody(u, { password: 12345678 }), 'password'],
        [[]],
        [null],
      ];
      for (const [body, field] of cases) {
        const res = await api.update(u.id, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
        expect(res.json().success).toBe(false);
        if (field) expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body).slice(0, 100)).toContain(field);
      }
      const malformed = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${u.id}`,
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(malformed.statusCode).toBe(400);
      const text = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${u.id}`,
        headers: { cookie, origin: ORIGIN, 'content-type': 'text/plain' },
        payload: 'username=x',
      });
      expect(text.statusCode).toBe(400);
      const huge = await api.update(u.id, editBody(u, { username: 'x'.repeat(2 * 1024 * 1024) }));
      expect(huge.statusCode).toBe(413);
      expect(await usersSnapshot(db())).toEqual(before);
    });

    it('answers 404 for an unknown user, 400 for a bad id and 403 without an allowed origin', async () => {
      const u = await advertiser();
      const missing = await api.update('00000000-0000-4000-8000-000000000000', editBody(u));
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(userMessages.notFound);
      expect((await api.update('nope', editBody(u))).statusCode).toBe(400);
      const noOrigin = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${u.id}`,
        headers: { cookie },
        payload: editBody(u, { isVerified: false }),
      });
      expect(noOrigin.statusCode).toBe(403);
      expect((await findUserById(db(), u.id))!.isVerified).toBe(true);
    });
  });

  describe('DELETE /api/users/{id}', () => {
    it('removes the user, their ads and sessions, and (after commit) image files no other ad uses', async () => {
      const gone = await advertiser({ profilePicture: 'profiles/gone.png' });
      const stays = await advertiser();
      const files = {
        own: writeUpload(t.dataDir, 'ads/own-1.png'),
        ownPrefixed: writeUpload(t.dataDir, 'ads/own-2.png'),
        shared: writeUpload(t.dataDir, 'ads/shared.png'),
        sharedOtherForm: writeUpload(t.dataDir, 'ads/shared-2.png'),
        picture: writeUpload(t.dataDir, 'profiles/gone.png'),
        unrelated: writeUpload(t.dataDir, 'ads/unrelated.png'),
      };
      await makeAdsFor(db(), gone, { approved: 1 }, { images: ['ads/own-1.png', '/uploads/ads/own-2.png'] });
      await makeAdsFor(db(), gone, { pending: 1, rejected: 1 }, { images: ['ads/shared.png', 'ads/shared-2.png'] });
      await makeAdsFor(db(), stays, { approved: 1 }, { images: ['/uploads/ads/shared.png', 'ads/shared-2.png'] });
      await makeAdsFor(db(), stays, { pending: 1 }, { images: ['ads/unrelated.png'] });

      const res = await api.remove(gone.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });

      expect(await findUserById(db(), gone.id)).toBeUndefined();
      const left = await db().select().from(advertisements);
      expect(left.every((a) => a.userId === stays.id)).toBe(true);
      expect(left).toHaveLength(2);
      expect(await summaryMatchesTable(db())).toBe(true);
      expect(fs.existsSync(files.own)).toBe(false);
      expect(fs.existsSync(files.ownPrefixed)).toBe(false);
      expect(fs.existsSync(files.picture)).toBe(false);
      expect(fs.existsSync(files.shared)).toBe(true);
      expect(fs.existsSync(files.sharedOtherForm)).toBe(true);
      expect(fs.existsSync(files.unrelated)).toBe(true);
      const events = await decisionEntries(db());
      expect(events.map((e) => [e.entity, e.action])).toEqual([
        ['ad', 'deleted'],
        ['ad', 'deleted'],
        ['ad', 'deleted'],
        ['user', 'deleted'],
      ]);
      expect(
        events.every((e) => e.actorId === admin.id && (e.entity === 'user' || e.details?.reason === 'User deleted')),
      ).toBe(true);

      expect((await api.get(gone.id)).statusCode).toBe(404);
      expect((await api.remove(gone.id)).statusCode).toBe(404);
      expect((await api.list()).json().users.map((u: ListedUser) => u._id)).toEqual([stays.id]);
    });

    it('ends the deleted user’s sessions', async () => {
      const other = await makeAdmin(db());
      const otherCookie = await signIn(t.app, other.email);
      expect((await api.remove(other.id)).statusCode).toBe(200);
      expect(await countSessions(db(), other.id)).toBe(0);
      expect((await t.app.inject({ url: '/api/auth/session', headers: { cookie: otherCookie } })).statusCode).toBe(401);
    });

    it('does not let admins delete themselves', async () => {
      await makeAdsFor(db(), admin, { approved: 1 });
      const before = await usersSnapshot(db());
      const res = await api.remove(admin.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: userMessages.cannotDeleteSelf });
      expect(await usersSnapshot(db())).toEqual(before);
    });

    it('answers 404 for an unknown user and 400 for bad ids, changing nothing', async () => {
      await advertiser();
      const before = await usersSnapshot(db());
      expect((await api.remove('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      for (const id of ['x', '123', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(150)])
        expect((await api.remove(id)).statusCode).toBe(400);
      expect(await usersSnapshot(db())).toEqual(before);
    });

    it('removes files only after the transaction has committed', async () => {
      const u = await advertiser();
      writeUpload(t.dataDir, 'ads/after-commit.png');
      await makeAdsFor(db(), u, { approved: 1 }, { images: ['ads/after-commit.png'] });
      const disk = new LocalDiskStorage(`${t.dataDir}/uploads`);
      const seenAtRemoval: Array<{ key: string; userCommittedGone: boolean }> = [];
      const storage = {
        write: disk.write.bind(disk),
        exists: disk.exists.bind(disk),
        promote: disk.promote.bind(disk),
        list: disk.list.bind(disk),
        read: disk.read.bind(disk),
        async remove(key: string) {
          // Outside the transaction: on PostgreSQL another connection, on PGlite the next query in line.
          const [row] = await db().select({ id: users.id }).from(users).where(eq(users.id, u.id));
          seenAtRemoval.push({ key, userCommittedGone: row === undefined });
          await disk.remove(key);
        },
      };
      const service = new UsersService(db(), storage, () => new Date(), { warn: () => {} });
      await service.delete(u.id, { id: admin.id, tokenHash: 'none' });
      expect(seenAtRemoval).toEqual([{ key: 'ads/after-commit.png', userCommittedGone: true }]);
    });
  });

  describe('the last administrator (docs/decisions/0004-users.md)', () => {
    it('can never be demoted or deleted, even by a request that passed the guard earlier', async () => {
      // An admin whose rights were just taken away still has a request in flight: the service
      // must refuse to remove the only admin left.
      const former = await advertiser();
      const service = new UsersService(db(), new LocalDiskStorage(`${t.dataDir}/uploads`), () => new Date(), {
        warn: () => {},
      });
      const actor = { id: former.id, tokenHash: 'none' };
      const before = await usersSnapshot(db());
      await expect(
        service.update(
          admin.id,
          { ...editBody(admin), isAdmin: false, mobile: null, password: undefined, currentPassword: undefined },
          actor,
        ),
      ).rejects.toMatchObject({
        statusCode: 409,
        message: userMessages.lastAdmin,
      });
      await expect(service.delete(admin.id, actor)).rejects.toMatchObject({
        statusCode: 409,
        message: userMessages.lastAdmin,
      });
      expect(await usersSnapshot(db())).toEqual(before);
    });

    it('survives two admins removing each other at the same time', async () => {
      // The main test admin steps aside (directly in the database, keeping its session), so that
      // exactly two admins are left to race.
      await db().update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
      const adminCount = async () =>
        (
          (await db().execute(sql`select count(*)::int as n from users where is_admin`)) as unknown as {
            rows: [{ n: number }];
          }
        ).rows[0].n;
      const race = async (act: (a: UserRow, aApi: typeof api, b: UserRow, bApi: typeof api) => Promise<unknown>[]) => {
        await db().delete(users).where(ne(users.id, admin.id));
        const [a, b] = [await makeAdmin(db()), await makeAdmin(db())];
        const [aApi, bApi] = [
          usersClient(t.app, await signIn(t.app, a.email)),
          usersClient(t.app, await signIn(t.app, b.email)),
        ];
        const results = (await Promise.all(act(a, aApi, b, bApi))) as Array<{ statusCode: number }>;
        const codes = results.map((r) => r.statusCode).sort();
        expect(codes[0]).toBe(200);
        // the loser is refused by the rule, or by the guard once the winner has committed
        expect([401, 403, 409]).toContain(codes[1]);
        expect(await adminCount()).toBe(1);
      };
      await race((a, aApi, b, bApi) => [
        aApi.update(b.id, editBody(b, { isAdmin: false })),
        bApi.update(a.id, editBody(a, { isAdmin: false })),
      ]);
      await race((a, aApi, b, bApi) => [aApi.remove(b.id), bApi.remove(a.id)]);
      await race((a, aApi, b, bApi) => [aApi.remove(b.id), bApi.update(a.id, editBody(a, { isAdmin: false }))]);
    });
  });
});
