import type { AdvertiserMessage, AdvertiserMessageListResponse } from '@backoffice/contract';
import { baseApi } from '../../lib/api';

/** The latest message to an ad's advertiser (docs/decisions/0022-advertiser-messages.md) and its retry. */
export const advertiserMessagesApi = baseApi.enhanceEndpoints({ addTagTypes: ['AdvertiserMessages'] }).injectEndpoints({
  endpoints: (build) => ({
    latestAdvertiserMessage: build.query<AdvertiserMessage | null, string>({
      query: (adId) => `/advertiser-messages?adId=${encodeURIComponent(adId)}&pageSize=1`,
      transformResponse: (res: Partial<AdvertiserMessageListResponse>) => res.messages?.[0] ?? null,
      providesTags: (_r, _e, adId) => [{ type: 'AdvertiserMessages', id: adId }],
    }),
    retryAdvertiserMessage: build.mutation<unknown, { id: number; adId: string }>({
      query: ({ id }) => ({ url: `/advertiser-messages/${id}/retry`, method: 'POST' }),
      invalidatesTags: (_r, _e, { adId }) => [{ type: 'AdvertiserMessages', id: adId }],
    }),
  }),
});

export const { useLatestAdvertiserMessageQuery, useRetryAdvertiserMessageMutation } = advertiserMessagesApi;
