import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adClaimBody, adClaimResponse, uuidParam } from '@backoffice/contract';
import type { ClaimsService } from './claims-service';

/** Claims on pending ads: taken when a side panel opens, renewed while it stays open, released on close. */
export const claimsRoutes: FastifyPluginAsyncZod<{ claims: ClaimsService }> = async (app, { claims }) => {
  app.post(
    '/api/advertisements/:id/claim',
    // A POST without a body (null to the validator) is a plain claim.
    { schema: { params: uuidParam, body: adClaimBody.nullable(), response: { 200: adClaimResponse } } },
    async (request) => {
      const user = request.session!.user;
      const claim = await claims.claim(
        request.params.id,
        { id: user.id, name: user.name ?? user.username },
        request.body?.takeOver ?? false,
      );
      return { success: true as const, claim };
    },
  );

  app.delete(
    '/api/advertisements/:id/claim',
    { schema: { params: uuidParam, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await claims.release(request.params.id, request.session!.user.id);
      return { success: true as const };
    },
  );
};
