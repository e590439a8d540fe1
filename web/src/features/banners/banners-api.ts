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

type ErrorData = { message?: unknown; errors?: unknown };

function errorData(error: unknown): ErrorData | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = (error as { data: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as ErrorData) : null;
}

/** The server's `message` (docs/decisions/0013-errors-and-validation.md), else `fallback` ("Failed to save banner ad (or server message)" in docs/product.md#error-catalogue). */
export function serverMessage(error: unknown, fallback: string): string {
  const message = errorData(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/** The server's per-field messages (`errors`, docs/decisions/0013-errors-and-validation.md), if any. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors = errorData(error)?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
