import { waitFor } from '@testing-library/react';
import { persistStore } from 'redux-persist';
import type { Product } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { jsonResponse, stubFetch } from '../../test/render';
import { addToCart, getTotals } from '../cart/cart-slice';
import { productsApi } from './products-api';
import { productsFetch } from './products-slice';

const product: Product = {
  _id: '7d1f0b3a-0000-4000-8000-000000000002',
  name: 'Top Ad Boost (7 days)',
  description: '',
  price: 1500,
  image: null,
  category: 'Promotions',
  createdAt: '2026-01-05T04:30:00.000Z',
};

/** Starts persistence and resolves once the store is restored from storage. */
function persisted(store: ReturnType<typeof makeStore>) {
  return new Promise<ReturnType<typeof persistStore>>((resolve) => {
    const persistor = persistStore(store, null, () => resolve(persistor));
  });
}

async function stored(): Promise<Record<string, unknown>> {
  // redux-persist writes asynchronously; wait for the write to land.
  await waitFor(() => expect(localStorage.getItem('persist:root')).not.toBeNull());
  const raw = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as Record<string, string>;
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, JSON.parse(v)]));
}

describe('the whole store is persisted under key root, version 1 (docs/product.md#states-and-transitions)', () => {
  it('stores user, products, cart and the productsApi cache, but not the admin API cache', async () => {
    stubFetch(async () => jsonResponse({ products: [product] }));
    const store = makeStore();
    const persistor = await persisted(store);
    store.dispatch(addToCart({ product, userId: 'u1' }));
    store.dispatch(getTotals('u1'));
    await store.dispatch(productsFetch());
    await store.dispatch(productsApi.endpoints.getAllProducts.initiate());
    await persistor.flush();
    const saved = await stored();
    expect(Object.keys(saved).sort()).toEqual(['_persist', 'cart', 'notifications', 'products', 'productsApi', 'user']);
    expect(saved._persist).toMatchObject({ version: 1 });
    expect(saved.cart).toEqual({
      cartItems: [{ ...product, cartTotalQuantity: 1, userId: 'u1' }],
      cartTotalQuantity: 1,
      cartTotalAmount: 1500,
    });
    expect(saved.products).toEqual({ items: [product], status: 'success' });
    expect(JSON.stringify(saved.productsApi)).toContain('Top Ad Boost');
  });

  it('restores the cart and the cached products query into a new store', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ products: [product] }));
    const first = makeStore();
    const p1 = await persisted(first);
    first.dispatch(addToCart({ product, userId: 'u1' }));
    first.dispatch(addToCart({ product, userId: 'u1' }));
    await first.dispatch(productsApi.endpoints.getAllProducts.initiate());
    await p1.flush();
    await stored();
    p1.pause();

    const second = makeStore();
    expect(second.getState().cart.cartItems).toEqual([]);
    await persisted(second);
    expect(second.getState().cart.cartItems[0]).toMatchObject({ _id: product._id, cartTotalQuantity: 2 });
    const cached = productsApi.endpoints.getAllProducts.select()(second.getState());
    expect(cached.status).toBe('fulfilled');
    expect(cached.data).toEqual({ products: [product] });
    // The API slice still works after restoration: a new subscription uses the restored entry.
    const calls = fetchMock.mock.calls.length;
    const sub = second.dispatch(productsApi.endpoints.getAllProducts.initiate());
    await sub;
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(second.getState().productsApi.config.middlewareRegistered).toBe(true);
    sub.unsubscribe();
  });
});
