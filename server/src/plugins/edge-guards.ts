import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { messages } from '@backoffice/contract';
import { AppError } from '../lib/errors';

/** The security headers of every answer, the framework's own early errors included. */
export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'img-src': ["'self'", 'data:', 'blob:'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Sets helmet's headers on every answer, its middleware built once. @fastify/helmet built it again for
 * every request (its directives parsed each time: 7 % of a public report's CPU time; issues 35 and 37).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
}

/** helmetOptions' headers for the framework's early errors. */
const defaultHeaders = helmet(helmetOptions);

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * API answers hold personal data and session state: no browser or proxy cache may keep them,
 * errors included (the header is set before any route or error handler runs).
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isApi(request.url)) reply.header('cache-control', 'no-store');
  });
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]']);
const wildcardAddresses = new Set(['0.0.0.0', '::', '[::]']);
// A Host header is a name or an IP literal and an optional port; anything else is refused.
const hostPattern = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;

type HostEntry = { hostname: string; port: string };

function entryOf(origin: string): HostEntry {
  const url = new URL(origin);
  return { hostname: url.hostname, port: url.port || (url.protocol === 'https:' ? '443' : '80') };
}

/**
 * Against DNS rebinding: a page on a name the attacker controls, resolved to this machine, sends
 * that name as Host. Only the names this server is reached by are answered: PUBLIC_ORIGIN's and
 * ALLOWED_ORIGINS' hosts, and loopback names (and the configured listening address) on the port
 * the request came in on. 421 otherwise, before any route, health check included.
 */
export function registerHostCheck(
  app: FastifyInstance,
  opts: { publicOrigin: string | undefined; allowedOrigins: string[]; listenHost: string },
): void {
  const named = [...(opts.publicOrigin ? [opts.publicOrigin] : []), ...opts.allowedOrigins].map(entryOf);
  const local = new Set(loopbackNames);
  const listenHost = opts.listenHost.toLowerCase();
  if (!wildcardAddresses.has(listenHost)) local.add(listenHost.includes(':') ? `[${listenHost}]` : listenHost);

  const allowed = (request: FastifyRequest): boolean => {
    const match = hostPattern.exec((request.headers.host ?? '').toLowerCase());
    if (!match) return false;
    const hostname = match[1]!;
    const port = match[2];
    // Named first: PUBLIC_ORIGIN may itself be a loopback address on a proxy's port (nginx on this
    // machine in front of instances on other ports, deploy/nginx), which the port rule below refuses.
    const isNamed = named.some(
      (e) => e.hostname === hostname && (port === undefined ? e.port === '80' || e.port === '443' : e.port === port),
    );
    if (isNamed || !local.has(hostname)) return isNamed;
    // app.inject has no socket port: only real connections are held to theirs.
    const localPort = request.socket?.localPort;
    return localPort === undefined || Number(port ?? 80) === localPort;
  };

  app.addHook('onRequest', async (request) => {
    if (!allowed(request)) throw new AppError(421, messages.server.unknownHost);
  });
}

/**
 * Errors the framework raises before routing (a URL that does not decode, a path parameter over
 * its length): no hook has run, so the security headers are set here, and the body has the usual
 * `{ success: false, message }` shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  defaultHeaders(request.raw, reply.raw, () => {});
  if (isApi(request.url)) reply.header('cache-control', 'no-store');
  const tooLong = error.statusCode === 414;
  void reply
    .status(tooLong ? 414 : 400)
    .send({ success: false, message: tooLong ? messages.server.urlTooLong : messages.server.badUrl });
}
