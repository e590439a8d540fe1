import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reasonMessages,
  rejectionReasonBody,
  rejectionReasonListResponse,
  rejectionReasonResponse,
  uuidParam,
  type RejectionReasonTemplate,
} from '@backoffice/contract';
import { changedFields, recordAudit } from '../../domain/audit-writer';
import { rejectionReasons, type RejectionReasonRow } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import type { ModuleDeps } from '../module-deps';

function toTemplate(row: RejectionReasonRow): RejectionReasonTemplate {
  return { _id: row.id, title: row.title, text: row.text, status: row.status };
}

const entry = (row: RejectionReasonRow) => ({ entity: 'reason', entityId: row.id, entityLabel: row.title }) as const;

/** Ready-made rejection reasons for the Reject modal, oldest first. */
export const rejectionReasonsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, clock }) => {
  app.get('/api/rejection-reasons', { schema: { response: { 200: rejectionReasonListResponse } } }, async () => ({
    success: true as const,
    reasons: (
      await db.select().from(rejectionReasons).orderBy(asc(rejectionReasons.createdAt), asc(rejectionReasons.id))
    ).map(toTemplate),
  }));

  app.post(
    '/api/rejection-reasons',
    { schema: { body: rejectionReasonBody, response: { 201: rejectionReasonResponse } } },
    async (request, reply) => {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(rejectionReasons)
          .values({ ...request.body, createdAt: clock() })
          .returning();
        await recordAudit(tx, {
          ...entry(created!),
          action: 'created',
          actorId: request.session!.user.id,
          at: clock(),
        });
        return created!;
      });
      return reply.status(201).send({ success: true as const, reason: toTemplate(row) });
    },
  );

  app.put(
    '/api/rejection-reasons/:id',
    { schema: { params: uuidParam, body: rejectionReasonBody, response: { 200: rejectionReasonResponse } } },
    async (request) => {
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(rejectionReasons)
          .where(eq(rejectionReasons.id, request.params.id))
          .for('update');
        if (!before) throw new NotFoundError(reasonMessages.notFound);
        const [after] = await tx
          .update(rejectionReasons)
          .set(request.body)
          .where(eq(rejectionReasons.id, request.params.id))
          .returning();
        await recordAudit(tx, {
          ...entry(after!),
          action: 'updated',
          actorId: request.session!.user.id,
          at: clock(),
          details: { fields: changedFields(before, after!, ['title', 'text', 'status']) },
        });
        return after!;
      });
      return { success: true as const, reason: toTemplate(row) };
    },
  );

  app.delete(
    '/api/rejection-reasons/:id',
    { schema: { params: uuidParam, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(rejectionReasons).where(eq(rejectionReasons.id, request.params.id)).returning();
        if (!row) throw new NotFoundError(reasonMessages.notFound);
        await recordAudit(tx, { ...entry(row), action: 'deleted', actorId: request.session!.user.id, at: clock() });
      });
      return { success: true as const };
    },
  );
};
