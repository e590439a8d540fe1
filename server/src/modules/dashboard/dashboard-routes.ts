import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardQuery, dashboardResponse, notificationsResponse } from '@backoffice/contract';
import type { ModuleDeps } from '../module-deps';
import type { DashboardService } from './dashboard-service';

/** GET /api/dashboard (docs/decisions/0007-dashboard.md) and GET /api/notifications (the Common Notification feed). */
export const dashboardRoutes: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'reader'> & { dashboard: DashboardService }
> = async (app, { dashboard, reader }) => {
  app.get(
    '/api/dashboard',
    { schema: { querystring: dashboardQuery, response: { 200: dashboardResponse } } },
    async (request) => dashboard.dashboard(request.query.period, reader(request)),
  );

  app.get(
    '/api/notifications',
    { schema: { querystring: z.strictObject({}), response: { 200: notificationsResponse } } },
    async (request) => ({ notifications: await dashboard.notifications(request.session!.user.id) }),
  );
};
