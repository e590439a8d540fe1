import { type Advertisement, type AdvertiserCard, type AdvertiserCardResponse } from '@backoffice/contract';
import { baseApi } from '../../../lib/api';

const adPath = (id: string) => `/advertisements/${encodeURIComponent(id)}`;

/**
 * The advertiser's card beside an ad in the panel (GET /api/advertisements/{id}/advertiser), and
 * the whole of one of their other ads, to open it in the panel.
 */
export const advertiserCardApi = baseApi.enhanceEndpoints({ addTagTypes: ['Ads'] }).injectEndpoints({
  endpoints: (build) => ({
    adAdvertiser: build.query<AdvertiserCard | null, string>({
      query: (adId) => `${adPath(adId)}/advertiser`,
      transformResponse: (res: Partial<AdvertiserCardResponse>) => res.advertiser ?? null,
      // A decision moves the counts and the statuses of the latest ads.
      providesTags: ['Ads'],
    }),
    /** One ad by id (GET /api/advertisements/{id}), to open one of the advertiser's other ads. */
    getAd: build.query<Advertisement, string>({
      query: (id) => adPath(id),
      transformResponse: (res: { advertisement: Advertisement }) => res.advertisement,
      providesTags: ['Ads'],
    }),
  }),
});

export const { useAdAdvertiserQuery, useLazyGetAdQuery } = advertiserCardApi;
