import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { twoFactorMessages } from '@backoffice/contract';
import { users, type UserRow } from '../../src/db/schema';
import { resetSecondFactorByEmail } from '../../src/modules/auth/account-service';
import { DEFAULT_PASSWORD, makeAdmin, makeUser } from '../support/factories';
import { buildTestApp, describeApi, testClock, type TestApp } from '../support/test-app';
import { call, codeAt, enrol, passwordStep, securityEvents, type Jar } from '../support/two-factor';

const STEP = 30_000;
const NEW_PASSWORD = 'a-brand-new-password';

/** Self-service and recovery (issue 36.4, docs/decisions/0032-two-factor.md). */
describeApi('account self-service: password, sessions, second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: testClock(new Date('2026-11-22T08:00:10Z')) });
  });
  afterAll(() => t?.close());
  beforeEach(() => t.clock.advance(10 * STEP));

  /** Signs in with the password and, when enrolled, the current code; the browser's cookies. */
  async function browser(admin: UserRow, secret?: string, userAgent = 'Test browser'): Promise<Jar> {
    const jar: Jar = {};
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { origin: 'http://localhost', 'user-agent': userAgent },
      payload: { email: admin.email, password: DEFAULT_PASSWORD },
      remoteAddress: '10.9.8.7',
    });
    for (const c of res.cookies) jar[c.name] = c.value;
    if (secret) {
      t.clock.advance(STEP);
      const second = await call(t, jar, 'POST', '/api/auth/signin/2fa', { code: await codeAt(secret, t.clock()) });
      if (second.statusCode !== 200) throw new Error(second.body);
    }
    return jar;
  }

  async function enrolledAdmin() {
    const admin = await makeAdmin(t.database.db);
    const jar = await browser(admin);
    const { secret, recoveryCodes } = await enrol(t, jar);
    return { admin, jar, secret, recoveryCodes };
  }

  const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('tells the admin whether their second factor is on and how many recovery codes are left', async () => {
    const admin = await makeAdmin(t.database.db);
    const jar = await browser(admin);
    expect((await call(t, jar, 'GET', '/api/auth/account')).json()).toEqual({
      success: true,
      totpEnabled: false,
      recoveryCodesLeft: 0,
      twoFactorRequired: false,
    });
    const { recoveryCodes } = await enrol(t, jar);
    const other = await browser(admin);
    await passwordStep(t, other, admin.email);
    await call(t, other, 'POST', '/api/auth/signin/2fa', { recoveryCode: recoveryCodes[3] });
    expect((await call(t, jar, 'GET', '/api/auth/account')).json()).toMatchObject({
      totpEnabled: true,
      recoveryCodesLeft: 9,
    });
  });

  it('changes the password with the current one and a code; the other sessions end, this one stays', async () => {
    const { admin, jar, secret } = await enrolledAdmin();
    const elsewhere = await browser(admin, secret);
    const before = await row(admin.id);

    const wrong = await call(t, jar, 'POST', '/api/auth/password', {
      currentPassword: 'not-it',
      newPassword: NEW_PASSWORD,
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, twoFactorMessages.wrongPassword]);
    const noCode = await call(t, jar, 'POST', '/api/auth/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect([noCode.statusCode, noCode.json().message]).toEqual([400, twoFactorMessages.secondFactorNeeded]);
    const short = await call(t, jar, 'POST', '/api/auth/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect((await row(admin.id)).passwordHash).toBe(before.passwordHash);
    expect((await call(t, elsewhere, 'GET', '/api/auth/session')).statusCode).toBe(200);

    t.clock.advance(STEP);
    const changed = await call(t, jar, 'POST', '/api/auth/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: NEW_PASSWORD,
      code: await codeAt(secret, t.clock()),
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(t, jar, 'GET', '/api/auth/session')).statusCode).toBe(200);
    expect((await call(t, elsewhere, 'GET', '/api/auth/session')).statusCode).toBe(401);
    expect((await passwordStep(t, {}, admin.email, NEW_PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });
    expect((await securityEvents(t.database.db, admin.id)).at(-1)).toEqual({
      action: 'password_changed',
      details: { factor: 'totp' },
    });
  });

  it('lists the sessions with their address, browser and factor, and ends one of them', async () => {
    const admin = await makeAdmin(t.database.db);
    const jar = await browser(admin, undefined, 'Firefox on Linux');
    const phone = await browser(admin, undefined, 'Safari on iPhone');
    const list = await call(t, jar, 'GET', '/api/auth/sessions');
    const sessions = list.json().sessions as { _id: string; current: boolean; userAgent: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)).toMatchObject({
      userAgent: 'Firefox on Linux',
      ip: '10.9.8.7',
      factor: 'password',
    });
    const other = sessions.find((s) => !s.current)!;
    expect(other.userAgent).toBe('Safari on iPhone');

    expect((await call(t, jar, 'DELETE', '/api/auth/sessions/0123456789abcdef')).statusCode).toBe(404);
    expect((await call(t, jar, 'DELETE', '/api/auth/sessions/not-an-id')).statusCode).toBe(400);
    // Another admin cannot end it.
    const stranger = await browser(await makeAdmin(t.database.db));
    expect((await call(t, stranger, 'DELETE', `/api/auth/sessions/${other._id}`)).statusCode).toBe(404);
    expect((await call(t, phone, 'GET', '/api/auth/session')).statusCode).toBe(200);

    expect((await call(t, jar, 'DELETE', `/api/auth/sessions/${other._id}`)).statusCode).toBe(200);
    expect((await call(t, phone, 'GET', '/api/auth/session')).statusCode).toBe(401);
    expect((await call(t, jar, 'GET', '/api/auth/sessions')).json().sessions).toHaveLength(1);
    expect((await securityEvents(t.database.db, admin.id)).at(-1)).toEqual({ action: 'session_ended', details: null });
  });

  it('resets its own second factor with a recovery code; a wrong one changes nothing', async () => {
    const { admin, jar, secret, recoveryCodes } = await enrolledAdmin();
    const elsewhere = await browser(admin, secret);
    const wrong = await call(t, jar, 'POST', '/api/auth/2fa/reset', { recoveryCode: 'AAAAA-AAAAA' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, twoFactorMessages.invalidRecoveryCode]);
    expect((await row(admin.id)).totpEnabledAt).not.toBeNull();

    expect((await call(t, jar, 'POST', '/api/auth/2fa/reset', { recoveryCode: recoveryCodes[0] })).statusCode).toBe(
      200,
    );
    expect(await row(admin.id)).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect((await call(t, elsewhere, 'GET', '/api/auth/session')).statusCode).toBe(401);
    expect((await call(t, jar, 'GET', '/api/auth/account')).json()).toMatchObject({
      totpEnabled: false,
      recoveryCodesLeft: 0,
    });
    // Signs in with the password alone now (REQUIRE_2FA is off here), and may enrol again.
    expect((await passwordStep(t, {}, admin.email)).json()).toMatchObject({ _id: admin.id });
    await enrol(t, jar);
  });

  it('makes ten new recovery codes for a code; the old ones stop working', async () => {
    const { admin, jar, secret, recoveryCodes } = await enrolledAdmin();
    t.clock.advance(STEP);
    const res = await call(t, jar, 'POST', '/api/auth/2fa/recovery-codes', { code: await codeAt(secret, t.clock()) });
    const fresh = res.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const old: Jar = {};
    await passwordStep(t, old, admin.email);
    expect((await call(t, old, 'POST', '/api/auth/signin/2fa', { recoveryCode: recoveryCodes[1] })).statusCode).toBe(
      401,
    );
    expect((await call(t, old, 'POST', '/api/auth/signin/2fa', { recoveryCode: fresh[1] })).statusCode).toBe(200);
  });

  it("lets an administrator reset another admin's second factor: that admin's sessions end", async () => {
    const { admin: target, secret } = await enrolledAdmin();
    const targetBrowser = await browser(target, secret);
    const administrator = await makeAdmin(t.database.db);
    const jar = await browser(administrator);

    const advertiser = await makeUser(t.database.db);
    expect((await call(t, jar, 'POST', `/api/users/${advertiser.id}/reset-2fa`)).statusCode).toBe(400);
    expect((await call(t, jar, 'POST', `/api/users/not-a-uuid/reset-2fa`)).statusCode).toBe(400);

    expect((await call(t, jar, 'POST', `/api/users/${target.id}/reset-2fa`)).statusCode).toBe(200);
    expect(await row(target.id)).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect((await call(t, targetBrowser, 'GET', '/api/auth/session')).statusCode).toBe(401);
    expect((await call(t, jar, 'POST', `/api/users/${target.id}/reset-2fa`)).statusCode).toBe(409);
    expect((await securityEvents(t.database.db, target.id)).at(-1)).toEqual({
      action: 'two_factor_reset',
      details: null,
    });

    // A moderator may not.
    const moderator = await makeAdmin(t.database.db, { role: 'moderator' });
    const { secret: s2 } = await enrol(t, jar);
    const mod = await browser(moderator);
    const refused = await call(t, mod, 'POST', `/api/users/${administrator.id}/reset-2fa`);
    expect(refused.statusCode).toBe(403);
    expect((await row(administrator.id)).totpSecret).toBe(s2);
  });

  it('resets the second factor from the command line (npm run admin -- reset-2fa --email E)', async () => {
    const { admin, jar } = await enrolledAdmin();
    const user = await resetSecondFactorByEmail(t.database.db, admin.email.toUpperCase(), t.clock());
    expect(user.id).toBe(admin.id);
    expect(await row(admin.id)).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect((await call(t, jar, 'GET', '/api/auth/session')).statusCode).toBe(401);
    await expect(resetSecondFactorByEmail(t.database.db, 'nobody@example.lk', t.clock())).rejects.toThrow(
      'User not found',
    );
  });
});
