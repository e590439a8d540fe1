import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  advertiserMessageIdParam,
  advertiserMessageListQuery,
  advertiserMessageListResponse,
  advertiserMessageRetryResponse,
  advertiserMessageTexts,
  type AdvertiserMessage,
} from '@backoffice/contract';
import type { AdvertiserMessageRow } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { AdvertiserOutbox } from '../../messages/advertiser-outbox';
import { categoryScope } from '../access/ad-scope';

export function toAdvertiserMessage(row: AdvertiserMessageRow): AdvertiserMessage {
  return {
    id: row.id,
    adId: row.adId,
    adHeading: row.adHeading,
    userId: row.userId,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * Messages to advertisers: the list (failures with ?status=failed, an ad's with ?adId=, newest
 * first) and the retry of a failed one. Not /api/notifications: that is the Common Notification feed.
 */
export const advertiserMessagesRoutes: FastifyPluginAsyncZod<{ outbox: AdvertiserOutbox }> = async (
  app,
  { outbox },
) => {
  app.get(
    '/api/advertiser-messages',
    { schema: { querystring: advertiserMessageListQuery, response: { 200: advertiserMessageListResponse } } },
    async (request) => {
      const q = request.query;
      const { rows, total } = await outbox.list({ ...q, categories: categoryScope(request) });
      return { messages: rows.map(toAdvertiserMessage), total, page: q.page, pageSize: q.pageSize };
    },
  );

  app.post(
    '/api/advertiser-messages/:id/retry',
    { schema: { params: advertiserMessageIdParam, response: { 200: advertiserMessageRetryResponse } } },
    async (request) => {
      const row = await outbox.retry(request.params.id, request.session!.user.id);
      if (!row) {
        if (await outbox.find(request.params.id)) throw new ConflictError(advertiserMessageTexts.notFailed);
        throw new NotFoundError(advertiserMessageTexts.notFound);
      }
      return { success: true as const, message: toAdvertiserMessage(row) };
    },
  );
};
