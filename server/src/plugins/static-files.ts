import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_MARKETPLACE_TIME_ZONE, TIME_ZONE_META, messages } from '@backoffice/contract';
import type { FileStorage } from '../storage/file-storage';
import { allowedMethods } from './method-not-allowed';
import { registerUploadsRoute } from './uploads-route';

/**
 * Serves uploaded files under /uploads and, when built, the web app with a fallback to
 * index.html for client-side routes. Unknown /api paths answer a JSON 404 (docs/decisions/0013-errors-and-validation.md).
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  opts: { storage: FileStorage; uploadsPublicUrl: string | undefined; webDist: string; timeZone?: string },
) {
  registerUploadsRoute(app, { storage: opts.storage, publicUrl: opts.uploadsPublicUrl });

  const hasWeb = fs.existsSync(path.join(opts.webDist, 'index.html'));
  // The page names the marketplace's time zone, so the screens show dates as the server counts days
  // (docs/decisions/0023-time-zone-and-dates.md). The zone is checked at boot: it holds no markup.
  const page = hasWeb
    ? fs
        .readFileSync(path.join(opts.webDist, 'index.html'), 'utf8')
        .replace(
          '<head>',
          `<head><meta name="${TIME_ZONE_META}" content="${opts.timeZone ?? DEFAULT_MARKETPLACE_TIME_ZONE}" />`,
        )
    : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be revalidated.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isPage =
      request.method === 'GET' && !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/uploads/');
    if (hasWeb && isPage) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    }
    const allow = url.startsWith('/api/') ? allowedMethods(app.routeList, url) : [];
    if (allow.length) {
      return reply
        .status(405)
        .header('allow', allow.join(', '))
        .send({ success: false, message: messages.server.methodNotAllowed });
    }
    return reply.status(404).send({ success: false, message: messages.server.notFound });
  });
}
