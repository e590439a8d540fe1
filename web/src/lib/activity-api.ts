import {
  USERS_MAX_PAGE_SIZE,
  type ActivityParams,
  type ActivityResponse,
  type AdHistoryResponse,
  type UserListResponse,
} from '@backoffice/contract';
import { baseApi, withQuery } from './api';

export type ActivityCountParams = Omit<ActivityParams, 'page' | 'pageSize'>;

/**
 * The audit trail's reads, shared by the activity log, the user detail page and the ad side panel.
 * An ad's history provides `Ads`, which every ad mutation invalidates, so the timeline follows the
 * moderation done in this browser; the log and the decisions are asked for again on each visit.
 */
export const activityApi = baseApi.enhanceEndpoints({ addTagTypes: ['Ads'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdHistory: build.query<AdHistoryResponse, string>({
      query: (id) => `/advertisements/${encodeURIComponent(id)}/history`,
      providesTags: ['Ads'],
    }),
    listActivity: build.query<ActivityResponse, ActivityParams>({
      query: (params) => withQuery('/activity', params),
    }),
    /** A filter's total when the page does not show the end: cached per filter, not per page. */
    countActivity: build.query<{ total: number }, ActivityCountParams>({
      query: (params) => withQuery('/activity/count', params),
    }),
    /** The admins an activity can be filtered by. */
    listActivityAdmins: build.query<UserListResponse, void>({
      query: () => `/users?role=admin&pageSize=${USERS_MAX_PAGE_SIZE}`,
    }),
  }),
});

export const { useGetAdHistoryQuery, useListActivityQuery, useCountActivityQuery, useListActivityAdminsQuery } =
  activityApi;
