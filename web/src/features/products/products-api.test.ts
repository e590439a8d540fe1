import { setupListeners } from '@reduxjs/toolkit/query';
import type { Product } from '@backoffice/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { jsonResponse, stubFetch } from '../../test/render';
import { productsApi } from './products-api';
import { productsFetch } from './products-slice';

const products: Product[] = [
  {
    _id: '7d1f0b3a-0000-4000-8000-000000000001',
    name: 'Urgent Badge',
    description: 'Red badge',
    price: 750,
    image: null,
    category: 'Promotions',
    createdAt: '2026-01-05T04:30:00.000Z',
  },
];

function productsServer(status = 200) {
  const paths: string[] = [];
  const fetchMock = stubFetch(async (path) => {
    paths.push(path);
    return status === 200 ? jsonResponse({ products }) : jsonResponse({ success: false, message: 'x' }, status);
  });
  return { paths, fetchMock };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
};

afterEach(() => {
  vi.useRealTimers();
});

describe('productsApi (docs/product.md#states-and-transitions, docs/product.md#business-constants; docs/decisions/0007-dashboard.md)', () => {
  it('is the store part named productsApi: unused data kept 60 s, no refetch on focus or reconnect', () => {
    const config = makeStore().getState().productsApi.config;
    expect(config).toMatchObject({
      reducerPath: 'productsApi',
      keepUnusedDataFor: 60,
      refetchOnFocus: false,
      refetchOnReconnect: false,
    });
  });

  it('asks this server at the relative /api/products/getproducts, with credentials', async () => {
    const { paths, fetchMock } = productsServer();
    const store = makeStore();
    const result = await store.dispatch(productsApi.endpoints.getAllProducts.initiate());
    expect(result.data).toEqual({ products });
    expect(paths).toEqual(['/api/products/getproducts']);
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(new URL(request.url).origin).toBe(window.location.origin);
    expect(request.credentials).toBe('include');
  });

  it('does not poll and does not refetch on focus or reconnect', async () => {
    vi.useFakeTimers();
    const { paths } = productsServer();
    const store = makeStore();
    const unsubscribeListeners = setupListeners(store.dispatch);
    const sub = store.dispatch(productsApi.endpoints.getAllProducts.initiate());
    await flush();
    expect(paths).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(paths).toHaveLength(1);
    sub.unsubscribe();
    unsubscribeListeners();
  });

  it('keeps unused data for 60 seconds after its last use, then drops it', async () => {
    vi.useFakeTimers();
    productsServer();
    const store = makeStore();
    const sub = store.dispatch(productsApi.endpoints.getAllProducts.initiate());
    await flush();
    const cached = () => productsApi.endpoints.getAllProducts.select()(store.getState()).data;
    expect(cached()).toEqual({ products });
    sub.unsubscribe();
    await vi.advanceTimersByTimeAsync(59_900);
    expect(cached()).toEqual({ products });
    await vi.advanceTimersByTimeAsync(200);
    expect(cached()).toBeUndefined();
  });
});

describe('products slice', () => {
  it('fetches the list from this server into products.items', async () => {
    const { paths } = productsServer();
    const store = makeStore();
    const pending = store.dispatch(productsFetch());
    expect(store.getState().products.status).toBe('pending');
    await pending;
    expect(paths).toEqual(['/api/products/getproducts']);
    expect(store.getState().products).toEqual({ items: products, status: 'success' });
  });

  it('marks a failed fetch as rejected and keeps the items', async () => {
    productsServer(500);
    const store = makeStore();
    await store.dispatch(productsFetch());
    expect(store.getState().products).toEqual({ items: [], status: 'rejected' });
  });
});
