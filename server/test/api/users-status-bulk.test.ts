import fs from 'node:fs';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exportText, userMessages } from '@backoffice/contract';
import { advertisements, auditEvents, users, type UserRow } from '../../src/db/schema';
import { makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';
import { makeAdsFor, usersClient, usersSnapshot, writeUpload } from '../support/users-factories';
import { purgeAuditTrail } from '../support/audit-purge';

/** User Management's status filter and bulk delete (docs/decisions/0018-exports-and-bulk.md). */
describeApi('users: status filter and bulk delete', () => {
  let t: TestApp;
  let admin: UserRow;
  let api: ReturnType<typeof usersClient>;
  let cookie = '';

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await makeAdmin(t.database.db, { username: 'chief', email: 'chief@example.lk' });
    cookie = await signIn(t.app, admin.email);
    api = usersClient(t.app, cookie);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(advertisements);
    await purgeAuditTrail(t.database.db);
    await t.database.db.delete(users).where(ne(users.id, admin.id));
  });

  const db = () => t.database.db;
  const bulkDelete = (ids: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/bulk-delete',
      headers: { cookie, origin: ORIGIN },
      payload: { ids },
    });

  describe('status', () => {
    /** Usernames the list gives over every page, and the count call's total. */
    async function listed(query: Record<string, string | number>) {
      const names: string[] = [];
      for (let page = 1; ; page++) {
        const res = await api.list({ ...query, page, pageSize: 2 });
        expect(res.statusCode).toBe(200);
        const body = res.json() as { users: { username: string }[]; total: number | null };
        names.push(...body.users.map((u) => u.username));
        if (body.users.length < 2) {
          // The page that shows the end of the matches gives their total (an empty page past it cannot).
          expect(body.total).toBe(body.users.length || page === 1 ? names.length : null);
          break;
        }
      }
      const counted = await api.count(query);
      expect(counted.statusCode).toBe(200);
      expect(counted.json().total).toBe(names.length);
      return names.sort();
    }

    it('filters advertisers: active is verified, inactive not verified, pending has a pending ad', async () => {
      const a = await makeUser(db(), { username: 'a_verified', isVerified: true });
      const b = await makeUser(db(), { username: 'b_unverified', isVerified: false });
      const c = await makeUser(db(), { username: 'c_verified_pending', isVerified: true });
      const d = await makeUser(db(), { username: 'd_unverified_pending', isVerified: false });
      await makeUser(db(), { username: 'e_verified', isVerified: true });
      await makeAdsFor(db(), a, { approved: 2, rejected: 1 });
      await makeAdsFor(db(), b, { rejected: 1 });
      await makeAdsFor(db(), c, { pending: 1, approved: 1 });
      await makeAdsFor(db(), d, { pending: 3 });
      // An admin with a pending ad is not an advertiser: no status brings it into the list.
      await makeAdsFor(db(), admin, { pending: 1 });

      expect(await listed({})).toEqual([
        'a_verified',
        'b_unverified',
        'c_verified_pending',
        'd_unverified_pending',
        'e_verified',
      ]);
      expect(await listed({ status: 'all' })).toHaveLength(5);
      expect(await listed({ status: 'active' })).toEqual(['a_verified', 'c_verified_pending', 'e_verified']);
      expect(await listed({ status: 'inactive' })).toEqual(['b_unverified', 'd_unverified_pending']);
      expect(await listed({ status: 'pending' })).toEqual(['c_verified_pending', 'd_unverified_pending']);
      expect(await listed({ status: 'pending', q: 'unverified' })).toEqual(['d_unverified_pending']);
      expect(await listed({ status: 'active', q: 'nobody' })).toEqual([]);
    });

    it('leaves a user out of pending once their last pending ad is decided', async () => {
      const u = await makeUser(db(), { username: 'waiting' });
      const [ad] = await makeAdsFor(db(), u, { pending: 1 });
      expect(await listed({ status: 'pending' })).toEqual(['waiting']);
      await db().update(advertisements).set({ status: 'approved' }).where(eq(advertisements.id, ad!.id));
      expect(await listed({ status: 'pending' })).toEqual([]);
    });

    it('refuses an unknown status with a 400', async () => {
      for (const res of [await api.list({ status: 'gone' }), await api.count({ status: 'ACTIVE' })]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().success).toBe(false);
      }
    });
  });

  describe('POST /api/users/bulk-delete', () => {
    it('deletes each user with their ads and files, one result per id', async () => {
      const u1 = await makeUser(db(), { profilePicture: 'profiles/u1.png' });
      const u2 = await makeUser(db());
      const keep = await makeUser(db());
      const picture = writeUpload(t.dataDir, 'profiles/u1.png');
      const image = writeUpload(t.dataDir, 'ads/u1-photo.png');
      await makeAdsFor(db(), u1, { pending: 1, approved: 1 }, { images: ['/uploads/ads/u1-photo.png'] });
      await makeAdsFor(db(), u2, { rejected: 2 });
      const [kept] = await makeAdsFor(db(), keep, { pending: 1 });

      const res = await bulkDelete([u1.id, u2.id, u1.id]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        results: [
          { id: u1.id, ok: true },
          { id: u2.id, ok: true },
        ],
      });
      expect(
        await db()
          .select()
          .from(users)
          .where(inArray(users.id, [u1.id, u2.id])),
      ).toEqual([]);
      const ads = await db().select({ id: advertisements.id }).from(advertisements);
      expect(ads).toEqual([{ id: kept!.id }]);
      // Like the single delete: an audit entry for each deleted ad, files gone after the commit.
      expect(
        await db()
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.entity, 'ad'), eq(auditEvents.action, 'deleted'))),
      ).toHaveLength(4);
      expect(fs.existsSync(picture)).toBe(false);
      expect(fs.existsSync(image)).toBe(false);
    });

    it('refuses admins, the signed-in admin and unknown ids, per item, and deletes the rest', async () => {
      const other = await makeAdmin(db());
      const u = await makeUser(db());
      const missing = '00000000-0000-4000-8000-000000000000';
      const res = await bulkDelete([admin.id, other.id, u.id, missing]);
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toEqual([
        { id: admin.id, ok: false, message: exportText.cannotDeleteSelf },
        { id: other.id, ok: false, message: exportText.cannotDeleteAdmin },
        { id: u.id, ok: true },
        { id: missing, ok: false, message: userMessages.notFound },
      ]);
      expect((await db().select({ id: users.id }).from(users)).map((r) => r.id).sort()).toEqual(
        [admin.id, other.id].sort(),
      );
    });

    it('never deletes the last admin, even one promoted after the list was shown', async () => {
      // The only other admin is the signed-in one: refused as self; a second admin is refused as an admin.
      const res = await bulkDelete([admin.id]);
      expect(res.json().results).toEqual([{ id: admin.id, ok: false, message: exportText.cannotDeleteSelf }]);
      const promoted = await makeUser(db());
      await db().update(users).set({ isAdmin: true }).where(eq(users.id, promoted.id));
      const again = await bulkDelete([promoted.id]);
      expect(again.json().results).toEqual([{ id: promoted.id, ok: false, message: exportText.cannotDeleteAdmin }]);
      expect(await db().select().from(users).where(eq(users.isAdmin, true))).toHaveLength(2);
    });

    it('refuses a bad body with a 400 and changes nothing', async () => {
      const u = await makeUser(db());
      const before = await usersSnapshot(db());
      for (const ids of [[], ['not-a-uuid'], Array.from({ length: 101 }, () => u.id), 'x']) {
        const res = await bulkDelete(ids);
        expect(res.statusCode).toBe(400);
      }
      expect(await usersSnapshot(db())).toEqual(before);
    });
  });
});
