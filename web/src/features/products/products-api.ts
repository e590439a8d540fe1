import { createApi } from '@reduxjs/toolkit/query/react';
import { REHYDRATE } from 'redux-persist';
import { PRODUCTS_CACHE_SECONDS, type ProductsResponse } from '@backoffice/contract';
import { baseQueryWithSignOut } from '../../lib/api';

/**
 * The shop leftovers' product query (docs/product.md#states-and-transitions, docs/product.md#calls, docs/product.md#business-constants; docs/decisions/0007-dashboard.md): its own API slice named
 * `productsApi`, asking this server (relative URL) rather than a hard-coded host. Unused data is
 * kept 60 seconds; no polling, no refetch on focus or reconnect. Its cache is persisted with the
 * store, so it restores cached entries from redux-persist's REHYDRATE action.
 */
export const productsApi = createApi({
  reducerPath: 'productsApi',
  baseQuery: baseQueryWithSignOut,
  keepUnusedDataFor: PRODUCTS_CACHE_SECONDS,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  extractRehydrationInfo(action, { reducerPath }) {
    if (action.type !== REHYDRATE) return undefined;
    const payload = (action as { payload?: Record<string, unknown> }).payload;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- RTK Query's own state shape
    return payload?.[reducerPath] as any;
  },
  endpoints: (build) => ({
    getAllProducts: build.query<ProductsResponse, void>({
      query: () => 'products/getproducts',
    }),
  }),
});

export const { useGetAllProductsQuery } = productsApi;
