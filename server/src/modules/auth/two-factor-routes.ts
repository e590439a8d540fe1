import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  publicUser,
  recoveryCodesResponse,
  secondFactorBody,
  totpConfirmBody,
  totpSetupResponse,
} from '@backoffice/contract';
import { SESSION_COOKIE, setSessionCookie } from '../../plugins/sessions';
import { clearPendingCookie, setDeviceCookie, signInClient } from './auth-cookies';
import type { AuthService, SignedIn } from './auth-service';
import { PENDING_COOKIE } from './pending-sign-ins';
import type { Enroller, TwoFactorService } from './two-factor-service';

/**
 * The second step of a sign-in and enrolling an authenticator app. Open without a session: each
 * call checks the pending-sign-in cookie itself (or, for enrolment from the account menu, the session).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  twoFactor: TwoFactorService;
  sessionTtlSeconds: number;
  signInPerMinute: number;
}> = async (app, { auth, twoFactor, sessionTtlSeconds, signInPerMinute }) => {
  const finish = (request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) => {
    clearPendingCookie(request, reply);
    setSessionCookie(request, reply, signedIn.token, sessionTtlSeconds);
    if (signedIn.newDeviceToken) setDeviceCookie(request, reply, signedIn.newDeviceToken);
  };

  /** A signed-in admin enrolling from the account menu, else a sign-in that must enrol first. */
  const enroller = async (request: FastifyRequest): Promise<Enroller> => {
    const session = await auth.resolve(request.cookies[SESSION_COOKIE]);
    if (session?.user.isAdmin) return { user: session.user, pending: null };
    return twoFactor.pending(request.cookies[PENDING_COOKIE], 'enrol');
  };

  app.post(
    '/api/auth/signin/2fa',
    {
      schema: { body: secondFactorBody, response: { 200: publicUser }, security: [] },
      config: { rateLimit: { max: signInPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const signedIn = await twoFactor.secondStep(request.cookies[PENDING_COOKIE], request.body, signInClient(request));
      finish(request, reply, signedIn);
      return signedIn.user;
    },
  );

  app.post(
    '/api/auth/2fa/totp/setup',
    {
      schema: { response: { 200: totpSetupResponse }, security: [] },
      config: { rateLimit: { max: signInPerMinute, timeWindow: 60_000 } },
    },
    async (request) => ({ success: true as const, ...(await twoFactor.setupTotp(await enroller(request))) }),
  );

  app.post(
    '/api/auth/2fa/totp/confirm',
    {
      schema: { body: totpConfirmBody, response: { 200: recoveryCodesResponse }, security: [] },
      config: { rateLimit: { max: signInPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const who = await enroller(request);
      const { recoveryCodes, signedIn } = await twoFactor.confirmTotp(who, request.body.code, signInClient(request));
      if (!signedIn) return { success: true as const, recoveryCodes };
      finish(request, reply, signedIn);
      return { success: true as const, recoveryCodes, user: signedIn.user };
    },
  );
};
