import type { FastifyInstance, FastifyReply } from 'fastify';
import { messages } from '@backoffice/contract';
import { storageKey, type FileStorage, type ReadConditions } from '../storage/file-storage';
import { isOriginalKey, isThumbnailWidth, thumbnailKey } from '../storage/thumbnail-keys';
import { ensureThumbnail } from '../storage/thumbnails';

/** Images change only by getting a new name, so browsers may keep them an hour before asking again. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /uploads/<key> from whichever storage is configured, streamed, with ETag, Last-Modified,
 * Cache-Control and 304 for a browser's conditional request. `?w=96` or `?w=480` answers the
 * thumbnail of that width (made on first request, kept in storage); an unreadable image answers
 * the placeholder; any other width, or a thumbnail asked of anything but an original, is a 404. With `publicUrl` (S3_PUBLIC_URL) the API answers images on that host, and a
 * link made before (a bookmark, an export, the public site) is redirected there (the thumbnail made
 * first) so it keeps working (docs/decisions/0019-object-storage-and-thumbnails.md).
 */
export function registerUploadsRoute(app: FastifyInstance, opts: { storage: FileStorage; publicUrl?: string }) {
  const { storage } = opts;
  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ success: false, message: messages.server.notFound });

  // Files, not an API call: left out of the API description.
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const raw = (request.params as { '*': string })['*'];
    const key = storageKey(raw);
    // Temporary files of uploads in progress (and any other dotfile) are never served.
    if (!key || key.split('/').some((part) => part.startsWith('.'))) return notFound(reply);

    const conditions: ReadConditions = {};
    const inm = request.headers['if-none-match'];
    const ims = request.headers['if-modified-since'];
    if (inm) conditions.ifNoneMatch = inm;
    else if (ims && !Number.isNaN(Date.parse(ims))) conditions.ifModifiedSince = new Date(ims);

    const w = (request.query as { w?: unknown }).w;
    let target = key;
    let file: Awaited<ReturnType<FileStorage['read']>> = null;
    if (w !== undefined) {
      // Only the listed widths, of an original: anything else (a thumbnail of a thumbnail, another
      // width) is no file this server has or will make, so a 404 that reads and writes nothing.
      const width = typeof w === 'string' && /^[1-9][0-9]*$/.test(w) ? Number(w) : NaN;
      if (!isThumbnailWidth(width) || !isOriginalKey(key)) return notFound(reply);
      target = thumbnailKey(key, width);
      // Stored already (the usual case): one read, no check first.
      if (!opts.publicUrl) file = await storage.read(target, conditions);
      if (!file) {
        const thumbnail = await ensureThumbnail(storage, key, width);
        if (thumbnail.kind === 'missing') return notFound(reply);
        if (thumbnail.kind === 'placeholder')
          // Short-lived: the image could be replaced, and the placeholder must not outlive that.
          return reply.header('cache-control', 'public, max-age=60').type('image/webp').send(thumbnail.data);
      }
    }

    if (opts.publicUrl) {
      const location = `${opts.publicUrl}/${target.split('/').map(encodeURIComponent).join('/')}`;
      return reply.header('cache-control', CACHE_CONTROL).redirect(location, 302);
    }

    file ??= await storage.read(target, conditions);
    if (!file) return notFound(reply);
    reply.header('cache-control', CACHE_CONTROL);
    if (file === 'not-modified') return reply.status(304).send();
    reply
      .header('etag', file.etag)
      .header('last-modified', file.lastModified.toUTCString())
      .header('content-length', file.size)
      .type(file.contentType);
    return reply.send(file.body);
  });
}
