import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LiveHub } from './live-hub';

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
          'Server-Sent Events: `event: ad` with an adLiveEvent as data, `id:` a resumable sequence, a comment every 15 s.',
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      reply.hijack();
      const headers: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
      const lastEventId = request.headers['last-event-id'];
      await hub.open(reply.raw, headers, typeof lastEventId === 'string' ? lastEventId : undefined);
    },
  );
};
