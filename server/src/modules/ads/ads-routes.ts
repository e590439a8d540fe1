import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adBulkMatchBody,
  adBulkMatchResponse,
  adBulkStatusBody,
  adBulkStatusResponse,
  adCountQuery,
  adCountResponse,
  adImagesBody,
  adListQuery,
  adListResponse,
  adMutationResponse,
  adResponse,
  adStatusBody,
  advertiserCardResponse,
  uuidParam,
} from '@backoffice/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from '../../plugins/validator';
import { categoryScope, checkAdsScope } from '../access/ad-scope';
import type { ModuleDeps } from '../module-deps';
import type { AdsReadService } from './ads-read-service';
import type { AdsService } from './ads-service';

const params = uuidParam;

/** Bulk moderation by ids, or select all matching by a filter (docs/decisions/0018-exports-and-bulk.md). */
const bulkStatusBody = z.union([adBulkStatusBody, adBulkMatchBody]);

/**
 * Validates the form the body has (`match` or `ids`) with that form's own schema, so its messages
 * (a missing rejection reason) reach the client rather than a union's "Invalid input".
 */
const bulkFormValidator: FastifySchemaCompiler<z.ZodType> = (route) => {
  const byIds = validatorCompiler({ ...route, schema: adBulkStatusBody });
  const byMatch = validatorCompiler({ ...route, schema: adBulkMatchBody });
  return (data) => (data !== null && typeof data === 'object' && 'match' in data ? byMatch(data) : byIds(data));
};

/** Advertisement calls in docs/product.md#calls, extended by docs/decisions/0014-ad-moderation-rules.md (server paging) and docs/decisions/0014-ad-moderation-rules.md (bulk). */
export const adsRoutes: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'reader'> & { ads: AdsService; adReads: AdsReadService }
> = async (app, { db, reader, ads, adReads: reads }) => {
  app.get(
    '/api/advertisements/list',
    { schema: { querystring: adListQuery, response: { 200: adListResponse } } },
    async (request) =>
      reads.list({ ...request.query, categories: categoryScope(request) }, request.session!.user.id, reader(request)),
  );

  app.get(
    '/api/advertisements/count',
    { schema: { querystring: adCountQuery, response: { 200: adCountResponse } } },
    async (request) => ({
      total: await reads.count(
        { ...request.query, categories: categoryScope(request) },
        request.session!.user.id,
        reader(request),
      ),
    }),
  );

  app.get('/api/advertisements/:id', { schema: { params, response: { 200: adResponse } } }, async (request) => ({
    success: true as const,
    advertisement: await reads.one(request.params.id),
  }));

  app.get(
    '/api/advertisements/:id/advertiser',
    { schema: { params, response: { 200: advertiserCardResponse } } },
    async (request) => reads.advertiserCard(request.params.id),
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
    {
      schema: { body: bulkStatusBody, response: { 200: z.union([adBulkStatusResponse, adBulkMatchResponse]) } },
      // Fastify types the option over the whole schema; it is called with the body part only.
      validatorCompiler: bulkFormValidator as never,
    },
    async (request) => {
      const body = request.body;
      // A scoped moderator's match takes only their categories (docs/decisions/0033-roles.md).
      const categories = categoryScope(request);
      if ('match' in body)
        return ads.bulkStatusMatch(
          categories ? { ...body, match: { ...body.match, ...{ categories } } } : body,
          request.session!.user.id,
        );
      // By ids: one ad of another category refuses them all, before anything changes.
      await checkAdsScope(db, request, body.ids);
      return { success: true as const, results: await ads.bulkStatus(body, request.session!.user.id) };
    },
  );

  app.put(
    '/api/advertisements/:id/images',
    { schema: { params, body: adImagesBody, response: { 200: adMutationResponse } } },
    async (request) => {
      // The images as answered: absolute on S3_PUBLIC_URL's host when set, sent back as they were.
      const images = request.body.images.map((image) => app.publicImages?.toStored(image) ?? image);
      return {
        success: true as const,
        advertisement: await ads.updateImages(request.params.id, images, request.session!.user.id),
      };
    },
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
