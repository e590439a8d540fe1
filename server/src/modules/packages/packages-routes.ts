import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  packageBody,
  packageDeleteResponse,
  packageListQuery,
  packageListResponse,
  packageMutationResponse,
  packageUpdateBody,
  uuidParam,
} from '@backoffice/contract';
import type { PackagesService } from './packages-service';

/** Package calls in docs/product.md#calls: `{success, packages}`, `{success, package}`, `{success}`; errors as in docs/decisions/0013-errors-and-validation.md. */
export const packagesRoutes: FastifyPluginAsyncZod<{ packages: PackagesService }> = async (app, { packages }) => {
  app.get(
    '/api/packages',
    { schema: { querystring: packageListQuery, response: { 200: packageListResponse } } },
    async (request) => ({ success: true as const, ...(await packages.list(request.query)) }),
  );

  app.post(
    '/api/packages',
    { schema: { body: packageBody, response: { 201: packageMutationResponse } } },
    async (request, reply) => {
      const created = await packages.create(request.body, request.session!.user.id);
      return reply.status(201).send({ success: true as const, package: created });
    },
  );

  app.put(
    '/api/packages/:id',
    { schema: { params: uuidParam, body: packageUpdateBody, response: { 200: packageMutationResponse } } },
    async (request) => ({
      success: true as const,
      package: await packages.update(request.params.id, request.body, request.session!.user.id),
    }),
  );

  app.delete(
    '/api/packages/:id',
    { schema: { params: uuidParam, response: { 200: packageDeleteResponse } } },
    async (request) => {
      await packages.delete(request.params.id, request.session!.user.id);
      return { success: true as const };
    },
  );
};
