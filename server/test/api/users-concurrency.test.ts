import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { exportText, userMessages } from '@backoffice/contract';
import { rowsOf } from '../../src/db/client';
import { makeAdmin, makeUser, signIn } from '../support/factories';
import { waitFor } from '../support/message-servers';
import { editBody } from '../support/users-factories';
import { buildTestApp, describeApi, ORIGIN, testDb, type TestApp } from '../support/test-app';

/**
 * Issue 38: the bulk delete's admin guard and the last-administrator rule hold while another
 * instance changes roles (docs/decisions/0004-users.md). Another instance's change is a
 * transaction the test holds open on its own connection: the request starts, the test waits until
 * the request's backend waits for that transaction's locks, then commits it. On PGlite, one
 * connection, the change simply commits before the request (the same outcome, trivially serial).
 */
type Held = { waitForWaiter(): Promise<void>; commit(): Promise<void> };

/** Sends `request` while `statements` are held open; commits them once the request waits for them. */
async function whileHeld<T>(t: TestApp, statements: string[], request: () => Promise<T>): Promise<T> {
  const held = await holdOpen(t, statements);
  const answer = request();
  await held.waitForWaiter();
  await held.commit();
  return answer;
}

/** Another instance's change, in one transaction: `userId` became an admin and `adminId` lost their rights. */
const promoteAndDemote = (userId: string, adminId: string) => [
  `select id from users where is_admin order by id for no key update`,
  `update users set is_admin = true where id = '${userId}'`,
  `update users set is_admin = false where id = '${adminId}'`,
];

async function holdOpen(t: TestApp, statements: string[]): Promise<Held> {
  if (testDb === 'pglite') {
    await t.database.db.transaction(async (tx) => {
      for (const s of statements) await tx.execute(sql.raw(s));
    });
    return { waitForWaiter: async () => {}, commit: async () => {} };
  }
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  await client.query('begin');
  for (const s of statements) await client.query(s);
  const { pid } = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!;
  return {
    // pg_locks is read live (not a snapshot of the transaction): a backend blocked by this one.
    waitForWaiter: async () => {
      await waitFor(async () => {
        const blocked = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_locks where not granted and $1 = any(pg_blocking_pids(pid))',
          [pid],
        );
        return blocked.rows[0]!.n > 0;
      });
    },
    commit: async () => {
      await client.query('commit');
      await client.end();
    },
  };
}

describeApi('users: the admin guard and the last-administrator rule under concurrency (issue 38)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());
  // Each case counts the admins it makes: none is left from the one before.
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from users`);
  });

  const send = (cookie: string, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
  const roleOf = async (id: string) =>
    rowsOf<{ is_admin: boolean }>(await t.database.db.execute(sql`select is_admin from users where id = ${id}`))[0]
      ?.is_admin;
  /**
   * Refused by the last-administrator rule. On PGlite the other change committed before the
   * request: its admin lost their rights (403) or their account (401) and is refused at the door.
   */
  const expectLastAdminRule = (res: { statusCode: number; json(): { message: string } }, atTheDoor: number) => {
    if (testDb === 'pglite') expect(res.statusCode).toBe(atTheDoor);
    else expect([res.statusCode, res.json().message]).toEqual([409, userMessages.lastAdmin]);
  };
  const adminCount = async () =>
    rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from users where is_admin`))[0]!.n;

  it('a bulk delete waits for a promotion in flight and then refuses the new admin', async () => {
    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    const promoted = await makeUser(t.database.db);
    const other = await makeUser(t.database.db);
    // Another instance's promotion (the edit locks the user, then updates it), not yet committed.
    const res = await whileHeld(
      t,
      [
        `select id from users where id = '${promoted.id}' for update`,
        `update users set is_admin = true where id = '${promoted.id}'`,
      ],
      () => send(cookie, 'POST', '/api/users/bulk-delete', { ids: [promoted.id, other.id] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { id: promoted.id, ok: false, message: exportText.cannotDeleteAdmin },
      { id: other.id, ok: true },
    ]);
    expect(await roleOf(promoted.id)).toBe(true);
  });

  it('a delete of a user promoted meanwhile keeps the last administrator', async () => {
    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    const user = await makeUser(t.database.db);
    // Another instance: the user became an admin, and the requesting admin lost their rights
    // (say, the new admin demoted them), together, not yet committed.
    const deleting = whileHeld(t, promoteAndDemote(user.id, admin.id), () =>
      send(cookie, 'DELETE', `/api/users/${user.id}`),
    );
    expectLastAdminRule(await deleting, 403);
    expect(await roleOf(user.id)).toBe(true);
    expect(await adminCount()).toBe(1);
  });

  it('an edit that leaves a user promoted meanwhile without admin rights keeps the last administrator', async () => {
    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    const user = await makeUser(t.database.db);
    // The form was opened before the promotion: it still says advertiser.
    const editing = whileHeld(t, promoteAndDemote(user.id, admin.id), () =>
      send(cookie, 'PUT', `/api/users/${user.id}`, editBody(user, { mobile: '0712345678' })),
    );
    expectLastAdminRule(await editing, 403);
    expect(await roleOf(user.id)).toBe(true);
    expect(await adminCount()).toBe(1);
  });

  it('of two admins deleting each other at once, the second is refused as the last administrator', async () => {
    const a = await makeAdmin(t.database.db);
    const b = await makeAdmin(t.database.db);
    const cookieB = await signIn(t.app, b.email);
    // A's delete of B, on another instance: the admins locked, B gone, not yet committed.
    const deleteOfA = whileHeld(
      t,
      [`select id from users where is_admin order by id for no key update`, `delete from users where id = '${b.id}'`],
      () => send(cookieB, 'DELETE', `/api/users/${a.id}`),
    );
    expectLastAdminRule(await deleteOfA, 401);
    expect(await roleOf(a.id)).toBe(true);
    expect(await adminCount()).toBe(1);
  });
});
