import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../lib/errors';
import { messages } from '@backoffice/contract';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route called by servers with a bearer token and no cookie (POST /api/public/reports): nothing to forge. */
    skipOriginCheck?: boolean;
  }
}

/** Under /api/public/ only servers call, with a token: a path there that does not exist is a 404, not a 403. */
const serverToServer = (request: FastifyRequest) =>
  request.routeOptions.config?.skipOriginCheck === true ||
  (request.routeOptions.url === undefined && request.url.startsWith('/api/public/'));

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

function requestOrigin(request: FastifyRequest): string | null {
  return originOf(request.headers.origin) ?? originOf(request.headers.referer);
}

/**
 * docs/decisions/0012-access-control.md: a state-changing request must come from the server's own origin or an allowed one.
 * Together with SameSite=Lax cookies this stops cross-site request forgery.
 */
export function registerCsrf(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || serverToServer(request)) return;
    const origin = requestOrigin(request);
    if (!origin || (origin !== request.ownOrigin && !allowed.has(origin))) {
      throw new ForbiddenError(messages.access.badOrigin);
    }
  });
}
