import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adBulkStatusBody,
  adBulkStatusResponse,
  adCountQuery,
  adCountResponse,
  adImagesBody,
  adListQuery,
  adListResponse,
  adMutationResponse,
  adStatusBody,
  uuidParam,
} from '@backoffice/contract';
import type { ModuleDeps } from '../module-deps';
import { AdsService } from './ads-service';

const params = uuidParam;

/** Advertisement calls in docs/product.md#calls, extended by docs/decisions/0014-ad-moderation-rules.md (server paging) and docs/decisions/0014-ad-moderation-rules.md (bulk). */
export const adsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, storage, clock, log, outbox }) => {
  const ads = new AdsService(db, storage, clock, log, outbox);

  app.get(
    '/api/advertisements/list',
    { schema: { querystring: adListQuery, response: { 200: adListResponse } } },
    async (request) => ads.list(request.query),
  );

  app.get(
    '/api/advertisements/count',
    { schema: { querystring: adCountQuery, response: { 200: adCountResponse } } },
    async (request) => ({ total: await ads.count(request.query) }),
  );

  app.put(
    '/api/advertisements/:id/status',
    { schema: { params, body: adStatusBody, response: { 200: adMutationResponse } } },
    async (request) => ({
      success: true as const,
      advertisement: await ads.setStatus(request.params.id, request.body, request.session!.user.id),
    }),
  );

  app.post(
    '/api/advertisements/bulk-status',
    { schema: { body: adBulkStatusBody, response: { 200: adBulkStatusResponse } } },
    async (request) => ({
      success: true as const,
      results: await ads.bulkStatus(request.body, request.session!.user.id),
    }),
  );

  app.put(
    '/api/advertisements/:id/images',
    { schema: { params, body: adImagesBody, response: { 200: adMutationResponse } } },
    async (request) => ({
      success: true as const,
      advertisement: await ads.updateImages(request.params.id, request.body.images, request.session!.user.id),
    }),
  );

  app.delete(
    '/api/advertisements/:id',
    { schema: { params, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await ads.delete(request.params.id, request.session!.user.id);
      return { success: true as const };
    },
  );
};
