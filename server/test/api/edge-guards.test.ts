import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApiOnce, ORIGIN, type TestApp } from '../support/test-app';
import { healthStatusFor } from '../support/host-status';

/**
 * Issue 17 (3, 4, 11): behind a proxy the client chooses neither its address nor the server's idea
 * of its own origin; requests for a host this server is not reached by (DNS rebinding) get 421; every
 * /api answer is `no-store`; the framework's own errors have the usual body and security headers.
 */
const signInAttempt = (t: TestApp, email: string, headers: Record<string, string>, password = 'wrong-password') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    headers: { origin: ORIGIN, ...headers },
    payload: { email, password },
    remoteAddress: '10.0.0.1',
  });

describeApiOnce('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t?.close());

  it('throttles the address the proxy appended, whatever the client wrote before it', async () => {
    // 20 failures per address across emails is the per-address limit: each attempt claims a new
    // address in the left-most X-Forwarded-For hop, and the proxy appends the real one.
    for (let i = 0; i < 20; i++) {
      const res = await signInAttempt(t, `nobody${i}@example.lk`, {
        'x-forwarded-for': `198.51.100.${i}, 203.0.113.7`,
      });
      expect(res.statusCode).toBe(401);
    }
    const spoofed = await signInAttempt(t, 'nobody-else@example.lk', {
      'x-forwarded-for': '198.51.100.250, 203.0.113.7',
    });
    expect(spoofed.statusCode).toBe(429);
    // Another real client behind the same proxy is not affected.
    const other = await signInAttempt(t, 'nobody-else@example.lk', { 'x-forwarded-for': '203.0.113.8' });
    expect(other.statusCode).toBe(401);
  });

  it('refuses a foreign Origin even when X-Forwarded-Host matches it', async () => {
    const admin = await makeAdmin(t.database.db);
    const res = await signInAttempt(
      t,
      admin.email,
      { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      DEFAULT_PASSWORD,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'Request origin not allowed' });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });
});

describeApiOnce('PUBLIC_ORIGIN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://admin.example.lk', TRUST_PROXY: '1' } });
  });
  afterAll(() => t?.close());

  it('is the only own origin, and its scheme decides Secure cookies', async () => {
    const admin = await makeAdmin(t.database.db);
    const ok = await signInAttempt(t, admin.email, { origin: 'https://admin.example.lk' }, DEFAULT_PASSWORD);
    expect(ok.statusCode).toBe(200);
    // The proxy spoke plain HTTP to the server, yet browsers reach it over HTTPS.
    expect(ok.cookies.find((c) => c.name === 'sid')!.secure).toBe(true);

    const hostOrigin = await signInAttempt(t, admin.email, { origin: ORIGIN }, DEFAULT_PASSWORD);
    expect(hostOrigin.statusCode).toBe(403);
    const forwarded = await signInAttempt(
      t,
      admin.email,
      { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
      DEFAULT_PASSWORD,
    );
    expect(forwarded.statusCode).toBe(403);
  });

  it('answers its own host and refuses others with 421', async () => {
    const own = await t.app.inject({ url: '/api/health', headers: { host: 'admin.example.lk' } });
    expect(own.statusCode).toBe(200);
    const withPort = await t.app.inject({ url: '/api/health', headers: { host: 'admin.example.lk:443' } });
    expect(withPort.statusCode).toBe(200);
    const otherPort = await t.app.inject({ url: '/api/health', headers: { host: 'admin.example.lk:8443' } });
    expect(otherPort.statusCode).toBe(421);
  });
});

describeApiOnce('Host header (DNS rebinding)', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await buildTestApp({ env: { ALLOWED_ORIGINS: 'https://ops.example.lk' } });
    cookie = await signIn(t.app, (await makeAdmin(t.database.db)).email);
  });
  afterAll(() => t?.close());

  it.each([
    ['GET', '/api/health'],
    ['GET', '/api/users'],
    ['POST', '/api/auth/signin'],
    ['GET', '/'],
    ['GET', '/app/dashboard'],
    ['GET', '/uploads/x.png'],
    ['GET', '/api/no-such-route'],
  ])('%s %s with Host: evil.example gets 421 before any route runs', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { host: 'evil.example', cookie, origin: 'http://evil.example' },
      ...(method === 'POST' ? { payload: { email: 'a@b.lk', password: DEFAULT_PASSWORD } } : {}),
    });
    expect(res.statusCode).toBe(421);
    expect(res.json()).toEqual({ success: false, message: 'Unknown host' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['evil.example:80', 'localhost.evil.example', '127.0.0.1.nip.io', 'localhost:80@evil.example'])(
    'refuses Host %j',
    async (host) => {
      const res = await t.app.inject({ url: '/api/health', headers: { host } });
      expect(res.statusCode).toBe(421);
    },
  );

  it('answers loopback names and the hosts of ALLOWED_ORIGINS', async () => {
    for (const host of ['localhost', 'localhost:80', '127.0.0.1', '[::1]', 'ops.example.lk', 'OPS.example.lk']) {
      const res = await t.app.inject({ url: '/api/health', headers: { host } });
      expect([host, res.statusCode]).toEqual([host, 200]);
    }
  });
});

describeApiOnce('Host header on a listening server', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  const get = (host: string) => healthStatusFor(port, host);

  it('takes loopback names only on the port the request came in on', async () => {
    expect(await get(`127.0.0.1:${port}`)).toBe(200);
    expect(await get(`localhost:${port}`)).toBe(200);
    expect(await get(`[::1]:${port}`)).toBe(200);
    expect(await get(`localhost:${port === 1 ? 2 : port - 1}`)).toBe(421);
    expect(await get('localhost')).toBe(421);
    expect(await get(`evil.example:${port}`)).toBe(421);
  });
});

describeApiOnce('framework errors and caching of API answers', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await buildTestApp();
    cookie = await signIn(t.app, (await makeAdmin(t.database.db)).email);
  });
  afterAll(() => t?.close());

  it.each([
    ['a URL that does not decode, under /uploads', 'GET', '/uploads/%c0%ae', {}, undefined, 400, 'Invalid URL'],
    ['a URL that does not decode, under /api', 'GET', '/api/advertisements/%c0%ae', {}, undefined, 400, 'Invalid URL'],
    ['a path parameter over its length', 'GET', `/api/users/${'a'.repeat(300)}`, {}, undefined, 414, 'URL is too long'],
    ['an unknown API route', 'GET', '/api/no-such-route', {}, undefined, 404, 'Not found'],
    ['an unsupported content type', 'POST', '/api/packages', { 'content-type': 'application/xml' }, '<a/>', 415, null],
    ['a body that is not JSON', 'POST', '/api/packages', { 'content-type': 'application/json' }, '{"a', 400, null],
    ['an empty JSON body', 'POST', '/api/packages', { 'content-type': 'application/json' }, '', 400, null],
  ])(
    '%s answers %s %s in the usual shape with the security headers',
    async (_, method, url, headers, payload, status, message) => {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie, origin: ORIGIN, ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode).toBe(status);
      const body = res.json();
      expect(body).toEqual({ success: false, message: message ?? expect.any(String) });
      expect(body.message).not.toMatch(/FST_|%c0/);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      if (url.startsWith('/api')) expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('marks every /api answer no-store, errors included, and leaves static files cacheable', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/api/health' }),
      t.app.inject({ url: '/api/auth/session' }),
      t.app.inject({ url: '/api/users', headers: { cookie } }),
      t.app.inject({ url: '/api/users?page=0', headers: { cookie } }),
      t.app.inject({ url: '/api/users' }),
      t.app.inject({ method: 'POST', url: '/api/packages', headers: { cookie }, payload: {} }),
      t.app.inject({ url: '/api/health', headers: { host: 'evil.example' } }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, expect.any(Number), 200, 400, 401, 403, 421]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
    const upload = await t.app.inject({ url: '/uploads/missing.png' });
    expect(upload.headers['cache-control']).not.toBe('no-store');
  });
});
