import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../test/render';

const admin = makeUser();

function sessionOk() {
  return stubFetch(async (path) => {
    if (path === '/api/auth/session') return jsonResponse(admin);
    if (path === '/api/notifications') return jsonResponse({ notifications: [] });
    return jsonResponse({ success: false }, 404);
  });
}

describe('app routes and admin guard', () => {
  it('sends a signed-out visitor of /app/... to the sign-in page', async () => {
    const { router } = renderApp({ path: '/app/users' });
    expect(await screen.findByRole('heading', { name: 'Admin Panel Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in non-admin to the sign-in page', async () => {
    const { router } = renderApp({ path: '/app/dashboard', user: makeUser({ isAdmin: false }) });
    expect(await screen.findByRole('heading', { name: 'Admin Panel Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows an admin the requested screen inside the shell', async () => {
    sessionOk();
    renderApp({ path: '/app/notifications', user: admin });
    expect(await screen.findByRole('heading', { name: 'Common Notification' })).toBeInTheDocument();
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter fullscreen' })).toBeInTheDocument();
  });

  it.each([
    ['/app/dashboard', 'Dashboard'],
    ['/app/ads-directory', 'Submitted Ads Directory'],
    ['/app/users', 'User Management'],
    ['/app/users/abc', 'User Details'],
    ['/app/packages', 'Package Management'],
    ['/app/data-extract', 'Data Extract'],
    ['/app/banners', 'Banner Ads'],
    ['/app/bugs', 'Bug Reports'],
    ['/app/duties', 'Duties and Responsibilities'],
    ['/app/rules', 'Rules'],
    ['/app/second-review', 'Second review'],
  ])('renders %s with the heading %s', async (path, heading) => {
    sessionOk();
    renderApp({ path, user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('redirects /app to the dashboard', async () => {
    sessionOk();
    const { router } = renderApp({ path: '/app', user: admin });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('redirects unknown paths to the dashboard', async () => {
    sessionOk();
    const { router } = renderApp({ path: '/no/such/page', user: admin });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('signs out and returns to / when the session check answers 401', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ success: false, message: 'Not signed in' }, 401));
    const { store, router } = renderApp({ path: '/app/dashboard', user: admin });
    expect(await screen.findByRole('heading', { name: 'Admin Panel Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().user.currentUser).toBeNull();
    // The screen's own data requests may start in the same render as the session check.
    const request = fetchMock.mock.calls
      .map((call) => call[0] as Request)
      .find((r) => new URL(r.url).pathname === '/api/auth/session');
    expect(request).toBeDefined();
    expect(request!.credentials).toBe('include');
  });

  it('keeps the admin signed in when the session check succeeds', async () => {
    const fetchMock = sessionOk();
    const { store } = renderApp({ path: '/app/dashboard', user: admin });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(store.getState().user.currentUser).toEqual(admin);
  });
});
