import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGE_TYPES,
  bannerCreateFields,
  bannerListQuery,
  bannerListResponse,
  bannerMutationResponse,
  bannerUpdateFields,
  uuidParam,
} from '@backoffice/contract';
import { lingerBeforeClose } from '../../lib/lingering-close';
import { describeMultipartBody } from '../../plugins/openapi';
import { multipartLimits, parseBannerFields, readBannerForm } from './banner-ads-form';
import type { BannerAdsService } from './banner-ads-service';

const params = uuidParam;

// The form is read part by part (readBannerForm), so these describe the body without validating it.
const imageFile = z
  .file()
  .mime([...BANNER_IMAGE_TYPES])
  .max(BANNER_IMAGE_MAX_BYTES);
const createForm = z.object({ ...bannerCreateFields.shape, image: imageFile });
const updateForm = z.object({ ...bannerUpdateFields.shape, image: imageFile.optional() });

/**
 * Banner calls in docs/product.md#calls. Multipart parsing is registered here only (this plugin is its own
 * encapsulated scope), so no other route accepts multipart bodies.
 */
export const bannerAdsRoutes: FastifyPluginAsyncZod<{ banners: BannerAdsService }> = async (app, { banners }) => {
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
  // A refused upload may still be streaming in: answer and close the connection instead of
  // reading the rest of an oversized body (with a lingering close, so the answer is not lost).
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 400 && request.isMultipart() && !request.raw.complete) {
      reply.header('connection', 'close');
      lingerBeforeClose(request.raw);
    }
  });

  app.get(
    '/api/banner-ads',
    { schema: { querystring: bannerListQuery, response: { 200: bannerListResponse } } },
    async (request) => banners.list(request.query),
  );

  app.post(
    '/api/banner-ads',
    {
      schema: { response: { 201: bannerMutationResponse } },
      config: { swaggerTransform: describeMultipartBody(createForm) },
    },
    async (request, reply) => {
      const form = await readBannerForm(request);
      const fields = parseBannerFields(bannerCreateFields, form, { imageRequired: true });
      const bannerAd = await banners.create(fields, form.image!, request.session!.user.id);
      return reply.status(201).send({ success: true as const, bannerAd });
    },
  );

  app.put(
    '/api/banner-ads/:id',
    {
      schema: { params, response: { 200: bannerMutationResponse } },
      config: { swaggerTransform: describeMultipartBody(updateForm) },
    },
    async (request) => {
      const form = await readBannerForm(request);
      const fields = parseBannerFields(bannerUpdateFields, form, { imageRequired: false });
      return {
        success: true as const,
        bannerAd: await banners.update(request.params.id, fields, form.image, request.session!.user.id),
      };
    },
  );

  app.delete(
    '/api/banner-ads/:id',
    { schema: { params, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await banners.delete(request.params.id, request.session!.user.id);
      return { success: true as const };
    },
  );
};
