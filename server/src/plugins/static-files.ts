import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '@backoffice/contract';
import type { FileStorage } from '../storage/file-storage';
import { registerUploadsRoute } from './uploads-route';

/**
 * Serves uploaded files under /uploads and, when built, the web app with a fallback to
 * index.html for client-side routes. Unknown /api paths answer a JSON 404 (docs/decisions/0013-errors-and-validation.md).
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  opts: { storage: FileStorage; uploadsPublicUrl: string | undefined; webDist: string },
) {
  registerUploadsRoute(app, { storage: opts.storage, publicUrl: opts.uploadsPublicUrl });

  const hasWeb = fs.existsSync(path.join(opts.webDist, 'index.html'));
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html', opts.webDist);
    }
    return reply.status(404).send({ success: false, message: messages.server.notFound });
  });
}
