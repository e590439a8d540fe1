import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardQuery, dashboardResponse, notificationsResponse } from '@backoffice/contract';
import type { ModuleDeps } from '../module-deps';
import { DashboardService } from './dashboard-service';

/** GET /api/dashboard (docs/decisions/0007-dashboard.md) and GET /api/notifications (the Common Notification feed). */
export const dashboardRoutes: FastifyPluginAsyncZod<ModuleDeps & { timeZone?: string }> = async (
  app,
  { db, clock, timeZone },
) => {
  const service = new DashboardService(db, clock, timeZone);

  app.get(
    '/api/dashboard',
    { schema: { querystring: dashboardQuery, response: { 200: dashboardResponse } } },
    async (request) => service.dashboard(request.query.period),
  );

  app.get(
    '/api/notifications',
    { schema: { querystring: z.strictObject({}), response: { 200: notificationsResponse } } },
    async (request) => ({ notifications: await service.notifications(request.session!.user.id) }),
  );
};
