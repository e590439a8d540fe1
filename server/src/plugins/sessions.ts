import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@backoffice/contract';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import type { AuthService, SessionUser } from '../modules/auth/auth-service';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard on every protected route. */
    session: SessionUser | null;
  }
}

/** Secure whenever browsers reach the server over HTTPS: PUBLIC_ORIGIN's scheme, else this request's. */
export function isSecure(request: FastifyRequest): boolean {
  return request.ownOrigin?.startsWith('https:') ?? request.protocol === 'https';
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecure(request),
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecure(request),
  });
}

/**
 * docs/decisions/0012-access-control.md: registers the admin-only guard on every route of `scope`.
 * 401 without a valid session, 403 for a signed-in non-admin.
 */
export function guardAdminsOnly(scope: FastifyInstance, auth: AuthService): void {
  scope.decorateRequest('session', null);
  scope.addHook('onRequest', async (request, reply) => {
    const session = await auth.resolve(request.cookies[SESSION_COOKIE]);
    if (!session) {
      if (request.cookies[SESSION_COOKIE]) clearSessionCookie(request, reply);
      throw new UnauthorizedError(messages.access.notSignedIn);
    }
    if (!session.user.isAdmin) throw new ForbiddenError(messages.access.adminsOnly);
    request.session = session;
  });
}
