import type {
  AdCountParams,
  AdCountResponse,
  AdBulkStatusBody,
  AdBulkStatusResponse,
  AdListParams,
  AdListResponse,
  AdStatusBody,
  Advertisement,
} from '@backoffice/contract';
import { baseApi } from '../../lib/api';

/** Query string of a list or count call; empty category, district and q are left out. */
function withQuery(path: string, params: AdListParams | AdCountParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export const adListUrl = (params: AdListParams) => withQuery('/advertisements/list', params);

type AdMutationResponse = { success: true; advertisement: Advertisement };
const adPath = (id: string) => `/advertisements/${encodeURIComponent(id)}`;

/** Every mutation refetches the list (tag `Ads`) so the rows and the four counts stay true. */
export const adsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Ads'] }).injectEndpoints({
  endpoints: (build) => ({
    listAds: build.query<AdListResponse, AdListParams>({
      query: (params) => adListUrl(params),
      providesTags: ['Ads'],
    }),
    /** A search's total (the list leaves it null unless the page shows the end); cached per search, not per page. */
    countAds: build.query<AdCountResponse, AdCountParams>({
      query: (params) => withQuery('/advertisements/count', params),
      providesTags: ['Ads'],
    }),
    setAdStatus: build.mutation<AdMutationResponse, { id: string; body: AdStatusBody }>({
      query: ({ id, body }) => ({ url: `${adPath(id)}/status`, method: 'PUT', body }),
      invalidatesTags: ['Ads'],
    }),
    bulkSetAdStatus: build.mutation<AdBulkStatusResponse, AdBulkStatusBody>({
      query: (body) => ({ url: '/advertisements/bulk-status', method: 'POST', body }),
      invalidatesTags: ['Ads'],
    }),
    updateAdImages: build.mutation<AdMutationResponse, { id: string; images: string[] }>({
      query: ({ id, images }) => ({ url: `${adPath(id)}/images`, method: 'PUT', body: { images } }),
      invalidatesTags: ['Ads'],
    }),
    deleteAd: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: adPath(id), method: 'DELETE' }),
      invalidatesTags: ['Ads'],
    }),
  }),
});

export const {
  useListAdsQuery,
  useCountAdsQuery,
  useSetAdStatusMutation,
  useBulkSetAdStatusMutation,
  useUpdateAdImagesMutation,
  useDeleteAdMutation,
  usePrefetch: useAdsPrefetch,
} = adsApi;
