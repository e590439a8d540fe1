import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages, twoFactorMessages } from '@backoffice/contract';
import { webauthnCredentials } from '../../src/db/schema';
import { makeAdmin, makeUser, signIn } from '../support/factories';
import { addPasskey, passkeySignIn, SoftAuthenticator } from '../support/passkeys';
import { buildTestApp, describeApi, type TestApp } from '../support/test-app';
import { call, enrol, passwordStep, securityEvents, type Jar } from '../support/two-factor';

/**
 * Passkeys (issue 36.1, docs/decisions/0032-two-factor.md): added from a session, used as the second
 * step or alone. A software authenticator (real keys, real WebAuthn structures) answers here; the
 * browser's ceremony is e2e/passkeys.test.ts.
 */
describeApi('passkeys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  async function signedInAdmin() {
    const admin = await makeAdmin(t.database.db);
    const jar: Jar = { sid: (await signIn(t.app, admin.email)).slice(4) };
    return { admin, jar };
  }
  const stored = async (id: string) =>
    (await t.database.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, id)))[0];

  it('adds a passkey with its name, counter and transports; lists and removes it; each recorded', async () => {
    const { admin, jar } = await signedInAdmin();
    const authenticator = new SoftAuthenticator();
    const options = await call(t, jar, 'POST', '/api/auth/passkeys/options');
    expect(options.statusCode).toBe(200);
    const { rp, user, challenge, authenticatorSelection } = options.json().options;
    expect(rp).toEqual({ name: 'Back-office', id: 'localhost' });
    expect(user.name).toBe(admin.email);
    expect(authenticatorSelection.residentKey).toBe('required');
    const response = authenticator.register({ challenge, user });
    const added = await call(t, jar, 'POST', '/api/auth/passkeys', { name: '  Work laptop ', response });
    expect(added.statusCode).toBe(200);
    expect(added.json().passkey).toMatchObject({ _id: response.id, name: 'Work laptop', lastUsedAt: null });
    expect(await stored(response.id)).toMatchObject({ userId: admin.id, counter: 0, transports: ['internal'] });

    // The challenge is spent: the same answer again is refused.
    const again = await call(t, jar, 'POST', '/api/auth/passkeys', { name: 'Again', response });
    expect([again.statusCode, again.json().message]).toEqual([409, twoFactorMessages.passkeyNotStarted]);

    const list = await call(t, jar, 'GET', '/api/auth/passkeys');
    expect(list.json().passkeys.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    const removed = await call(t, jar, 'DELETE', `/api/auth/passkeys/${response.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await stored(response.id)).toBeUndefined();
    expect((await call(t, jar, 'DELETE', `/api/auth/passkeys/${response.id}`)).statusCode).toBe(404);
    expect((await securityEvents(t.database.db, admin.id)).map((e) => e.action)).toEqual([
      'sign_in',
      'passkey_registered',
      'passkey_removed',
    ]);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { admin, jar } = await signedInAdmin();
    const authenticator = new SoftAuthenticator();
    const { options } = (await call(t, jar, 'POST', '/api/auth/passkeys/options')).json();
    const response = authenticator.register(options);
    for (const body of [
      { name: '', response },
      { name: 'x'.repeat(61), response },
      { name: 'Laptop' },
      { name: 'Laptop', response: { ...response, type: 'password' } },
      { name: 'Laptop', response: { ...response, response: { clientDataJSON: 'not base64!' } } },
      { name: 'Laptop', response, extra: 1 },
    ]) {
      const res = await call(t, jar, 'POST', '/api/auth/passkeys', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const badSignIn = await call(t, {}, 'POST', '/api/auth/signin/passkey', { response: { id: 'x' } });
    expect(badSignIn.statusCode).toBe(400);
    expect((await call(t, jar, 'DELETE', '/api/auth/passkeys/not%20an%20id')).statusCode).toBe(400);
    // The challenge is still there for the right answer.
    expect((await call(t, jar, 'POST', '/api/auth/passkeys', { name: 'Laptop', response })).statusCode).toBe(200);
    expect(
      (await t.database.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, admin.id))).length,
    ).toBe(1);
  });

  it('refuses an answer to another challenge, for another site, or with no options asked', async () => {
    const { jar } = await signedInAdmin();
    const authenticator = new SoftAuthenticator();
    const noOptions = await call(t, jar, 'POST', '/api/auth/passkeys', {
      name: 'Laptop',
      response: authenticator.register({ challenge: 'AAAA', user: { id: 'x' } }),
    });
    expect(noOptions.statusCode).toBe(409);
    const { options } = (await call(t, jar, 'POST', '/api/auth/passkeys/options')).json();
    const wrongChallenge = authenticator.register({ ...options, challenge: 'c29tZXRoaW5nIGVsc2U' });
    const refused = await call(t, jar, 'POST', '/api/auth/passkeys', { name: 'Laptop', response: wrongChallenge });
    expect([refused.statusCode, refused.json().message]).toEqual([400, twoFactorMessages.passkeyRefused]);
    const { options: next } = (await call(t, jar, 'POST', '/api/auth/passkeys/options')).json();
    const phishing = new SoftAuthenticator('https://evil.example', 'localhost').register(next);
    expect((await call(t, jar, 'POST', '/api/auth/passkeys', { name: 'Laptop', response: phishing })).statusCode).toBe(
      400,
    );
  });

  it('a password sign-in of an account with a passkey offers it; the passkey opens the session (factor passkey)', async () => {
    const { admin, jar } = await signedInAdmin();
    const authenticator = new SoftAuthenticator();
    await addPasskey(t, jar, authenticator);
    const browser: Jar = {};
    const first = await passwordStep(t, browser, admin.email);
    expect(first.json()).toEqual({
      success: true,
      twoFactorRequired: true,
      methods: ['passkey'],
      enrolmentRequired: false,
    });
    expect(browser.sid).toBeUndefined();
    const options = (await call(t, browser, 'POST', '/api/auth/signin/passkey/options')).json().options;
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([...authenticator.keys.keys()]);
    const res = await call(t, browser, 'POST', '/api/auth/signin/passkey', {
      response: authenticator.authenticate(options),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(admin.email);
    expect(browser.sid).toBeDefined();
    expect(browser.bo_pending).toBeUndefined();
    expect((await call(t, browser, 'GET', '/api/auth/session')).statusCode).toBe(200);
    const events = await securityEvents(t.database.db, admin.id);
    expect(events.at(-1)).toEqual({ action: 'sign_in', details: { factor: 'passkey' } });
    const row = await stored([...authenticator.keys.keys()][0]!);
    expect([row!.counter, row!.lastUsedAt]).not.toEqual([0, null]);
  });

  it("with TOTP too, methods lists every factor; another admin's passkey is refused at the second step", async () => {
    const { admin, jar } = await signedInAdmin();
    await enrol(t, jar);
    await addPasskey(t, jar, new SoftAuthenticator());
    const other = await signedInAdmin();
    const othersKey = new SoftAuthenticator();
    await addPasskey(t, other.jar, othersKey);

    const browser: Jar = {};
    expect((await passwordStep(t, browser, admin.email)).json().methods).toEqual(['totp', 'recovery-code', 'passkey']);
    const res = await passkeySignIn(t, browser, othersKey);
    expect([res.statusCode, res.json().message]).toEqual([401, twoFactorMessages.passkeyRefused]);
    expect(browser.sid).toBeUndefined();
    expect((await securityEvents(t.database.db, admin.id)).at(-1)).toEqual({
      action: 'sign_in_failed',
      details: { email: admin.email, factor: 'passkey' },
    });
  });

  it('a passkey alone signs in; an unknown one, a replayed answer and a counter that went back are refused', async () => {
    const { admin, jar } = await signedInAdmin();
    const authenticator = new SoftAuthenticator();
    const id = await addPasskey(t, jar, authenticator);

    const browser: Jar = {};
    const options = await call(t, browser, 'POST', '/api/auth/signin/passkey/options');
    expect(options.json().options.allowCredentials ?? []).toEqual([]);
    expect(browser.bo_pending).toBeDefined();
    const response = authenticator.authenticate(options.json().options);
    const ok = await call(t, browser, 'POST', '/api/auth/signin/passkey', { response });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(admin.email);

    // The same answer again: its sign-in is gone.
    const replay = await call(t, { bo_pending: 'gone' }, 'POST', '/api/auth/signin/passkey', { response });
    expect([replay.statusCode, replay.json().message]).toEqual([401, twoFactorMessages.signInExpired]);

    // A counter that did not grow (a cloned authenticator) is refused.
    const cloned: Jar = {};
    const next = (await call(t, cloned, 'POST', '/api/auth/signin/passkey/options')).json().options;
    const back = authenticator.authenticate(next, { counter: 1 });
    const refused = await call(t, cloned, 'POST', '/api/auth/signin/passkey', { response: back });
    expect([refused.statusCode, refused.json().message]).toEqual([401, twoFactorMessages.passkeyRefused]);
    expect(cloned.sid).toBeUndefined();

    // An answer for another challenge is refused.
    const stranger: Jar = {};
    const own = (await call(t, stranger, 'POST', '/api/auth/signin/passkey/options')).json().options;
    const forged = authenticator.authenticate(own, { challenge: 'c29tZXRoaW5nIGVsc2U' });
    expect((await call(t, stranger, 'POST', '/api/auth/signin/passkey', { response: forged })).statusCode).toBe(401);

    // A passkey nobody registered.
    const unknown = new SoftAuthenticator();
    unknown.register({ challenge: 'AAAA', user: { id: 'x' } });
    const res = await passkeySignIn(t, {}, unknown);
    expect([res.statusCode, res.json().message]).toEqual([401, twoFactorMessages.passkeyUnknown]);
    // Without options first: nothing to answer.
    const none = await call(t, {}, 'POST', '/api/auth/signin/passkey', { response });
    expect(none.statusCode).toBe(401);
    // The refused answers changed nothing: the counter is the one sign-in's.
    expect((await stored(id))!.counter).toBe(1);
  });

  it('a passkey of an account that is no longer an admin is refused as its password is', async () => {
    const { admin, jar } = await signedInAdmin();
    const authenticator = new SoftAuthenticator();
    await addPasskey(t, jar, authenticator);
    const plain = await makeUser(t.database.db);
    await t.database.db
      .update(webauthnCredentials)
      .set({ userId: plain.id })
      .where(eq(webauthnCredentials.userId, admin.id));
    const res = await passkeySignIn(t, {}, authenticator);
    expect([res.statusCode, res.json().message]).toEqual([403, messages.signIn.noAdminAccess]);
  });

  it("removing another admin's passkey is a 404 and leaves it", async () => {
    const one = await signedInAdmin();
    const two = await signedInAdmin();
    const id = await addPasskey(t, one.jar, new SoftAuthenticator());
    expect((await call(t, two.jar, 'DELETE', `/api/auth/passkeys/${id}`)).statusCode).toBe(404);
    expect(await stored(id)).toBeDefined();
    expect((await call(t, two.jar, 'GET', '/api/auth/passkeys')).json().passkeys).toEqual([]);
  });

  it('under REQUIRE_2FA an admin with a passkey is enrolled: the second step, not the enrolment', async () => {
    const strict = await buildTestApp({ env: { REQUIRE_2FA: 'true' } });
    try {
      const admin = await makeAdmin(strict.database.db);
      const jar: Jar = {};
      expect((await passwordStep(strict, jar, admin.email)).json().enrolmentRequired).toBe(true);
      await strict.database.db.insert(webauthnCredentials).values({
        id: 'c29tZS1jcmVkZW50aWFs',
        userId: admin.id,
        publicKey: 'AA',
        name: 'Key',
      });
      expect((await passwordStep(strict, {}, admin.email)).json()).toMatchObject({
        methods: ['passkey'],
        enrolmentRequired: false,
      });
    } finally {
      await strict.close();
    }
  });

  it("an administrator's reset of an admin whose one second factor is a passkey removes it (the device is lost)", async () => {
    const { admin, jar } = await signedInAdmin();
    const authenticator = new SoftAuthenticator();
    const id = await addPasskey(t, jar, authenticator);
    const administrator = await signedInAdmin();
    const reset = await call(t, administrator.jar, 'POST', `/api/users/${admin.id}/reset-2fa`);
    expect(reset.statusCode).toBe(200);
    expect(await stored(id)).toBeUndefined();
    expect((await passwordStep(t, {}, admin.email)).json()).toMatchObject({ email: admin.email });
    const alone = await passkeySignIn(t, {}, authenticator);
    expect([alone.statusCode, alone.json().message]).toEqual([401, twoFactorMessages.passkeyUnknown]);
  });
});
