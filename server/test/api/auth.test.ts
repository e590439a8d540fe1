import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashToken } from '../../src/modules/auth/auth-service';
import { insertSession } from '../../src/modules/auth/sessions-repository';
import { DEFAULT_PASSWORD, makeAdmin, makeUser, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

describeApi('sign-in, sessions and the admin guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, ...headers }, payload: payload as object });

  it('reports health with the database up', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('signs an admin in: answers the user without the hash and sets a safe session cookie', async () => {
    const admin = await makeAdmin(t.database.db, { name: 'Nimal Perera' });
    const res = await post('/api/auth/signin', { email: admin.email.toUpperCase(), password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ _id: admin.id, email: admin.email, name: 'Nimal Perera', isAdmin: true });
    expect(JSON.stringify(body)).not.toMatch(/hash|argon/i);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeUndefined();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives a new token at every sign-in', async () => {
    const admin = await makeAdmin(t.database.db);
    const [a, b] = [await signIn(t.app, admin.email), await signIn(t.app, admin.email)];
    expect(a).not.toBe(b);
    for (const cookie of [a, b]) {
      expect((await t.app.inject({ url: '/api/auth/session', headers: { cookie } })).statusCode).toBe(200);
    }
  });

  it('answers wrong password and unknown email alike, after the same argon2 check', async () => {
    // Timing is measured by `npm run bench:signin`; here, the work: each refusal runs exactly one
    // argon2 verification, an unknown email against a stand-in hash with the account hashes' cost.
    const admin = await makeAdmin(t.database.db);
    const checked: string[] = [];
    const verify = t.app.auth.checkPassword;
    t.app.auth.checkPassword = (stored, password) => {
      checked.push(stored);
      return verify(stored, password);
    };
    const refusal = async (email: string) => {
      const res = await post('/api/auth/signin', { email, password: 'wrong-password' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Invalid credentials' });
      return checked.splice(0);
    };
    try {
      expect(await refusal(admin.email)).toEqual([admin.passwordHash]);
      const unknown = await refusal('nobody@example.lk');
      expect(unknown).toHaveLength(1);
      const standIn = unknown[0]!;
      expect(standIn).not.toBe(admin.passwordHash);
      // $argon2id$v=19$m=19456,t=2,p=1$salt$hash: the same algorithm, version and cost.
      const cost = (hash: string) => hash.split('$').slice(1, 4).join('$');
      expect(cost(standIn)).toBe('argon2id$v=19$m=19456,t=2,p=1');
      expect(cost(standIn)).toBe(cost(admin.passwordHash));
      expect(await refusal('nobody-else@example.lk')).toEqual([standIn]);
    } finally {
      t.app.auth.checkPassword = verify;
    }
  });

  it('refuses a non-admin with 403 and no session', async () => {
    const user = await makeUser(t.database.db);
    const res = await post('/api/auth/signin', { email: user.email, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'This account has no access to the admin panel' });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it.each([
    ['empty fields', { email: '', password: '' }, 'Please fill in all fields'],
    ['missing password', { email: 'a@b.lk' }, 'Please fill in all fields'],
    ['blank email', { email: '   ', password: 'x' }, 'Please fill in all fields'],
    ['wrong types', { email: 42, password: ['x'] }, 'Please fill in all fields'],
    ['unknown fields', { email: 'a@b.lk', password: 'x', isAdmin: true }, undefined],
  ])('rejects %s with 400 JSON', async (_name, payload, message) => {
    const res = await post('/api/auth/signin', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(typeof body.message).toBe('string');
    if (message) expect(body.message).toBe(message);
  });

  it('answers malformed JSON, a huge email, a wrong content type and unknown routes with 4xx JSON', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);

    const huge = await post('/api/auth/signin', { email: 'a'.repeat(1024 * 1024) + '@x.lk', password: 'x' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ success: false, message: 'Request body is too large' });

    const long = await post('/api/auth/signin', { email: 'a'.repeat(5000) + '@x.lk', password: 'x' });
    expect(long.statusCode).toBe(400);

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { origin: ORIGIN, 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().success).toBe(false);

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { origin: ORIGIN, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().success).toBe(false);

    for (const url of ['/api/nope', '/api/auth/signin/extra', '/api']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Not found' });
    }
  });

  it('guards admin routes: 401 without a session, 403 for an advertiser, 200 for an admin', async () => {
    const anonymous = await t.app.inject({ url: '/api/auth/session' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: 'Not signed in' });

    const garbage = await t.app.inject({ url: '/api/auth/session', headers: { cookie: 'sid=not-a-token' } });
    expect(garbage.statusCode).toBe(401);

    const advertiser = await makeUser(t.database.db);
    const token = randomBytes(32).toString('base64url');
    const now = t.clock();
    await insertSession(t.database.db, {
      tokenHash: hashToken(token),
      userId: advertiser.id,
      now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    const forbidden = await t.app.inject({ url: '/api/auth/session', headers: { cookie: `sid=${token}` } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ success: false, message: 'Administrators only' });

    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    const ok = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()._id).toBe(admin.id);
  });

  it('ends the session at sign-out (GET and POST)', async () => {
    const admin = await makeAdmin(t.database.db);
    for (const method of ['GET', 'POST'] as const) {
      const cookie = await signIn(t.app, admin.email);
      const out = await t.app.inject({ method, url: '/api/user/signout', headers: { cookie, origin: ORIGIN } });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ success: true });
      const cleared = out.cookies.find((c) => c.name === 'sid')!;
      expect(cleared.value).toBe('');
      expect((await t.app.inject({ url: '/api/auth/session', headers: { cookie } })).statusCode).toBe(401);
    }
    // Signing out without a session is harmless.
    expect((await t.app.inject({ url: '/api/user/signout' })).statusCode).toBe(200);
  });

  it('keeps the session when another site sends the browser to sign-out; same-origin, same-site and header-less requests sign out', async () => {
    const admin = await makeAdmin(t.database.db);
    const session = (cookie: string) =>
      t.app.inject({ url: '/api/auth/session', headers: { cookie } }).then((r) => r.statusCode);
    const cookie = await signIn(t.app, admin.email);
    for (const method of ['GET', 'POST'] as const) {
      const out = await t.app.inject({
        method,
        url: '/api/user/signout',
        headers: { cookie, origin: ORIGIN, 'sec-fetch-site': 'cross-site' },
      });
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      expect(out.cookies).toEqual([]);
      expect(await session(cookie)).toBe(200);
    }
    for (const site of ['same-origin', 'same-site', 'none', undefined]) {
      const own = await signIn(t.app, admin.email);
      const headers: Record<string, string> = { cookie: own, ...(site ? { 'sec-fetch-site': site } : {}) };
      const out = await t.app.inject({ url: '/api/user/signout', headers });
      expect(out.statusCode).toBe(200);
      expect(await session(own)).toBe(401);
    }
  });

  it('refuses mutations without a matching Origin or Referer (docs/decisions/0012-access-control.md)', async () => {
    const admin = await makeAdmin(t.database.db);
    const body = { email: admin.email, password: DEFAULT_PASSWORD };
    const noOrigin = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: body });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json()).toEqual({ success: false, message: 'Request origin not allowed' });
    const evil = await post('/api/auth/signin', body, { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    const nullOrigin = await post('/api/auth/signin', body, { origin: 'null' });
    expect(nullOrigin.statusCode).toBe(403);
    const referer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { referer: `${ORIGIN}/` },
      payload: body,
    });
    expect(referer.statusCode).toBe(200);
  });
});

describeApi('allowed origins and HTTPS behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ALLOWED_ORIGINS: 'https://admin.example.lk', TRUST_PROXY: '1' } });
  });
  afterAll(() => t?.close());

  it('accepts an allowed origin and marks the cookie Secure over HTTPS', async () => {
    const admin = await makeAdmin(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { origin: 'https://admin.example.lk', 'x-forwarded-proto': 'https' },
      payload: { email: admin.email, password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')!.secure).toBe(true);
  });
});
