import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, messages } from '@backoffice/contract';
import { categoryScope } from '../access/ad-scope';
import { FULL_RETRY_AFTER_S, type LiveHub } from './live-hub';

/**
 * GET /api/events: Server-Sent Events of every ad change, on a hijacked response (an answer that
 * never ends has no serializer); `Last-Event-ID` resumes after the last event seen.
 */
export const liveRoutes: FastifyPluginAsyncZod<{ hub: LiveHub }> = async (app, { hub }) => {
  app.get(
    '/api/events',
    {
      schema: {
        description:
          'Server-Sent Events: `event: ad` with an adLiveEvent as data, `id:` a resumable sequence, a comment every 15 s; `event: reload` when more was missed than is replayed; the stream ends with `event: signed-out` when its session ends and `event: superseded` when a newer stream of the session takes its place. 503 when the server holds as many streams as it allows.',
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('text/event-stream'), 503: errorBody },
      },
    },
    async (request, reply) => {
      const session = request.session!.tokenHash;
      if (!hub.admits(session))
        return reply
          .code(503)
          .header('retry-after', String(FULL_RETRY_AFTER_S))
          .send({ success: false as const, message: messages.server.unavailable });
      reply.hijack();
      const headers: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
      const lastEventId = request.headers['last-event-id'];
      const resume = typeof lastEventId === 'string' ? lastEventId : undefined;
      // A scoped moderator's stream carries their categories' ads (docs/decisions/0033-roles.md), as
      // they were when it opened: a change of categories reaches the next stream.
      await hub.open(reply.raw, headers, session, resume, categoryScope(request));
    },
  );
};
