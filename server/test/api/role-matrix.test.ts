import { randomBytes, randomUUID } from 'node:crypto';
import { ADMIN_ROLES, PERMISSIONS, roleCan, roleMessages, type AdminRole, type Permission } from '@backoffice/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema';
import { hashToken } from '../../src/modules/auth/auth-service';
import { DOCS_PREFIX } from '../../src/plugins/openapi';
import { databaseSnapshot } from '../support/db-snapshot';
import { makeAdmin } from '../support/factories';
import { ruleBody } from '../support/rule-bodies';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

type Operation = { 'x-permission'?: string; security?: unknown[] };
type Document = { paths: Record<string, Record<string, Operation>> };

/** Queued advertiser messages stay queued, so refused calls can be checked against a snapshot. */
const snapshotSafe = { env: { MESSAGE_WORKER: 'false' } };

/** `/api/users/{id}` with its parameters filled (a fresh uuid for each). */
const concrete = (path: string) => path.replace(/\{[A-Za-z]+\}/g, () => randomUUID());

/**
 * Issue 36.3 (docs/decisions/0033-roles.md): every operation of the OpenAPI document, called by each
 * role. Whether the role may call it comes from the permission table (ROLE_PERMISSIONS) and the
 * operation's `x-permission`; a refused call is a 403 naming the permission and changes nothing.
 * An operation without a permission fails here until someone decides what it is.
 */
describeApi('roles: the access matrix over the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  const cookies = {} as Record<AdminRole, string>;

  async function forgeSession(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = t.clock();
    await t.database.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    return `sid=${token}`;
  }

  beforeAll(async () => {
    t = await buildTestApp(snapshotSafe);
    for (const role of ADMIN_ROLES) cookies[role] = await forgeSession((await makeAdmin(t.database.db, { role })).id);
    const res = await t.app.inject({
      method: 'GET',
      url: `${DOCS_PREFIX}/json`,
      headers: { cookie: cookies.support },
    });
    expect([res.statusCode, res.body.slice(0, 300)]).toEqual([200, expect.anything()]);
    doc = res.json();
  });
  afterAll(() => t?.close());

  /** Every operation of the document but the public ones (`security: []`). */
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !(Array.isArray(op.security) && op.security.length === 0))
        .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, permission: op['x-permission'] })),
    );

  async function call(route: string, cookie: string) {
    const [method, path] = route.split(' ') as [string, string];
    const url = concrete(path);
    if (route === 'GET /api/events') {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie }, payloadAsStream: true });
      const body = res.statusCode === 200 ? '{}' : (await res.stream().toArray()).join('');
      if (res.statusCode === 200) res.stream().destroy();
      return { statusCode: res.statusCode, message: (JSON.parse(body) as { message?: string }).message };
    }
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { origin: ORIGIN, cookie },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
    // A CSV answer (an allowed export) has no message.
    const json = res.headers['content-type']?.toString().startsWith('application/json');
    return { statusCode: res.statusCode, message: json ? res.json<{ message?: string }>().message : undefined };
  }

  it('names a known permission on every guarded operation', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(80);
    const without = ops.filter((op) => !PERMISSIONS.includes(op.permission as Permission)).map((op) => op.route);
    expect(without).toEqual([]);
  });

  it('refuses each role where the table does not allow it, with the permission named, and changes nothing', async () => {
    const before = await databaseSnapshot(t.database.db);
    const wrong: unknown[] = [];
    let refused = 0;
    for (const { route, permission } of operations()) {
      for (const role of ADMIN_ROLES.filter((r) => !roleCan(r, permission as Permission))) {
        refused++;
        const res = await call(route, cookies[role]);
        const expected = roleMessages.missingPermission(permission as Permission);
        if (res.statusCode !== 403 || res.message !== expected) wrong.push([route, role, res.statusCode, res.message]);
      }
    }
    expect(wrong).toEqual([]);
    // Support and moderators are refused somewhere: the table is not everything for everyone.
    expect(refused).toBeGreaterThan(30);
    expect(await databaseSnapshot(t.database.db)).toEqual(before);
  });

  it('lets each role through where the table allows it (the answer is about the request, never the role)', async () => {
    const wrong: unknown[] = [];
    for (const { route, permission } of operations()) {
      for (const role of ADMIN_ROLES.filter((r) => roleCan(r, permission as Permission))) {
        const res = await call(route, cookies[role]);
        if (res.statusCode === 403 && /missing permission/.test(res.message ?? ''))
          wrong.push([route, role, res.message]);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('support: read-only, plus their own account, verifying advertisers and replying to reports', () => {
    const writes = operations().filter(
      (op) => !op.route.startsWith('GET ') && roleCan('support', op.permission as Permission),
    );
    expect([...new Set(writes.map((op) => op.permission))].sort()).toEqual([
      'account.self',
      'reports.reply',
      'users.verify',
    ]);
    expect(writes.map((op) => op.route)).toEqual(
      expect.arrayContaining(['POST /api/users/bulk-verify', 'PUT /api/reports/{id}']),
    );
  });

  it('a moderator exports ads but not advertisers from the Data Extract', async () => {
    const ads = await call('GET /api/data-extract/ads/count', cookies.moderator);
    expect(ads.statusCode).toBe(200);
    const users = await call('GET /api/data-extract/advertisers/count', cookies.moderator);
    expect([users.statusCode, users.message]).toEqual([403, roleMessages.missingPermission('users.export')]);
  });

  it('a moderator makes draft and shadow rules, never a live one', async () => {
    const post = (body: Record<string, unknown>, cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/moderation-rules',
        headers: { origin: ORIGIN, cookie },
        payload: body,
      });
    const live = await post(ruleBody({ mode: 'live' }), cookies.moderator);
    expect([live.statusCode, live.json().message]).toEqual([403, roleMessages.missingPermission('rules.live')]);
    const shadow = await post(ruleBody({ mode: 'shadow' }), cookies.moderator);
    expect(shadow.statusCode).toBe(201);
    const id = shadow.json().rule._id as string;
    const promote = await t.app.inject({
      method: 'PUT',
      url: `/api/moderation-rules/${id}`,
      headers: { origin: ORIGIN, cookie: cookies.moderator },
      payload: ruleBody({ mode: 'live' }),
    });
    expect([promote.statusCode, promote.json().message]).toEqual([403, roleMessages.missingPermission('rules.live')]);
    const byAdministrator = await post(ruleBody({ mode: 'live' }), cookies.administrator);
    expect(byAdministrator.statusCode).toBe(201);
    const liveId = byAdministrator.json().rule._id as string;
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/moderation-rules/${liveId}`,
      headers: { origin: ORIGIN, cookie: cookies.moderator },
    });
    expect([remove.statusCode, remove.json().message]).toEqual([403, roleMessages.missingPermission('rules.live')]);
  });
});
