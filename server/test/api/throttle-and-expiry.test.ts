import { afterAll, beforeAll, expect, it } from 'vitest';
import { countSessions } from '../../src/modules/auth/sessions-repository';
import { DEFAULT_PASSWORD, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, ORIGIN, type TestApp } from '../support/test-app';

const MINUTE = 60_000;

describeApi('sign-in throttling and session expiry (docs/decisions/0012-access-control.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const attempt = (email: string, password: string, ip = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { origin: ORIGIN },
      payload: { email, password },
      remoteAddress: ip,
    });

  it('locks an email for 15 minutes after 5 failures, even for the right password', async () => {
    const admin = await makeAdmin(t.database.db);
    for (let i = 0; i < 5; i++) expect((await attempt(admin.email, 'nope-nope')).statusCode).toBe(401);
    const locked = await attempt(admin.email, DEFAULT_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ success: false, message: 'Too many sign-in attempts. Try again in 15 minutes.' });
    expect(locked.headers['retry-after']).toBe('900');

    t.clock.advance(10 * MINUTE);
    expect((await attempt(admin.email, DEFAULT_PASSWORD)).json().message).toBe(
      'Too many sign-in attempts. Try again in 5 minutes.',
    );
    t.clock.advance(5 * MINUTE);
    expect((await attempt(admin.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('a success clears the failures of that email', async () => {
    const admin = await makeAdmin(t.database.db);
    for (let i = 0; i < 4; i++) await attempt(admin.email, 'nope-nope');
    expect((await attempt(admin.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(admin.email, 'nope-nope')).statusCode).toBe(401);
  });

  it('locks an address after 20 failures across emails', async () => {
    const admin = await makeAdmin(t.database.db);
    const ip = '10.9.8.7';
    for (let i = 0; i < 20; i++) expect((await attempt(`guess${i}@example.lk`, 'x', ip)).statusCode).toBe(401);
    expect((await attempt(admin.email, DEFAULT_PASSWORD, ip)).statusCode).toBe(429);
    expect((await attempt(admin.email, DEFAULT_PASSWORD, '10.9.8.8')).statusCode).toBe(200);
  });

  it('expires a session after 30 idle minutes', async () => {
    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    const check = () => t.app.inject({ url: '/api/auth/session', headers: { cookie } }).then((r) => r.statusCode);
    t.clock.advance(29 * MINUTE);
    expect(await check()).toBe(200);
    t.clock.advance(29 * MINUTE); // activity refreshed the idle timer
    expect(await check()).toBe(200);
    t.clock.advance(30 * MINUTE);
    expect(await check()).toBe(401);
    expect(await countSessions(t.database.db, admin.id)).toBe(0);
  });

  it('expires a session at its absolute limit (12 hours) however active', async () => {
    const admin = await makeAdmin(t.database.db);
    const cookie = await signIn(t.app, admin.email);
    const check = () => t.app.inject({ url: '/api/auth/session', headers: { cookie } }).then((r) => r.statusCode);
    for (let m = 0; m < 12 * 60 - 20; m += 20) {
      t.clock.advance(20 * MINUTE);
      expect(await check()).toBe(200);
    }
    t.clock.advance(40 * MINUTE);
    expect(await check()).toBe(401);
  });
});
