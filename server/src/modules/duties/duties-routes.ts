import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dutyCreateBody,
  dutyDeleteResponse,
  dutyListQuery,
  dutyListResponse,
  dutyMutationResponse,
  dutyUpdateBody,
  uuidParam,
} from '@backoffice/contract';
import type { DutiesService } from './duties-service';

/**
 * Duty calls in docs/product.md#calls. `{id}` in the paths is the duty's `_id` (uuid): the `#D` code is the
 * client's display code and its `#` cannot travel in a path (decision 0005).
 */
export const dutiesRoutes: FastifyPluginAsyncZod<{ duties: DutiesService }> = async (app, { duties }) => {
  app.get(
    '/api/duties',
    { schema: { querystring: dutyListQuery, response: { 200: dutyListResponse } } },
    async (request) => ({ success: true as const, duties: await duties.list(request.query) }),
  );

  app.post(
    '/api/duties',
    { schema: { body: dutyCreateBody, response: { 201: dutyMutationResponse } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ success: true as const, duty: await duties.create(request.body, request.session!.user.id) }),
  );

  app.put(
    '/api/duties/:id',
    { schema: { params: uuidParam, body: dutyUpdateBody, response: { 200: dutyMutationResponse } } },
    async (request) => ({
      success: true as const,
      duty: await duties.update(request.params.id, request.body, request.session!.user.id),
    }),
  );

  app.delete(
    '/api/duties/:id',
    { schema: { params: uuidParam, response: { 200: dutyDeleteResponse } } },
    async (request) => {
      await duties.delete(request.params.id, request.session!.user.id);
      return { success: true as const };
    },
  );
};
