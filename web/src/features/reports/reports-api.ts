import type {
  ReportListParams,
  ReportListResponse,
  ReportSettings,
  ReportSettingsResponse,
  ReportUpdateBody,
  ReportUpdateResponse,
} from '@backoffice/contract';
import { baseApi, withQuery } from '../../lib/api';

/** The Bug Reports inbox's calls (docs/product.md#bug-reports): the list (tag `Reports`) refetches after a change. */
export const reportsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Reports', 'ReportSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    listReports: build.query<ReportListResponse, ReportListParams>({
      query: (params) => withQuery('/reports', params),
      providesTags: ['Reports'],
    }),
    updateReport: build.mutation<ReportUpdateResponse, { id: string; body: ReportUpdateBody }>({
      query: ({ id, body }) => ({ url: `/reports/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Reports'],
    }),
    reportSettings: build.query<ReportSettings, void>({
      query: () => '/reports/settings',
      transformResponse: (res: ReportSettingsResponse) => res.settings,
      providesTags: ['ReportSettings'],
    }),
    updateReportSettings: build.mutation<ReportSettingsResponse, ReportSettings>({
      query: (body) => ({ url: '/reports/settings', method: 'PUT', body }),
      invalidatesTags: ['ReportSettings'],
    }),
  }),
});

export const { useListReportsQuery, useUpdateReportMutation, useReportSettingsQuery, useUpdateReportSettingsMutation } =
  reportsApi;
