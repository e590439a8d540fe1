import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backtestBody, backtestResponse, DEFAULT_BACKTEST_LIMIT, uuidParam } from '@backoffice/contract';
import type { RuleBacktests } from './rules-backtest';

const backtestParams = uuidParam.extend({ backtestId: z.uuid({ error: 'Invalid id' }) });

/**
 * "Test this rule" (docs/decisions/0030-moderation-rules.md): start a backtest (200 with its
 * figures when it ends within about 2 s, else 202 while it runs), read it while it runs, cancel it.
 */
export const rulesBacktestRoutes: FastifyPluginAsyncZod<{ backtests: RuleBacktests }> = async (app, { backtests }) => {
  app.post(
    '/api/moderation-rules/:id/backtest',
    {
      schema: {
        params: uuidParam,
        body: backtestBody.default({ limit: DEFAULT_BACKTEST_LIMIT }).nullable(),
        response: { 200: backtestResponse, 202: backtestResponse },
      },
    },
    async (request, reply) => {
      const limit = request.body?.limit ?? DEFAULT_BACKTEST_LIMIT;
      const started = await backtests.start(request.params.id, limit, request.session!.user.id);
      const backtest = await backtests.briefly(request.params.id, started._id, request);
      return reply.code(backtest.state === 'running' ? 202 : 200).send({ success: true as const, ...backtest });
    },
  );

  app.get(
    '/api/moderation-rules/:id/backtests/:backtestId',
    { schema: { params: backtestParams, response: { 200: backtestResponse } } },
    async (request) => ({
      success: true as const,
      ...(await backtests.get(request.params.id, request.params.backtestId)),
    }),
  );

  app.post(
    '/api/moderation-rules/:id/backtests/:backtestId/cancel',
    { schema: { params: backtestParams, response: { 200: backtestResponse } } },
    async (request) => ({
      success: true as const,
      ...(await backtests.cancel(request.params.id, request.params.backtestId)),
    }),
  );
};
