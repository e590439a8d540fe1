import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUser, signInBody, signInChallenge } from '@backoffice/contract';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../plugins/sessions';
import { setDeviceCookie, setPendingCookie, signInClient } from './auth-cookies';
import { toPublicUser } from '../../db/identity-repository';
import type { AuthService } from './auth-service';

const ok = z.object({ success: z.literal(true) });

/**
 * Sign-in and sign-out: open without a session (docs/decisions/0012-access-control.md), as are the
 * second step's routes (two-factor-routes.ts).
 */
export const publicAuthRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  sessionTtlSeconds: number;
  signInPerMinute: number;
}> = async (app, { auth, sessionTtlSeconds, signInPerMinute }) => {
  app.post(
    '/api/auth/signin',
    {
      schema: { body: signInBody, response: { 200: z.union([publicUser, signInChallenge]) }, security: [] },
      config: { rateLimit: { max: signInPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const outcome = await auth.signIn(email, password, signInClient(request));
      if (outcome.kind === 'second-step') {
        // No session yet: the second step (or enrolment) comes first (docs/decisions/0032-two-factor.md).
        setPendingCookie(request, reply, outcome.pendingToken, outcome.enrolmentRequired);
        const { methods, enrolmentRequired } = outcome;
        return { success: true as const, twoFactorRequired: true as const, methods, enrolmentRequired };
      }
      setSessionCookie(request, reply, outcome.token, sessionTtlSeconds);
      if (outcome.newDeviceToken) setDeviceCookie(request, reply, outcome.newDeviceToken);
      return outcome.user;
    },
  );

  // One route per method, so each is its own operation in the OpenAPI document.
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/user/signout',
      schema: { response: { 200: ok, 204: z.null() }, security: [] },
      handler: async (request, reply) => {
        // A GET can be sent by any site's link or image; only the browser's own pages (or no browser
        // at all: old ones and curl send no Sec-Fetch-Site) may end the session.
        if (request.headers['sec-fetch-site'] === 'cross-site') return reply.code(204).send(null);
        await auth.signOut(request.cookies[SESSION_COOKIE]);
        clearSessionCookie(request, reply);
        return { success: true as const };
      },
    });
  }
};

/** Routes behind the admin guard. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/auth/session', { schema: { response: { 200: publicUser } } }, async (request) =>
    toPublicUser(request.session!.user),
  );
};
