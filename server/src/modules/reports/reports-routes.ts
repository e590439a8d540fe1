import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dismissReportsResponse,
  publicReportBody,
  publicReportResponse,
  reportListQuery,
  reportListResponse,
  reportSettings,
  reportSettingsResponse,
  reportUpdateBody,
  reportUpdateResponse,
  uuidParam,
} from '@backoffice/contract';
import { categoryScope, requirePermission } from '../access/access-guard';
import type { ModuleDeps } from '../module-deps';
import { readReportSettings, saveReportSettings } from './report-settings';
import { ReportsService } from './reports-service';

/**
 * POST /api/public/reports: the public site's server sends reports here with a bearer token
 * (docs/decisions/0034-reports.md). No session, no cookies and no CORS: it is not registered among
 * the admin routes, answers no Access-Control headers, and skips the Origin check (a server sends
 * it, with no cookie to forge). buildApp registers it only when PUBLIC_REPORT_TOKENS is set: unset,
 * it answers 404 like any path that does not exist.
 */
export const publicReportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post(
    '/api/public/reports',
    {
      // The token is checked before the body is parsed: a caller without one costs no parsing.
      onRequest: async (request) => {
        reports.checkToken(request.headers.authorization);
      },
      config: { skipOriginCheck: true },
      // No request lines at info (200 a second from one caller); errors are still logged (docs/decisions/0034-reports.md).
      logLevel: 'warn',
      bodyLimit: 16 * 1024,
      schema: { body: publicReportBody, response: { 201: publicReportResponse } },
    },
    async (request, reply) => {
      const id = await reports.submit(request.body);
      return reply.code(201).send({ success: true as const, id });
    },
  );
};

/** The Bug Reports inbox's calls (admin-only, docs/decisions/0012-access-control.md). */
export const reportsRoutes: FastifyPluginAsyncZod<ModuleDeps & { reports: ReportsService }> = async (
  app,
  { reports, db, clock },
) => {
  // The inbox's Settings dialog: anyone with the inbox reads them, administrators change them.
  app.get('/api/reports/settings', { schema: { response: { 200: reportSettingsResponse } } }, async () => ({
    success: true as const,
    settings: await readReportSettings(db),
  }));

  app.put(
    '/api/reports/settings',
    { schema: { body: reportSettings, response: { 200: reportSettingsResponse } } },
    async (request) => ({
      success: true as const,
      settings: await saveReportSettings(db, clock, request.body, request.session!.user.id),
    }),
  );

  app.get(
    '/api/reports',
    { schema: { querystring: reportListQuery, response: { 200: reportListResponse } } },
    // A scoped moderator: the reports of their categories' ads, and bug reports (docs/decisions/0033-roles.md).
    (request) => reports.list({ ...request.query, categories: categoryScope(request) }),
  );

  app.put(
    '/api/reports/:id',
    { schema: { params: uuidParam, body: reportUpdateBody, response: { 200: reportUpdateResponse } } },
    async (request) => {
      // Support replies; assigning, noting and resolving need reports.handle (docs/decisions/0033-roles.md).
      if (Object.keys(request.body).some((field) => field !== 'reply')) requirePermission(request, 'reports.handle');
      return {
        success: true as const,
        report: await reports.update(request.params.id, request.body, request.session!.user.id),
      };
    },
  );

  app.post(
    '/api/advertisements/:id/dismiss-reports',
    { schema: { params: uuidParam, response: { 200: dismissReportsResponse } } },
    async (request) => ({
      success: true as const,
      dismissed: await reports.dismissAdReports(request.params.id, request.session!.user.id),
    }),
  );
};
