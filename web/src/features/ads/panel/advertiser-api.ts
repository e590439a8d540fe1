import {
  MAX_SEARCH_LENGTH,
  type AdListResponse,
  type Advertisement,
  type AdvertiserCard,
  type AdvertiserCardResponse,
} from '@backoffice/contract';
import { baseApi } from '../../../lib/api';
import { adListUrl } from '../ads-api';

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
    /**
     * One ad by id: GET /api/advertisements/{id}; where the server has no such call, the ad found
     * among the list's matches for its heading.
     */
    getAd: build.query<Advertisement, { id: string; heading: string }>({
      async queryFn({ id, heading }, _api, _extra, fetchWithBQ) {
        const direct = await fetchWithBQ(adPath(id));
        const found = (direct.data as { advertisement?: Advertisement } | undefined)?.advertisement;
        if (found) return { data: found };
        const search = await fetchWithBQ(
          adListUrl({ q: heading.slice(0, MAX_SEARCH_LENGTH), pageSize: 100, status: 'all' }),
        );
        const match = (search.data as AdListResponse | undefined)?.advertisements.find((ad) => ad._id === id);
        if (match) return { data: match };
        return { error: { status: 404, message: null, errors: {} } };
      },
      providesTags: ['Ads'],
    }),
  }),
});

export const { useAdAdvertiserQuery, useLazyGetAdQuery } = advertiserCardApi;
