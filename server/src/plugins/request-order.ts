import type { FastifyInstance } from 'fastify';
import type { RequestOrder } from '../db/request-order';

/**
 * Numbers every request on arrival and runs it inside that number's context (hooks, body, handler),
 * so that the embedded database serves its statements in request order (db/request-order.ts).
 * Register before any hook that touches the database.
 */
export function registerRequestOrder(app: FastifyInstance, order: RequestOrder): void {
  app.addHook('onRequest', (_request, _reply, done) => order.context.run(order.ticket(), done));
}
