import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, messages } from '@backoffice/contract';
import { ping, type Db } from '../../db/client';
import type { ReadRouting } from '../../db/read-routing';

const healthBody = z.object({
  status: z.literal('ok'),
  database: z.literal('up'),
  // With DATABASE_REPLICA_URL only (docs/decisions/0037-read-replica.md): the replica's state, checked
  // now; its lag in milliseconds (null when down); and where the lists' reads go.
  replica: z.enum(['streaming', 'lagging', 'down']).optional(),
  replicaLagMs: z.number().nullable().optional(),
  reads: z.enum(['replica', 'primary']).optional(),
});

/**
 * GET /api/health: 200 when the database answers, 503 otherwise. Public, for load balancers. A
 * replica that is down or lagging does not make it 503: the primary serves the reads meanwhile.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; reads: ReadRouting }> = async (app, { db, reads }) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthBody, 503: errorBody }, security: [] } },
    async (request, reply) => {
      try {
        await ping(db);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ success: false, message: messages.server.unavailable });
      }
      if (!reads.hasReplica) return { status: 'ok' as const, database: 'up' as const };
      const replica = await reads.check();
      return {
        status: 'ok' as const,
        database: 'up' as const,
        replica: replica.state,
        replicaLagMs: replica.lagMs,
        reads: replica.state === 'streaming' ? ('replica' as const) : ('primary' as const),
      };
    },
  );
};
