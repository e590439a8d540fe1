import type { FastifyInstance } from 'fastify';
import type { ReadRouting } from '../db/read-routing';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * With a read replica: after an admin's request that may have written (any method but GET, HEAD and
 * OPTIONS), and before its answer leaves, the primary's WAL position is kept on that admin's
 * sessions, so that their next reads wait for the replica to replay it (db/read-routing.ts,
 * docs/decisions/0037-read-replica.md). Register after the admin guard, on the admin routes.
 */
export function registerReadYourWrites(scope: FastifyInstance, routing: ReadRouting): void {
  if (!routing.hasReplica) return;
  scope.addHook('onSend', async (request, _reply, payload) => {
    if (READS.has(request.method) || !request.session) return payload;
    try {
      await routing.wrote(request.session.user.id);
    } catch (err) {
      // The primary is unreachable: the write most likely failed with it; the answer says so.
      request.log.warn({ err }, 'read replica: the write position could not be kept');
    }
    return payload;
  });
}
