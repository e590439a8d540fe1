import type { WebStorage } from 'redux-persist';

/**
 * localStorage for redux-persist. `redux-persist/lib/storage` is CommonJS and its default export
 * arrives as a module object in the production bundle, so the small adapter lives here.
 * Failures (private mode, quota) reject, and redux-persist carries on without persisting.
 */
export const localStorageAdapter: WebStorage = {
  getItem: async (key) => window.localStorage.getItem(key),
  setItem: async (key, value) => window.localStorage.setItem(key, value),
  removeItem: async (key) => window.localStorage.removeItem(key),
};
