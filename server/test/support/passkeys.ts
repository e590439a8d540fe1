import { SoftAuthenticator } from './passkey-authenticator';
import type { TestApp } from './test-app';
import { call, passwordStep, type Jar } from './two-factor';

export { SoftAuthenticator };

/** Adds a passkey from a signed-in session (options, the authenticator's answer, verify); the answer's id. */
export async function addPasskey(t: TestApp, jar: Jar, authenticator: SoftAuthenticator, name = 'Laptop') {
  const options = await call(t, jar, 'POST', '/api/auth/passkeys/options');
  if (options.statusCode !== 200) throw new Error(`options: ${options.statusCode} ${options.body}`);
  const response = authenticator.register(options.json().options);
  const added = await call(t, jar, 'POST', '/api/auth/passkeys', { name, response });
  if (added.statusCode !== 200) throw new Error(`add: ${added.statusCode} ${added.body}`);
  return response.id;
}

/** Signs in with a passkey (options, then the answer), after a password step when `jar` holds its cookie. */
export async function passkeySignIn(t: TestApp, jar: Jar, authenticator: SoftAuthenticator, id?: string) {
  const options = await call(t, jar, 'POST', '/api/auth/signin/passkey/options');
  if (options.statusCode !== 200) throw new Error(`options: ${options.statusCode} ${options.body}`);
  const response = authenticator.authenticate(options.json().options, { id });
  return call(t, jar, 'POST', '/api/auth/signin/passkey', { response });
}

/** One successful call of each passkey route, for the OpenAPI test's "a 2xx of every route". */
export function passkeyCalls(t: TestApp, makeAdmin: () => Promise<{ id: string; email: string }>) {
  const signedIn = async () => {
    const admin = await makeAdmin();
    const jar: Jar = {};
    await passwordStep(t, jar, admin.email);
    return { admin, jar };
  };
  const withPasskey = async () => {
    const { admin, jar } = await signedIn();
    const authenticator = new SoftAuthenticator();
    const id = await addPasskey(t, jar, authenticator);
    return { admin, jar, authenticator, id };
  };
  return [
    { route: 'GET /api/auth/passkeys', send: async () => call(t, (await signedIn()).jar, 'GET', '/api/auth/passkeys') },
    {
      route: 'POST /api/auth/passkeys/options',
      send: async () => call(t, (await signedIn()).jar, 'POST', '/api/auth/passkeys/options'),
    },
    {
      route: 'POST /api/auth/passkeys',
      send: async () => {
        const { jar } = await signedIn();
        const options = (await call(t, jar, 'POST', '/api/auth/passkeys/options')).json().options;
        return call(t, jar, 'POST', '/api/auth/passkeys', {
          name: 'Phone',
          response: new SoftAuthenticator().register(options),
        });
      },
    },
    {
      route: 'DELETE /api/auth/passkeys/:id',
      send: async () => {
        const { jar, id } = await withPasskey();
        return call(t, jar, 'DELETE', `/api/auth/passkeys/${id}`);
      },
    },
    {
      route: 'POST /api/auth/signin/passkey/options',
      send: async () => call(t, {}, 'POST', '/api/auth/signin/passkey/options'),
    },
    {
      route: 'POST /api/auth/signin/passkey',
      send: async () => passkeySignIn(t, {}, (await withPasskey()).authenticator),
    },
  ];
}

/**
 * The audit trail's case of each passkey route that records (audit-trail.test.ts): the call and the
 * one entry it must write. `app`: the test app once built; `signInAs` gives a session cookie for the email.
 */
export function passkeyAuditCases(
  app: () => TestApp,
  makeAdmin: () => Promise<{ id: string; email: string }>,
  signInAs: (email: string) => Promise<string>,
) {
  const withSession = async () => {
    const other = await makeAdmin();
    return { other, jar: { sid: (await signInAs(other.email)).slice(4) } as Jar };
  };
  const bySelf = (action: 'sign_in' | 'passkey_registered' | 'passkey_removed', id: string) =>
    ({ entity: 'session', action, entityId: id, actorId: id }) as const;
  return {
    'POST /api/auth/passkeys': async () => {
      const { other, jar } = await withSession();
      const options = (await call(app(), jar, 'POST', '/api/auth/passkeys/options')).json().options;
      const response = new SoftAuthenticator().register(options);
      const send = () => call(app(), jar, 'POST', '/api/auth/passkeys', { name: 'Laptop', response });
      return { send, expected: bySelf('passkey_registered', other.id) };
    },
    'DELETE /api/auth/passkeys/:id': async () => {
      const { other, jar } = await withSession();
      const id = await addPasskey(app(), jar, new SoftAuthenticator());
      const send = () => call(app(), jar, 'DELETE', `/api/auth/passkeys/${id}`);
      return { send, expected: bySelf('passkey_removed', other.id) };
    },
    'POST /api/auth/signin/passkey': async () => {
      const { other, jar } = await withSession();
      const authenticator = new SoftAuthenticator();
      await addPasskey(app(), jar, authenticator);
      const browser: Jar = {};
      const options = (await call(app(), browser, 'POST', '/api/auth/signin/passkey/options')).json().options;
      const response = authenticator.authenticate(options);
      const send = () => call(app(), browser, 'POST', '/api/auth/signin/passkey', { response });
      return { send, expected: bySelf('sign_in', other.id) };
    },
  };
}
