import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityCountQuery,
  activityCountResponse,
  activityQuery,
  activityResponse,
  adHistoryResponse,
  moderationFiguresResponse,
  uuidParam,
} from '@backoffice/contract';
import { z } from 'zod';
import type { ModuleDeps } from '../module-deps';
import type { ActivityService } from './activity-service';

/**
 * The audit trail's readers (docs/decisions/0016-audit-trail.md). Nothing here writes: entries
 * are written only by the changes they record, and no route updates or deletes them.
 */
export const activityRoutes: FastifyPluginAsyncZod<Pick<ModuleDeps, 'reader'> & { activity: ActivityService }> = async (
  app,
  { activity, reader },
) => {
  app.get(
    '/api/advertisements/:id/history',
    { schema: { params: uuidParam, response: { 200: adHistoryResponse } } },
    async (request) => ({ success: true as const, events: await activity.history(request.params.id) }),
  );

  app.get(
    '/api/activity',
    { schema: { querystring: activityQuery, response: { 200: activityResponse } } },
    async (request) => activity.list(request.query, reader(request)),
  );

  app.get(
    '/api/activity/count',
    { schema: { querystring: activityCountQuery, response: { 200: activityCountResponse } } },
    async (request) => ({ total: await activity.count(request.query, reader(request)) }),
  );

  app.get(
    '/api/dashboard/moderation',
    { schema: { querystring: z.strictObject({}), response: { 200: moderationFiguresResponse } } },
    async (request) => activity.moderationFigures(reader(request)),
  );
};
