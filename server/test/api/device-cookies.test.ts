import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@backoffice/contract';
import { DEFAULT_PASSWORD, makeAdmin } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

const MINUTE = 60_000;

/**
 * No lock-out by strangers (issue 36.2, docs/decisions/0031-device-cookies.md): a browser that
 * signed in as the account carries a device cookie, and a stranger's burst of wrong passwords from
 * the same network never locks it out, while the stranger's browsers are throttled as before.
 */
describeApi('device cookies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  let nextNet = 0;
  const address = () => `10.77.${++nextNet}.1`;

  const signIn = (email: string, password: string, ip: string, device?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { origin: ORIGIN, ...(device ? { cookie: `bo_device=${device}` } : {}) },
      payload: { email, password },
      remoteAddress: ip,
    });
  const deviceCookie = (res: Awaited<ReturnType<typeof signIn>>) => res.cookies.find((c) => c.name === 'bo_device');

  it('gives a browser a device cookie on its first successful sign-in, and not again', async () => {
    const admin = await makeAdmin(t.database.db);
    const ip = address();
    const first = await signIn(admin.email, DEFAULT_PASSWORD, ip);
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/signin' });
    expect(cookie.maxAge).toBe(365 * 86_400);
    const again = await signIn(admin.email, DEFAULT_PASSWORD, ip, cookie.value);
    expect([again.statusCode, deviceCookie(again)]).toEqual([200, undefined]);
  });

  it("lets the admin's browser in with the right password after a stranger's burst from the same address", async () => {
    const admin = await makeAdmin(t.database.db);
    const ip = address();
    const device = deviceCookie(await signIn(admin.email, DEFAULT_PASSWORD, ip))!.value;

    // The stranger, same network, no device cookie: five failures, then refused, right password too.
    for (let i = 0; i < 5; i++) expect((await signIn(admin.email, 'wrong-password', ip)).statusCode).toBe(401);
    const refused = await signIn(admin.email, DEFAULT_PASSWORD, ip);
    expect([refused.statusCode, refused.json().message]).toEqual([429, messages.signIn.tooManyAttempts(15)]);

    // The admin's browser is judged by its own failures only.
    expect((await signIn(admin.email, DEFAULT_PASSWORD, ip, device)).statusCode).toBe(200);
    // The stranger is still throttled.
    expect((await signIn(admin.email, DEFAULT_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('is not spent by the account-wide limit a distributed attack reaches', async () => {
    const admin = await makeAdmin(t.database.db);
    const device = deviceCookie(await signIn(admin.email, DEFAULT_PASSWORD, address()))!.value;
    // 50 failures an hour from anywhere fill the account's limit: every other browser is refused.
    for (let i = 0; i < 10; i++)
      for (let j = 0; j < 5; j++) await signIn(admin.email, 'wrong-password', `10.78.${nextNet}.${i + 1}`);
    expect((await signIn(admin.email, DEFAULT_PASSWORD, address())).statusCode).toBe(429);
    expect((await signIn(admin.email, DEFAULT_PASSWORD, address(), device)).statusCode).toBe(200);
  });

  it('throttles a trusted device by its own failures, and forgets them on its right password', async () => {
    const admin = await makeAdmin(t.database.db);
    const ip = address();
    const device = deviceCookie(await signIn(admin.email, DEFAULT_PASSWORD, ip))!.value;
    for (let i = 0; i < 5; i++) expect((await signIn(admin.email, 'wrong-password', ip, device)).statusCode).toBe(401);
    expect((await signIn(admin.email, DEFAULT_PASSWORD, ip, device)).statusCode).toBe(429);
    // Its failures did not count against the address: a stranger there still has five tries.
    expect((await signIn(admin.email, 'wrong-password', ip)).statusCode).toBe(401);
    t.clock.advance(15 * MINUTE);
    expect((await signIn(admin.email, DEFAULT_PASSWORD, ip, device)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(admin.email, 'wrong-password', ip, device)).statusCode).toBe(401);
    expect((await signIn(admin.email, DEFAULT_PASSWORD, ip, device)).statusCode).toBe(200);
  });

  it("treats another account's device cookie, or a made-up one, as a stranger's browser", async () => {
    const [a, b] = [await makeAdmin(t.database.db), await makeAdmin(t.database.db)];
    const ip = address();
    const aDevice = deviceCookie(await signIn(a.email, DEFAULT_PASSWORD, ip))!.value;
    for (let i = 0; i < 5; i++) await signIn(b.email, 'wrong-password', ip);
    expect((await signIn(b.email, DEFAULT_PASSWORD, ip, aDevice)).statusCode).toBe(429);
    expect((await signIn(b.email, DEFAULT_PASSWORD, ip, 'made-up-token')).statusCode).toBe(429);
  });
});
