import type { NotificationsResponse } from '@backoffice/contract';
import { baseApi } from '../../lib/api';

/**
 * GET /api/notifications (the Common Notification feed). It provides the `Ads` tag that every
 * moderation invalidates, so approving or rejecting refreshes the feed and the bell.
 */
export const notificationsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Ads'] }).injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationsResponse, void>({
      query: () => '/notifications',
      providesTags: ['Ads'],
    }),
  }),
});

export const { useGetNotificationsQuery } = notificationsApi;
