import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { Db } from '../../src/db/client';
import { auditEvents } from '../../src/db/schema';
import { DEFAULT_PASSWORD } from './factories';
import { ORIGIN, type TestApp } from './test-app';

/** The cookies a browser would hold, by name. */
export type Jar = Record<string, string>;

/** A request with the browser's cookies; the cookies it sets are kept in `jar`. */
export async function call(
  t: TestApp,
  jar: Jar,
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
) {
  const res = await t.app.inject({ method, url, headers: { origin: ORIGIN }, cookies: jar, payload });
  for (const c of res.cookies) {
    if (c.value === '' || c.maxAge === 0) delete jar[c.name];
    else jar[c.name] = c.value;
  }
  return res;
}

/** The code an authenticator app shows for `secret` at `at` (the test clock's time by default). */
export const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** Signs in with the password only (the first step). */
export const passwordStep = (t: TestApp, jar: Jar, email: string, password = DEFAULT_PASSWORD) =>
  call(t, jar, 'POST', '/api/auth/signin', { email, password });

/** Enrols the authenticator app from a signed-in session (or an enrolling sign-in); its secret and recovery codes. */
export async function enrol(t: TestApp, jar: Jar): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(t, jar, 'POST', '/api/auth/2fa/totp/setup');
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await call(t, jar, 'POST', '/api/auth/2fa/totp/confirm', { code: await codeAt(secret, t.clock()) });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The account's audit entries (entity session), oldest first: action and details. */
export async function securityEvents(db: Db, userId: string) {
  const rows = await db
    .select({ action: auditEvents.action, details: auditEvents.details, at: auditEvents.at })
    .from(auditEvents)
    .where(eq(auditEvents.entityId, userId))
    .orderBy(auditEvents.id);
  return rows.map((r) => ({ action: r.action, details: r.details }));
}

/**
 * One successful call of each two-factor and self-service route, each with its own admin, for the
 * OpenAPI test's "a 2xx of every route" (openapi.test.ts).
 */
export function twoFactorCalls(t: TestApp, makeAdmin: () => Promise<{ id: string; email: string }>) {
  const signedIn = async () => {
    const admin = await makeAdmin();
    const jar: Jar = {};
    await passwordStep(t, jar, admin.email);
    return { admin, jar };
  };
  const enrolled = async () => {
    const { admin, jar } = await signedIn();
    return { admin, jar, ...(await enrol(t, jar)) };
  };
  const nextCode = async (secret: string) => {
    t.clock.advance(30_000);
    return codeAt(secret, t.clock());
  };
  type Send = () => ReturnType<typeof call>;
  const calls: { route: string; send: Send }[] = [
    {
      route: 'POST /api/auth/signin/2fa',
      send: async () => {
        const { admin, secret } = await enrolled();
        const jar: Jar = {};
        await passwordStep(t, jar, admin.email);
        return call(t, jar, 'POST', '/api/auth/signin/2fa', { code: await nextCode(secret) });
      },
    },
    {
      route: 'POST /api/auth/2fa/totp/setup',
      send: async () => call(t, (await signedIn()).jar, 'POST', '/api/auth/2fa/totp/setup'),
    },
    {
      route: 'POST /api/auth/2fa/totp/confirm',
      send: async () => {
        const { jar } = await signedIn();
        const { secret } = (await call(t, jar, 'POST', '/api/auth/2fa/totp/setup')).json<{ secret: string }>();
        return call(t, jar, 'POST', '/api/auth/2fa/totp/confirm', { code: await codeAt(secret, t.clock()) });
      },
    },
    { route: 'GET /api/auth/account', send: async () => call(t, (await signedIn()).jar, 'GET', '/api/auth/account') },
    {
      route: 'POST /api/auth/password',
      send: async () =>
        call(t, (await signedIn()).jar, 'POST', '/api/auth/password', {
          currentPassword: DEFAULT_PASSWORD,
          newPassword: 'another-good-password',
        }),
    },
    { route: 'GET /api/auth/sessions', send: async () => call(t, (await signedIn()).jar, 'GET', '/api/auth/sessions') },
    {
      route: 'DELETE /api/auth/sessions/:id',
      send: async () => {
        const { jar } = await signedIn();
        const [mine] = (await call(t, jar, 'GET', '/api/auth/sessions')).json<{ sessions: { _id: string }[] }>()
          .sessions;
        return call(t, jar, 'DELETE', `/api/auth/sessions/${mine!._id}`);
      },
    },
    {
      route: 'POST /api/auth/2fa/recovery-codes',
      send: async () => {
        const { jar, secret } = await enrolled();
        return call(t, jar, 'POST', '/api/auth/2fa/recovery-codes', { code: await nextCode(secret) });
      },
    },
    {
      route: 'POST /api/auth/2fa/reset',
      send: async () => {
        const { jar, recoveryCodes } = await enrolled();
        return call(t, jar, 'POST', '/api/auth/2fa/reset', { recoveryCode: recoveryCodes[0] });
      },
    },
    {
      route: 'POST /api/users/:id/reset-2fa',
      send: async () => {
        const { admin: target } = await enrolled();
        const { jar } = await signedIn();
        return call(t, jar, 'POST', `/api/users/${target.id}/reset-2fa`);
      },
    },
  ];
  return calls;
}
