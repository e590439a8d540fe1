import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPasskeyBody,
  passkeyIdParam,
  passkeyOptionsResponse,
  passkeyResponse,
  passkeySignInBody,
  passkeysResponse,
  publicUser,
} from '@backoffice/contract';
import { setSessionCookie } from '../../plugins/sessions';
import { clearPendingCookie, setDeviceCookie, setPendingCookie, signInClient } from './auth-cookies';
import { relyingParty, type PasskeyService } from './passkey-service';
import { PENDING_COOKIE } from './pending-sign-ins';

const ok = z.object({ success: z.literal(true) });

/** One's own passkeys, behind the admin guard (docs/decisions/0032-two-factor.md, Passkeys). */
export const passkeyAccountRoutes: FastifyPluginAsyncZod<{
  passkeys: PasskeyService;
  allowedOrigins: string[];
}> = async (app, { passkeys, allowedOrigins }) => {
  app.get('/api/auth/passkeys', { schema: { response: { 200: passkeysResponse } } }, async (request) => ({
    success: true as const,
    passkeys: await passkeys.list(request.session!.user),
  }));

  app.post('/api/auth/passkeys/options', { schema: { response: { 200: passkeyOptionsResponse } } }, async (request) => {
    const { user, tokenHash } = request.session!;
    const rp = relyingParty(request.ownOrigin, allowedOrigins);
    const options = await passkeys.registrationOptions(user, tokenHash, rp);
    return { success: true as const, options: options as typeof options & Record<string, unknown> };
  });

  app.post(
    '/api/auth/passkeys',
    { schema: { body: addPasskeyBody, response: { 200: passkeyResponse } } },
    async (request) => {
      const { user, tokenHash } = request.session!;
      const rp = relyingParty(request.ownOrigin, allowedOrigins);
      return { success: true as const, passkey: await passkeys.register(user, tokenHash, request.body, rp) };
    },
  );

  app.delete(
    '/api/auth/passkeys/:id',
    { schema: { params: passkeyIdParam, response: { 200: ok } } },
    async (request) => {
      await passkeys.remove(request.session!.user, request.params.id);
      return { success: true as const };
    },
  );
};

/** Signing in with a passkey, as the second step or alone: open without a session. */
export const passkeySignInRoutes: FastifyPluginAsyncZod<{
  passkeys: PasskeyService;
  allowedOrigins: string[];
  sessionTtlSeconds: number;
  signInPerMinute: number;
}> = async (app, { passkeys, allowedOrigins, sessionTtlSeconds, signInPerMinute }) => {
  app.post(
    '/api/auth/signin/passkey/options',
    {
      schema: { response: { 200: passkeyOptionsResponse }, security: [] },
      config: { rateLimit: { max: signInPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const rp = relyingParty(request.ownOrigin, allowedOrigins);
      const { options, newPendingToken } = await passkeys.signInOptions(request.cookies[PENDING_COOKIE], rp);
      if (newPendingToken) setPendingCookie(request, reply, newPendingToken, false);
      return { success: true as const, options: options as typeof options & Record<string, unknown> };
    },
  );

  app.post(
    '/api/auth/signin/passkey',
    {
      schema: { body: passkeySignInBody, response: { 200: publicUser }, security: [] },
      config: { rateLimit: { max: signInPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const rp = relyingParty(request.ownOrigin, allowedOrigins);
      const signedIn = await passkeys.signIn(request.cookies[PENDING_COOKIE], request.body, signInClient(request), rp);
      clearPendingCookie(request, reply);
      setSessionCookie(request, reply, signedIn.token, sessionTtlSeconds);
      if (signedIn.newDeviceToken) setDeviceCookie(request, reply, signedIn.newDeviceToken);
      return signedIn.user;
    },
  );
};
