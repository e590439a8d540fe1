import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { strikeParams, strikeRemoveBody, userStrikesResponse, uuidParam } from '@backoffice/contract';
import type { StrikesService } from './strikes-service';

/** An advertiser's strikes, and an admin removing one with a note (docs/decisions/0035-strikes-and-languages.md). */
export const strikesRoutes: FastifyPluginAsyncZod<{ strikes: StrikesService }> = async (app, { strikes }) => {
  app.get(
    '/api/users/:id/strikes',
    { schema: { params: uuidParam, response: { 200: userStrikesResponse } } },
    async (request) => ({ success: true as const, strikes: await strikes.of(request.params.id) }),
  );

  app.delete(
    '/api/users/:id/strikes/:adId',
    { schema: { params: strikeParams, body: strikeRemoveBody, response: { 200: userStrikesResponse } } },
    async (request) => ({
      success: true as const,
      strikes: await strikes.remove(
        request.params.id,
        request.params.adId,
        request.body.note,
        request.session!.user.id,
      ),
    }),
  );
};
