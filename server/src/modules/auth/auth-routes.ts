import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUser, signInBody } from '@backoffice/contract';
import { clearSessionCookie, isSecure, SESSION_COOKIE, setSessionCookie } from '../../plugins/sessions';
import { DEVICE_COOKIE, DEVICE_TTL_MS } from './trusted-devices';
import { toPublicUser } from '../../db/identity-repository';
import type { AuthService } from './auth-service';

const ok = z.object({ success: z.literal(true) });

/**
 * The device cookie (docs/decisions/0031-device-cookies.md): sent only to the sign-in route, kept
 * for a year (a device unused for a year is forgotten by the server too).
 */
function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/auth/signin',
    secure: isSecure(request),
    maxAge: DEVICE_TTL_MS / 1000,
  });
}

/** Sign-in and sign-out: the only /api routes open without a session (docs/decisions/0012-access-control.md). */
export const publicAuthRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  sessionTtlSeconds: number;
  signInPerMinute: number;
}> = async (app, { auth, sessionTtlSeconds, signInPerMinute }) => {
  app.post(
    '/api/auth/signin',
    {
      schema: { body: signInBody, response: { 200: publicUser }, security: [] },
      config: { rateLimit: { max: signInPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const { token, user, newDeviceToken } = await auth.signIn(
        email,
        password,
        request.ip,
        request.cookies[DEVICE_COOKIE],
      );
      setSessionCookie(request, reply, token, sessionTtlSeconds);
      if (newDeviceToken) setDeviceCookie(request, reply, newDeviceToken);
      return user;
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
