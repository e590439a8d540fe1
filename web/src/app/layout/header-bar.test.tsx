import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationItem } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { makeDashboard } from '../../features/dashboard/dashboard-test-data';
import { notificationsApi } from '../../features/notifications/notifications-api';
import { initialsOf } from './header-bar';

const me = makeUser({ name: 'Ruwan Jayasinghe' });

const event = (overrides: Partial<NotificationItem>): NotificationItem => ({
  id: 'event:1',
  kind: 'approve',
  adId: 'a1',
  adHeading: 'Toyota Aqua 2015 for Sale',
  by: 'Nimal Silva',
  adminId: 'another-admin',
  reason: null,
  at: '2026-11-18T06:00:00.000Z',
  count: 1,
  atLeast: false,
  ...overrides,
});

function appServer(notifications: NotificationItem[] = []) {
  const listQueries: URLSearchParams[] = [];
  stubFetch(async (path) => {
    const url = new URL(path, 'http://x');
    switch (url.pathname) {
      case '/api/auth/session':
        return jsonResponse(me);
      case '/api/dashboard':
        return jsonResponse(makeDashboard());
      case '/api/notifications':
        return jsonResponse({ notifications });
      case '/api/advertisements/list':
        listQueries.push(url.searchParams);
        return jsonResponse({
          advertisements: [],
          total: 0,
          page: 1,
          pageSize: 10,
          counts: { total: 0, pending: 0, approved: 0, rejected: 0 },
          facets: { categories: [], districts: [] },
        });
      default:
        return jsonResponse({ success: false, message: 'Not found' }, 404);
    }
  });
  return listQueries;
}

async function renderShell(path = '/app/dashboard') {
  const view = renderApp({ path, user: me });
  await screen.findByRole('search');
  return view;
}

const bell = () => screen.getByRole('link', { name: /^Notifications/ });

describe('HeaderBar', () => {
  it('shows the signed-in admin’s initials and display name', async () => {
    appServer();
    await renderShell();
    const badge = screen.getByRole('group', { name: 'Signed in as Ruwan Jayasinghe' });
    expect(badge).toHaveTextContent('RJRuwan Jayasinghe');
    expect(initialsOf('admin')).toBe('AD');
    expect(initialsOf('kasun.perera')).toBe('KP');
    expect(initialsOf('  Chamari  ')).toBe('CH');
  });

  it('opens the ads directory searching the typed text', async () => {
    const listQueries = appServer();
    const { router } = await renderShell();
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search the ads directory' });
    expect(box).toHaveAttribute('placeholder', 'Search for...');
    await user.type(box, '  toyota aqua {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/ads-directory'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('toyota aqua');
    await waitFor(() => expect(listQueries.at(-1)?.get('q')).toBe('toyota aqua'));
    expect(await screen.findByRole('searchbox', { name: 'Search advertisements' })).toHaveValue('toyota aqua');

    // Searching again from the header while on the directory replaces the search.
    await user.clear(box);
    await user.type(box, 'kandy{Enter}');
    await waitFor(() => expect(listQueries.at(-1)?.get('q')).toBe('kandy'));
    expect(screen.getByRole('searchbox', { name: 'Search advertisements' })).toHaveValue('kandy');
  });

  it('shows no unread dot when nothing is new or only the admin’s own actions are', async () => {
    appServer([event({ adminId: me._id })]);
    const { store } = await renderShell();
    const feed = () => notificationsApi.endpoints.getNotifications.select()(store.getState() as never);
    await waitFor(() => expect(feed().status).toBe('fulfilled'));
    expect(feed().data?.notifications).toHaveLength(1);
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument();
  });

  it('shows the unread dot for something new; the bell opens Common Notification, which clears it', async () => {
    appServer([event({})]);
    const { router } = await renderShell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications (unread)'));
    expect(within(bell()).getByTestId('unread-dot')).toBeInTheDocument();
    await userEvent.setup().click(bell());
    expect(await screen.findByRole('heading', { level: 1, name: 'Common Notification' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/notifications');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument();
  });
});
