import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agreementResponse,
  secondReviewAnswerBody,
  secondReviewListResponse,
  secondReviewQuery,
  secondReviewResponse,
  secondReviewSettings,
  secondReviewSettingsResponse,
  secondReviewSettleBody,
  uuidParam,
} from '@backoffice/contract';
import { categoryScope } from '../access/ad-scope';
import type { SecondReviewService } from './second-review-service';

/** Second review, quality control of decisions (docs/decisions/0030-moderation-rules.md). */
export const secondReviewRoutes: FastifyPluginAsyncZod<{ secondReview: SecondReviewService }> = async (
  app,
  { secondReview },
) => {
  app.get(
    '/api/second-reviews',
    { schema: { querystring: secondReviewQuery.strict(), response: { 200: secondReviewListResponse } } },
    async (request) =>
      secondReview.list({ ...request.query, categories: categoryScope(request) }, request.session!.user.id),
  );

  app.post(
    '/api/second-reviews/:id/answer',
    { schema: { params: uuidParam, body: secondReviewAnswerBody, response: { 200: secondReviewResponse } } },
    async (request) => secondReview.answer(request.params.id, request.body, request.session!.user.id),
  );

  app.post(
    '/api/second-reviews/:id/settle',
    { schema: { params: uuidParam, body: secondReviewSettleBody, response: { 200: secondReviewResponse } } },
    async (request) => secondReview.settle(request.params.id, request.body, request.session!.user.id),
  );

  app.get(
    '/api/second-reviews/settings',
    { schema: { response: { 200: secondReviewSettingsResponse } } },
    async () => ({ success: true as const, rate: await secondReview.rate() }),
  );

  app.put(
    '/api/second-reviews/settings',
    { schema: { body: secondReviewSettings, response: { 200: secondReviewSettingsResponse } } },
    async (request) => ({
      success: true as const,
      rate: await secondReview.setRate(request.body.rate, request.session!.user.id),
    }),
  );

  app.get('/api/second-reviews/agreement', { schema: { response: { 200: agreementResponse } } }, async () =>
    secondReview.agreement(),
  );
};
