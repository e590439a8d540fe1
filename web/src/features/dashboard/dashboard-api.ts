import type { ChartPeriod, DashboardResponse, ModerationFigures } from '@backoffice/contract';
import { baseApi } from '../../lib/api';

/**
 * GET /api/dashboard (docs/decisions/0007-dashboard.md). It provides the `Ads` tag that every moderation invalidates, so the
 * figures follow approvals, rejections and deletions made in this browser.
 */
export const dashboardApi = baseApi.enhanceEndpoints({ addTagTypes: ['Ads'] }).injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardResponse, ChartPeriod>({
      query: (period) => `/dashboard?period=${period}`,
      providesTags: ['Ads'],
    }),
    /** GET /api/dashboard/moderation: waiting times and decisions per admin; they change with the same moderation. */
    getModerationFigures: build.query<ModerationFigures, void>({
      query: () => '/dashboard/moderation',
      providesTags: ['Ads'],
    }),
  }),
});

export const { useGetDashboardQuery, useGetModerationFiguresQuery } = dashboardApi;
