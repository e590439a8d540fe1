import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { twoFactorMessages } from '@backoffice/contract';
import { users, type UserRow } from '../../src/db/schema';
import { DEFAULT_PASSWORD, makeAdmin, signIn } from '../support/factories';
import { buildTestApp, describeApi, testClock, type TestApp } from '../support/test-app';
import { call, codeAt, enrol, passwordStep, securityEvents, type Jar } from '../support/two-factor';

const STEP = 30_000;

/**
 * Two-factor sign-in with an authenticator app (issue 36.1, docs/decisions/0032-two-factor.md),
 * under the test clock: codes are made for the clock's time, as the admin's phone would.
 */
describeApi('two-factor sign-in (TOTP and recovery codes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: testClock(new Date('2026-11-22T08:00:10Z')) });
  });
  afterAll(() => t?.close());
  beforeEach(() => t.clock.set(new Date('2026-11-22T08:00:10Z')));

  /** An admin who enrolled from a signed-in session; their secret and recovery codes. */
  async function enrolledAdmin() {
    const admin = await makeAdmin(t.database.db);
    const jar: Jar = { sid: (await signIn(t.app, admin.email)).slice(4) };
    const enrolment = await enrol(t, jar);
    return { admin, ...enrolment };
  }

  const userRow = async (id: string): Promise<UserRow> =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('enrols from a session: a secret with its otpauth URL and QR code, confirmed by one code, ten recovery codes', async () => {
    const admin = await makeAdmin(t.database.db);
    const jar: Jar = { sid: (await signIn(t.app, admin.email)).slice(4) };
    const setup = await call(t, jar, 'POST', '/api/auth/2fa/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Marketplace%20Admin:${encodeURIComponent(admin.email)}?secret=${secret}&issuer=Marketplace%20Admin`,
    );
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    // A wrong code is refused and changes nothing.
    const wrong = await call(t, jar, 'POST', '/api/auth/2fa/totp/confirm', { code: '000000' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, twoFactorMessages.invalidCode]);
    expect((await userRow(admin.id)).totpEnabledAt).toBeNull();

    const confirm = await call(t, jar, 'POST', '/api/auth/2fa/totp/confirm', { code: await codeAt(secret, t.clock()) });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect((await userRow(admin.id)).totpEnabledAt).toEqual(t.clock());
    // Enrolled once: a second setup is refused until the second factor is reset.
    expect((await call(t, jar, 'POST', '/api/auth/2fa/totp/setup')).statusCode).toBe(409);
  });

  it('answers a sign-in of an enrolled account with the second step and no session, then opens it for a code', async () => {
    const { admin, secret } = await enrolledAdmin();
    t.clock.advance(2 * STEP);
    const jar: Jar = {};
    const first = await passwordStep(t, jar, admin.email);
    expect([first.statusCode, first.json()]).toEqual([
      200,
      { success: true, twoFactorRequired: true, methods: ['totp', 'recovery-code'], enrolmentRequired: false },
    ]);
    expect(jar.sid).toBeUndefined();
    expect(first.cookies.find((c) => c.name === 'bo_pending')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
      maxAge: 300,
    });
    expect((await call(t, jar, 'GET', '/api/auth/session')).statusCode).toBe(401);

    const second = await call(t, jar, 'POST', '/api/auth/signin/2fa', { code: await codeAt(secret, t.clock()) });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ _id: admin.id, email: admin.email, isAdmin: true });
    expect(jar.sid).toBeDefined();
    expect(jar.bo_pending).toBeUndefined();
    expect((await call(t, jar, 'GET', '/api/auth/session')).json()).toMatchObject({ _id: admin.id });
    // The pending sign-in is spent.
    const again = await call(
      t,
      { bo_pending: first.cookies.find((c) => c.name === 'bo_pending')!.value },
      'POST',
      '/api/auth/signin/2fa',
      {
        code: await codeAt(secret, t.clock()),
      },
    );
    expect([again.statusCode, again.json().message]).toEqual([401, twoFactorMessages.signInExpired]);
  });

  it("accepts the previous and next step's codes at the window's edges, and none further", async () => {
    const { admin, secret } = await enrolledAdmin();
    const stepStart = new Date(Math.floor(t.clock().getTime() / STEP) * STEP + 10 * STEP);
    const tryCode = async (codeTime: Date) => {
      t.clock.set(stepStart);
      const jar: Jar = {};
      await passwordStep(t, jar, admin.email);
      return (await call(t, jar, 'POST', '/api/auth/signin/2fa', { code: await codeAt(secret, codeTime) })).statusCode;
    };
    // Two steps away either side: refused (and counted, so they come first while nothing was accepted).
    expect(await tryCode(new Date(stepStart.getTime() - 2 * STEP))).toBe(401);
    expect(await tryCode(new Date(stepStart.getTime() + 2 * STEP))).toBe(401);
    // One step behind (the last millisecond of the previous step), accepted.
    expect(await tryCode(new Date(stepStart.getTime() - 1))).toBe(200);
    // The current step, accepted (later than the last accepted).
    expect(await tryCode(stepStart)).toBe(200);
    // One step ahead (a phone's clock 30 s fast), accepted.
    expect(await tryCode(new Date(stepStart.getTime() + STEP))).toBe(200);
  });

  it('refuses a replayed code within its window, and an earlier code after a later one', async () => {
    const { admin, secret } = await enrolledAdmin();
    t.clock.advance(10 * STEP);
    const code = await codeAt(secret, t.clock());
    const earlier = await codeAt(secret, new Date(t.clock().getTime() - STEP));
    const jar: Jar = {};
    await passwordStep(t, jar, admin.email);
    expect((await call(t, jar, 'POST', '/api/auth/signin/2fa', { code })).statusCode).toBe(200);

    t.clock.advance(5_000);
    const replay: Jar = {};
    await passwordStep(t, replay, admin.email);
    const refused = await call(t, replay, 'POST', '/api/auth/signin/2fa', { code });
    expect([refused.statusCode, refused.json().message]).toEqual([401, twoFactorMessages.invalidCode]);
    expect((await call(t, replay, 'POST', '/api/auth/signin/2fa', { code: earlier })).statusCode).toBe(401);
    expect(replay.sid).toBeUndefined();
    // The next step's code is new, and accepted.
    t.clock.advance(STEP);
    const next = await call(t, replay, 'POST', '/api/auth/signin/2fa', { code: await codeAt(secret, t.clock()) });
    expect(next.statusCode).toBe(200);
  });

  it('accepts each recovery code once, in any case and without its dash', async () => {
    const { admin, recoveryCodes } = await enrolledAdmin();
    const [first, second] = recoveryCodes as [string, string];
    const jar: Jar = {};
    await passwordStep(t, jar, admin.email);
    expect((await call(t, jar, 'POST', '/api/auth/signin/2fa', { recoveryCode: first })).statusCode).toBe(200);

    const again: Jar = {};
    await passwordStep(t, again, admin.email);
    const used = await call(t, again, 'POST', '/api/auth/signin/2fa', { recoveryCode: first });
    expect([used.statusCode, used.json().message]).toEqual([401, twoFactorMessages.invalidRecoveryCode]);
    const typed = second.replace('-', '').toLowerCase();
    expect((await call(t, again, 'POST', '/api/auth/signin/2fa', { recoveryCode: typed })).statusCode).toBe(200);
  });

  it('ends a pending sign-in after five wrong codes: the right code then needs the password again', async () => {
    const { admin, secret } = await enrolledAdmin();
    t.clock.advance(4 * STEP);
    const jar: Jar = {};
    await passwordStep(t, jar, admin.email);
    for (let i = 0; i < 4; i++) {
      const res = await call(t, jar, 'POST', '/api/auth/signin/2fa', { code: '000000' });
      expect([res.statusCode, res.json().message]).toEqual([401, twoFactorMessages.invalidCode]);
    }
    const fifth = await call(t, jar, 'POST', '/api/auth/signin/2fa', { code: '000000' });
    expect([fifth.statusCode, fifth.json().message]).toEqual([401, twoFactorMessages.tooManyCodes]);
    const right = await call(t, jar, 'POST', '/api/auth/signin/2fa', { code: await codeAt(secret, t.clock()) });
    expect([right.statusCode, right.json().message]).toEqual([401, twoFactorMessages.signInExpired]);
    // The wrong codes were failed sign-ins: one more from this browser reaches the throttle's limit.
    const throttled = await passwordStep(t, {}, admin.email);
    expect(throttled.statusCode).toBe(429);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const { admin, secret } = await enrolledAdmin();
    const before = await userRow(admin.id);
    const jar: Jar = {};
    await passwordStep(t, jar, admin.email);
    for (const body of [
      {},
      { code: '12345' },
      { code: 'abcdef' },
      { recoveryCode: 'short' },
      { code: '123456', recoveryCode: 'ABCDE-FGHJK' },
      { code: 123456 },
    ]) {
      const res = await call(t, jar, 'POST', '/api/auth/signin/2fa', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await userRow(admin.id)).toEqual(before);
    // Without a pending sign-in (no cookie, a made-up one): 401.
    const code = await codeAt(secret, t.clock());
    expect((await call(t, {}, 'POST', '/api/auth/signin/2fa', { code })).statusCode).toBe(401);
    expect((await call(t, { bo_pending: 'made-up' }, 'POST', '/api/auth/signin/2fa', { code })).statusCode).toBe(401);
    // Setup and confirm without a session or an enrolling sign-in: 401.
    expect((await call(t, {}, 'POST', '/api/auth/2fa/totp/setup')).statusCode).toBe(401);
    expect((await call(t, {}, 'POST', '/api/auth/2fa/totp/confirm', { code })).statusCode).toBe(401);
    // A pending sign-in past its five minutes.
    t.clock.advance(5 * 60_000 + 1);
    const late = await call(t, jar, 'POST', '/api/auth/signin/2fa', { code: await codeAt(secret, t.clock()) });
    expect([late.statusCode, late.json().message]).toEqual([401, twoFactorMessages.signInExpired]);
  });

  it('records every step in the audit trail: enrolment, failures and the factor of each sign-in', async () => {
    const { admin, secret, recoveryCodes } = await enrolledAdmin();
    t.clock.advance(3 * STEP);
    const jar: Jar = {};
    await passwordStep(t, jar, admin.email);
    await call(t, jar, 'POST', '/api/auth/signin/2fa', { code: '000000' });
    await call(t, jar, 'POST', '/api/auth/signin/2fa', { code: await codeAt(secret, t.clock()) });
    const other: Jar = {};
    await passwordStep(t, other, admin.email);
    await call(t, other, 'POST', '/api/auth/signin/2fa', { recoveryCode: recoveryCodes[0] });
    const email = admin.email.toLowerCase();
    expect(await securityEvents(t.database.db, admin.id)).toEqual([
      { action: 'sign_in', details: { factor: 'password' } },
      { action: 'two_factor_enrolled', details: { factor: 'totp' } },
      { action: 'sign_in_failed', details: { email, factor: 'totp' } },
      { action: 'sign_in', details: { factor: 'totp' } },
      { action: 'recovery_code_used', details: { factor: 'recovery-code' } },
      { action: 'sign_in', details: { factor: 'recovery-code' } },
    ]);
  });
});

describeApi('REQUIRE_2FA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { REQUIRE_2FA: 'true' } });
  });
  afterAll(() => t?.close());

  it('makes an admin without a second factor enrol before any session opens', async () => {
    const admin = await makeAdmin(t.database.db);
    const jar: Jar = {};
    const first = await passwordStep(t, jar, admin.email, DEFAULT_PASSWORD);
    expect(first.json()).toEqual({ success: true, twoFactorRequired: true, methods: [], enrolmentRequired: true });
    expect(first.cookies.find((c) => c.name === 'bo_pending')?.maxAge).toBe(900);
    expect(jar.sid).toBeUndefined();
    expect((await call(t, jar, 'GET', '/api/auth/session')).statusCode).toBe(401);
    // The second step is not open to an enrolling sign-in.
    expect((await call(t, jar, 'POST', '/api/auth/signin/2fa', { code: '123456' })).statusCode).toBe(401);

    const setup = await call(t, jar, 'POST', '/api/auth/2fa/totp/setup');
    const { secret } = setup.json();
    const confirm = await call(t, jar, 'POST', '/api/auth/2fa/totp/confirm', { code: await codeAt(secret, t.clock()) });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ success: true, user: { _id: admin.id, isAdmin: true } });
    expect(confirm.json().recoveryCodes).toHaveLength(10);
    expect(jar.sid).toBeDefined();
    expect((await call(t, jar, 'GET', '/api/auth/session')).statusCode).toBe(200);
    // The next sign-in asks for the code.
    const next = await passwordStep(t, {}, admin.email);
    expect(next.json()).toMatchObject({ twoFactorRequired: true, methods: ['totp', 'recovery-code'] });
  });
});
