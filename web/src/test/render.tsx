import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { PublicUser } from '@backoffice/contract';
import { vi } from 'vitest';
import { AppToasts } from '../app/app-toasts';
import { routes as appRoutes } from '../app/routes';
import { makeStore, type RootState } from '../app/store';
import { initialUserState } from '../features/auth/user-slice';

export { makeUser } from './fixtures';

interface RenderAppOptions {
  path?: string;
  user?: PublicUser | null;
  routes?: RouteObject[];
}

/** Renders routes (the app's by default) in a memory router with a real store. */
export function renderApp({ path = '/', user = null, routes = appRoutes }: RenderAppOptions = {}) {
  const preloaded: Partial<RootState> = { user: { ...initialUserState, currentUser: user } };
  const store = makeStore(preloaded);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <AppToasts />
    </Provider>,
  );
  return { ...view, store, router };
}

/**
 * Stubs global fetch; the handler gets the path (with query) whether the caller passed a relative
 * URL (plain fetch) or a Request (RTK Query). Returns the mock to inspect calls.
 */
export function stubFetch(handler: (path: string, init?: RequestInit) => Promise<Response>) {
  const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const raw = input instanceof Request ? input.url : String(input);
    const url = new URL(raw, window.location.href);
    return handler(url.pathname + url.search, init);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
