import type { BannerAd, BannerListParams, BannerMutationResponse } from '@backoffice/contract';
import { baseApi } from '../../lib/api';

/** docs/product.md#calls: `GET /api/banner-ads?status=&search=`, both always sent; "all" is sent as empty. */
export function bannerListUrl({ status = '', search = '' }: BannerListParams): string {
  const query = new URLSearchParams({ status: status === 'all' ? '' : status, search: search.trim() });
  return `/banner-ads?${query}`;
}

const bannerPath = (id: string) => `/banner-ads/${encodeURIComponent(id)}`;

/** Every change refetches the list (tag `Banners`). Bodies are FormData (multipart, docs/product.md#calls). */
export const bannersApi = baseApi.enhanceEndpoints({ addTagTypes: ['Banners'] }).injectEndpoints({
  endpoints: (build) => ({
    listBanners: build.query<BannerAd[], BannerListParams>({
      query: (params) => bannerListUrl(params),
      providesTags: ['Banners'],
    }),
    createBanner: build.mutation<BannerMutationResponse, FormData>({
      query: (body) => ({ url: '/banner-ads', method: 'POST', body }),
      invalidatesTags: ['Banners'],
    }),
    updateBanner: build.mutation<BannerMutationResponse, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: bannerPath(id), method: 'PUT', body }),
      invalidatesTags: ['Banners'],
    }),
    deleteBanner: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: bannerPath(id), method: 'DELETE' }),
      invalidatesTags: ['Banners'],
    }),
  }),
});

export const { useListBannersQuery, useCreateBannerMutation, useUpdateBannerMutation, useDeleteBannerMutation } =
  bannersApi;
