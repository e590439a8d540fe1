import type {
  Package,
  PackageBodyInput,
  PackageListParams,
  PackageListResponse,
  PackageMutationResponse,
} from '@backoffice/contract';
import { baseApi, withQuery } from '../../lib/api';

const packagePath = (id: string) => `/packages/${encodeURIComponent(id)}`;

/** Package calls in docs/product.md#calls; every change refetches the list (tag `Packages`). */
export const packagesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Packages'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Searched, filtered and sorted on the server: docs/decisions/0024-list-screen-kit.md. */
    listPackages: build.query<PackageListResponse, PackageListParams | void>({
      query: (params) => withQuery('/packages', params ?? {}),
      providesTags: ['Packages'],
    }),
    createPackage: build.mutation<Package, PackageBodyInput>({
      query: (body) => ({ url: '/packages', method: 'POST', body }),
      transformResponse: (response: PackageMutationResponse) => response.package,
      invalidatesTags: ['Packages'],
    }),
    updatePackage: build.mutation<Package, { id: string; body: PackageBodyInput }>({
      query: ({ id, body }) => ({ url: packagePath(id), method: 'PUT', body }),
      transformResponse: (response: PackageMutationResponse) => response.package,
      invalidatesTags: ['Packages'],
    }),
    deletePackage: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: packagePath(id), method: 'DELETE' }),
      invalidatesTags: ['Packages'],
    }),
  }),
});

export const { useListPackagesQuery, useCreatePackageMutation, useUpdatePackageMutation, useDeletePackageMutation } =
  packagesApi;
