import { and, eq, sql } from 'drizzle-orm';
import { roleMessages, userMessages } from '@backoffice/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditEvents, users } from '../../src/db/schema';
import { makeAdmin, makeUser, signIn } from '../support/factories';
import { editBody, usersClient } from '../support/users-factories';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';

/** Issue 36.3 (docs/decisions/0033-roles.md): the role and categories in the user calls. */
describeApi('users: roles and categories', () => {
  let t: TestApp;
  let api: ReturnType<typeof usersClient>;
  let chiefId = '';

  beforeAll(async () => {
    t = await buildTestApp();
    // Only this file's admins: the last-administrator rules count every admin of the database.
    await t.database.db.execute(sql`update users set is_admin = false where is_admin`);
    const chief = await makeAdmin(t.database.db);
    chiefId = chief.id;
    api = usersClient(t.app, await signIn(t.app, chief.email));
  });
  afterAll(() => t?.close());

  it('answers the role and categories, in the session too', async () => {
    const res = await api.get(chiefId);
    expect([res.json().user.role, res.json().user.categories]).toEqual(['administrator', null]);
    const session = await api.send('GET', '/api/auth/session');
    expect(session.json().user?.role ?? session.json().role).toBe('administrator');
  });

  it('makes a user made Admin without a role an administrator, and sets a moderator with categories', async () => {
    const user = await makeUser(t.database.db);
    const promoted = await api.update(user.id, editBody(user, { isAdmin: true }));
    expect([promoted.statusCode, promoted.json().role, promoted.json().categories]).toEqual([
      200,
      'administrator',
      null,
    ]);
    const row = (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!;
    const moderator = await api.update(user.id, editBody(row, { role: 'moderator', categories: ['Vehicles', 'Jobs'] }));
    expect([moderator.statusCode, moderator.json().role, moderator.json().categories]).toEqual([
      200,
      'moderator',
      ['Vehicles', 'Jobs'],
    ]);
    // Left out: both kept.
    const kept = await api.update(user.id, editBody(row, { isVerified: !row.isVerified }));
    expect([kept.json().role, kept.json().categories]).toEqual(['moderator', ['Vehicles', 'Jobs']]);
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, user.id), sql`${auditEvents.details}->>'to' = 'moderator'`));
    expect(entry?.details).toMatchObject({ from: 'administrator', to: 'moderator' });
    expect((entry?.details as { fields: string[] }).fields).toEqual(expect.arrayContaining(['role', 'categories']));
    // Back to an advertiser: no role, no categories.
    const demoted = await api.update(user.id, editBody(row, { isAdmin: false }));
    expect([demoted.json().role, demoted.json().categories]).toEqual([null, null]);
  });

  it('refuses categories for anyone but a moderator, and a role for an advertiser, changing nothing', async () => {
    const admin = await makeAdmin(t.database.db, { role: 'support' });
    const res = await api.update(admin.id, editBody(admin, { categories: ['Jobs'] }));
    expect([res.statusCode, res.json().errors]).toEqual([400, { categories: roleMessages.categoriesOnlyModerators }]);
    const user = await makeUser(t.database.db);
    const role = await api.update(user.id, editBody(user, { role: 'moderator' }));
    expect([role.statusCode, role.json().errors]).toEqual([400, { role: roleMessages.roleOnlyAdmins }]);
    expect((await api.get(admin.id)).json().user.role).toBe('support');
  });

  it('keeps the last administrator: no demotion (409), while moderators remain', async () => {
    const second = await makeAdmin(t.database.db);
    const secondApi = usersClient(t.app, await signIn(t.app, second.email));
    const chief = (await t.database.db.select().from(users).where(eq(users.id, chiefId)))[0]!;
    // Two administrators: one may make the other a moderator.
    const demoted = await secondApi.update(chiefId, editBody(chief, { role: 'moderator' }));
    expect([demoted.statusCode, demoted.json().role]).toEqual([200, 'moderator']);
    // `second` is now the last administrator, among moderators: a moderator edits no user at all.
    const byModerator = await api.update(second.id, editBody(second, { role: 'moderator' }));
    expect([byModerator.statusCode, byModerator.json().message]).toEqual([
      403,
      roleMessages.missingPermission('users.edit'),
    ]);
    for (const change of [{ role: 'support' }, { role: 'moderator' }, { isAdmin: false }]) {
      const res = await secondApi.update(second.id, editBody(second, change));
      expect([change, res.statusCode, res.json().message]).toEqual([change, 409, userMessages.cannotDemoteSelf]);
    }
    expect((await secondApi.remove(second.id)).statusCode).toBe(409);
    expect((await secondApi.get(second.id)).json().user.role).toBe('administrator');
    // With another administrator, the old one may be demoted (by the other, never by themselves).
    const third = await makeAdmin(t.database.db);
    const self = await secondApi.update(second.id, editBody(second, { role: 'support' }));
    expect([self.statusCode, self.json().message]).toEqual([409, userMessages.cannotDemoteSelf]);
    const thirdApi = usersClient(t.app, await signIn(t.app, third.email));
    expect((await thirdApi.update(second.id, editBody(second, { role: 'support' }))).statusCode).toBe(200);
    // The last administrator again (`third`): the support admin cannot delete them.
    const bySupport = await secondApi.remove(third.id);
    expect([bySupport.statusCode, bySupport.json().message]).toEqual([
      403,
      roleMessages.missingPermission('users.delete'),
    ]);
  });
});
