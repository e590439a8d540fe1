import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Product, ProductsResponse } from '@backoffice/contract';

/** The product list fetch of the shop leftovers (docs/product.md#overview, docs/product.md#states-and-transitions): the `products` part of the store. */
export interface ProductsState {
  items: Product[];
  status: 'idle' | 'pending' | 'success' | 'rejected';
}

export const initialProductsState: ProductsState = { items: [], status: 'idle' };

/** GET /api/products/getproducts on this server (docs/decisions/0007-dashboard.md). */
export const productsFetch = createAsyncThunk('products/productsFetch', async () => {
  const res = await fetch('/api/products/getproducts', { credentials: 'include' });
  if (!res.ok) throw new Error(`products: HTTP ${res.status}`);
  return ((await res.json()) as ProductsResponse).products;
});

export const productsSlice = createSlice({
  name: 'products',
  initialState: initialProductsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(productsFetch.pending, (state) => {
        state.status = 'pending';
      })
      .addCase(productsFetch.fulfilled, (state, action) => {
        state.items = action.payload;
        state.status = 'success';
      })
      .addCase(productsFetch.rejected, (state) => {
        state.status = 'rejected';
      });
  },
});

export const productsReducer = productsSlice.reducer;
