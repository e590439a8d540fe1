import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, messages } from '@backoffice/contract';
import { ping, type Db } from '../../db/client';

/** GET /api/health: 200 when the database answers, 503 otherwise. Public, for load balancers. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/health',
    {
      schema: {
        response: { 200: z.object({ status: z.literal('ok'), database: z.literal('up') }), 503: errorBody },
        security: [],
      },
    },
    async (request, reply) => {
      try {
        await ping(db);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ success: false, message: messages.server.unavailable });
      }
      return { status: 'ok' as const, database: 'up' as const };
    },
  );
};
