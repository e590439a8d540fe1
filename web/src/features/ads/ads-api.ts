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
import { skipToken } from '@reduxjs/toolkit/query/react';
import { baseApi, withQuery } from '../../lib/api';

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
    // The Reported view's other action (docs/decisions/0034-reports.md).
    dismissAdReports: build.mutation<{ success: true; dismissed: number }, string>({
      query: (id) => ({ url: `${adPath(id)}/dismiss-reports`, method: 'POST' }),
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
  useDismissAdReportsMutation,
  usePrefetch: useAdsPrefetch,
} = adsApi;

/** The Reported view's Dismiss reports (docs/decisions/0034-reports.md): the ad's open reports dismissed, the outcome shown. */
export function useDismissReports(show: (tone: 'success' | 'error', text: string) => void) {
  const [dismiss] = useDismissAdReportsMutation();
  return (ad: Advertisement) =>
    void dismiss(ad._id)
      .unwrap()
      .then(
        (r) => show('success', `${r.dismissed} ${r.dismissed === 1 ? 'report' : 'reports'} dismissed`),
        () => show('error', 'Failed to dismiss the reports'),
      );
}

/**
 * The rows, the total and the answer of the directory's current list call. Moderation needs fresh
 * rows: a cached view is shown at once but asked for again. A search's total comes from a separate
 * count call when the page does not show the end (docs/decisions/0014-ad-moderation-rules.md); it
 * is cached per search, so paging through results counts once.
 */
export function useAdsList(params: AdListParams) {
  const list = useListAdsQuery(params, { refetchOnMountOrArgChange: true });
  const { status, view, category, district, signal, minRisk, decided, queue, q } = params;
  const countNeeded = list.currentData?.total === null;
  const counted = useCountAdsQuery(
    { status, view, category, district, signal, minRisk, decided, queue, q },
    { skip: !countNeeded },
  );
  return {
    list,
    // `currentData` belongs to the current view; `data` may be the previous view's while loading.
    ads: list.currentData?.advertisements ?? [],
    loading: list.currentData === undefined && list.isFetching,
    total: (countNeeded ? counted.currentData?.total : list.currentData?.total) ?? 0,
    /** The total is known (the export menu names it only then). */
    counted: list.currentData !== undefined && (!countNeeded || counted.currentData !== undefined),
  };
}

/**
 * The rows of a page already fetched ahead (`useAdsPrefetch`), read from the cache without asking
 * for them: the panel's "Approve & next" goes on to the next page from them.
 */
export function useFetchedAheadAds(params: AdListParams | null): Advertisement[] {
  const { currentData } = adsApi.endpoints.listAds.useQueryState(params ?? skipToken);
  return currentData?.advertisements ?? [];
}
