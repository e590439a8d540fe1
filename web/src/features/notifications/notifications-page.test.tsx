import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationItem } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { NotificationsPage } from './notifications-page';
import { hasUnread, isUnread, notificationsReducer, notificationsSeen } from './notifications-slice';

const me = makeUser();
const routes = [
  { path: '/app/notifications', Component: NotificationsPage },
  { path: '/app/ads-directory', element: <h1>Ads directory</h1> },
];

const item = (overrides: Partial<NotificationItem>): NotificationItem => ({
  id: 'ad:1',
  kind: 'pending',
  adId: 'a1',
  adHeading: 'Toyota Aqua 2015 for Sale',
  by: 'kasun.perera',
  adminId: null,
  reason: null,
  at: '2026-11-18T06:00:00.000Z',
  count: 1,
  atLeast: false,
  ...overrides,
});

const feed = [
  item({
    id: 'event:9',
    kind: 'reject',
    adHeading: 'Land in Galle',
    by: 'Nimal Silva',
    adminId: 'other-admin',
    reason: 'Duplicate advertisement',
    at: '2026-11-18T06:20:00.000Z',
  }),
  item({
    id: 'event:8',
    kind: 'approve',
    adHeading: 'House in Kandy',
    by: me.name,
    adminId: me._id,
    at: '2026-11-18T06:10:00.000Z',
  }),
  item({ id: 'ad:1', at: '2026-11-18T06:00:00.000Z' }),
  item({
    id: 'event:7',
    kind: 'images',
    adHeading: 'Old phone',
    by: null,
    adminId: null,
    reason: 'Removed 2 image(s)',
    at: '2026-11-10T06:00:00.000Z',
  }),
];

function render(items: NotificationItem[], lastSeenAt?: string) {
  stubFetch(async (path) =>
    path === '/api/notifications' ? jsonResponse({ notifications: items }) : jsonResponse({}, 404),
  );
  // The last visit is recorded before the screen opens, as it would be by an earlier visit.
  const view = renderApp({ path: '/app/ads-directory', user: me, routes });
  if (lastSeenAt) view.store.dispatch(notificationsSeen({ userId: me._id, at: lastSeenAt }));
  void view.router.navigate('/app/notifications');
  return view;
}

describe('NotificationsPage', () => {
  it('says No notifications yet. when the feed is empty', async () => {
    render([]);
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Common Notification' })).toBeInTheDocument();
  });

  it('lists pending ads and moderation events, newest first, with New on what arrived since the last visit', async () => {
    const { store } = render(feed, '2026-11-18T06:05:00.000Z');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Nimal Silva rejected Land in GalleNewDuplicate advertisement18 Nov 2026, 11:50',
      // Own action: never new.
      'Ada Admin approved House in Kandy18 Nov 2026, 11:40',
      'kasun.perera submitted Toyota Aqua 2015 for Sale18 Nov 2026, 11:30Review',
      'A former administrator removed images from Old phoneRemoved 2 image(s)10 Nov 2026, 11:30',
    ]);
    // Opening the screen marks everything up to the newest item as seen for this admin.
    await waitFor(() => expect(store.getState().notifications.lastSeenAt[me._id]).toBe('2026-11-18T06:20:00.000Z'));
    // …while the badge stays for this visit.
    expect(within(rows[0]!).getByText('New')).toBeInTheDocument();
  });

  it('shows a bulk action as one item naming its newest ad and how many more (issue 32.10)', async () => {
    render([
      item({
        id: 'event:20',
        kind: 'delete',
        adHeading: 'Van for hire',
        by: 'Nimal Silva',
        adminId: 'other-admin',
        reason: 'User deleted',
        count: 7,
      }),
      item({ id: 'event:19', kind: 'approve', adHeading: 'Bike', by: 'Nimal Silva', adminId: 'x', count: 2 }),
      item({
        id: 'event:18',
        kind: 'approve',
        adHeading: 'Car',
        by: 'Nimal Silva',
        adminId: 'x',
        count: 1000,
        atLeast: true,
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((r) => r.textContent),
    ).toEqual([
      'Nimal Silva deleted Van for hire and 6 more adsNewUser deleted18 Nov 2026, 11:30',
      'Nimal Silva approved Bike and 1 more adNew18 Nov 2026, 11:30',
      'Nimal Silva approved Car and at least 999 more adsNew18 Nov 2026, 11:30',
    ]);
  });

  it('opens the ads directory searching a pending ad from Review', async () => {
    const { router } = render(feed);
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Review Toyota Aqua 2015 for Sale' }));
    expect(router.state.location.pathname).toBe('/app/ads-directory');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Toyota Aqua 2015 for Sale');
  });

  it('shows an error when the feed cannot be loaded', async () => {
    stubFetch(async () => jsonResponse({ success: false, message: 'x' }, 500));
    renderApp({ path: '/app/notifications', user: me, routes });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch notifications');
  });
});

describe('unread rules', () => {
  const other = item({ adminId: 'other', at: '2026-11-18T06:00:00.000Z' });
  const own = item({ adminId: me._id, at: '2026-11-18T07:00:00.000Z' });

  it('counts items newer than the last visit, except the admin’s own actions', () => {
    expect(isUnread(other, null, me._id)).toBe(true);
    expect(isUnread(other, '2026-11-18T05:59:59.999Z', me._id)).toBe(true);
    expect(isUnread(other, '2026-11-18T06:00:00.000Z', me._id)).toBe(false);
    expect(isUnread(own, null, me._id)).toBe(false);
    expect(hasUnread([own], null, me._id)).toBe(false);
    expect(hasUnread([], null, me._id)).toBe(false);
    expect(hasUnread([own, other], '2026-11-18T05:00:00.000Z', me._id)).toBe(true);
  });

  it('keeps the last-seen time per admin and never moves it back', () => {
    let s = notificationsReducer(undefined, notificationsSeen({ userId: 'a', at: '2026-11-18T06:00:00.000Z' }));
    s = notificationsReducer(s, notificationsSeen({ userId: 'a', at: '2026-11-17T06:00:00.000Z' }));
    s = notificationsReducer(s, notificationsSeen({ userId: 'b', at: '2026-11-01T00:00:00.000Z' }));
    expect(s.lastSeenAt).toEqual({ a: '2026-11-18T06:00:00.000Z', b: '2026-11-01T00:00:00.000Z' });
  });
});
