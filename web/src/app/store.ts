import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
  type PersistConfig,
} from 'redux-persist';
import { baseApi } from '../lib/api';
import { localStorageAdapter } from '../lib/local-storage';
import { userReducer } from '../features/auth/user-slice';
import { cartReducer, getTotals } from '../features/cart/cart-slice';
import { notificationsReducer } from '../features/notifications/notifications-slice';
import { productsApi } from '../features/products/products-api';
import { productsReducer } from '../features/products/products-slice';

/** Add new slices here; they are persisted unless listed in `notPersisted`. */
const rootReducer = combineReducers({
  user: userReducer,
  // docs/product.md#states-and-transitions: the shop leftovers (products, cart and the productsApi cache) are persisted too.
  products: productsReducer,
  cart: cartReducer,
  [productsApi.reducerPath]: productsApi.reducer,
  notifications: notificationsReducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** The admin API cache is refetched on use, never restored from disk. */
const notPersisted: Array<keyof RootState> = [baseApi.reducerPath];

const persistConfig: PersistConfig<RootState> = {
  key: 'root',
  version: 1,
  storage: localStorageAdapter,
  blacklist: notPersisted,
};

const persistedReducer = persistReducer(persistConfig, rootReducer);

/** Builds a store; tests call it with their own state, the app uses `store` below. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: persistedReducer,
    preloadedState: preloadedState as ReturnType<typeof persistedReducer> | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(baseApi.middleware, productsApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;

export const store = makeStore();
// docs/product.md#states-and-transitions: cart totals are calculated once at start-up, with no user.
store.dispatch(getTotals(null));
export const persistor = persistStore(store);
// redux-persist writes a change a few ticks later: a reload or a page left just after a sign-in
// would read the state from before it. Leaving the page writes what is pending (synchronously).
if (typeof window !== 'undefined') window.addEventListener('pagehide', () => void persistor.flush());
