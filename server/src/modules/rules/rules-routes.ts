import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ruleBody, ruleListResponse, ruleResponse, uuidParam } from '@backoffice/contract';
import type { FastifyRequest } from 'fastify';
import { requirePermission } from '../access/access-guard';
import type { RulesService } from './rules-service';

/** Moderation rules (docs/decisions/0030-moderation-rules.md): every save is a new version. */
export const rulesRoutes: FastifyPluginAsyncZod<{ rules: RulesService }> = async (app, { rules }) => {
  /** Making a rule live, or changing or deleting a live one, needs rules.live (docs/decisions/0033-roles.md). */
  async function checkLive(request: FastifyRequest, mode: string | undefined, id?: string) {
    if (request.session?.user.role === 'administrator') return;
    if (mode === 'live' || (id && (await rules.get(id)).mode === 'live')) requirePermission(request, 'rules.live');
  }

  app.get('/api/moderation-rules', { schema: { response: { 200: ruleListResponse } } }, async () => ({
    success: true as const,
    rules: await rules.list(),
  }));

  app.get(
    '/api/moderation-rules/:id',
    { schema: { params: uuidParam, response: { 200: ruleResponse } } },
    async (request) => ({ success: true as const, rule: await rules.get(request.params.id) }),
  );

  app.post(
    '/api/moderation-rules',
    { schema: { body: ruleBody, response: { 201: ruleResponse } } },
    async (request, reply) => {
      await checkLive(request, request.body.mode);
      return reply
        .status(201)
        .send({ success: true as const, rule: await rules.create(request.body, request.session!.user.id) });
    },
  );

  app.put(
    '/api/moderation-rules/:id',
    { schema: { params: uuidParam, body: ruleBody, response: { 200: ruleResponse } } },
    async (request) => {
      await checkLive(request, request.body.mode, request.params.id);
      return {
        success: true as const,
        rule: await rules.update(request.params.id, request.body, request.session!.user.id),
      };
    },
  );

  app.delete(
    '/api/moderation-rules/:id',
    { schema: { params: uuidParam, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      await checkLive(request, undefined, request.params.id);
      await rules.delete(request.params.id, request.session!.user.id);
      return { success: true as const };
    },
  );
};
