import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '@backoffice/contract';

/**
 * Serves uploaded files under /uploads and, when built, the web app with a fallback to
 * index.html for client-side routes. Unknown /api paths answer a JSON 404 (docs/decisions/0013-errors-and-validation.md).
 */
export async function registerStaticFiles(app: FastifyInstance, opts: { uploadsDir: string; webDist: string }) {
  fs.mkdirSync(opts.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '1h',
  });

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
