import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { makeActivity, makeEvent } from '../activity/activity-test-data';
import { UserDetailPage } from './user-detail-page';
import { fakeServer, makePublicUser, userId } from './users-test-data';

const advertiser = makePublicUser({ _id: userId(7), name: 'Kasun Fernando' });
const admin = makePublicUser({ _id: userId(8), name: 'Dilani Admin', isAdmin: true });

const routes = [
  { path: '/app/users/:id', Component: UserDetailPage },
  { path: '/app/activity', element: <h1>Activity Log</h1> },
];

function server() {
  return fakeServer((_call, url) => {
    if (url.pathname === '/api/activity')
      return jsonResponse(
        makeActivity([
          makeEvent(1, { entityLabel: 'Toyota Aqua 2015', action: 'rejected', rejectionReason: 'Blurry photos' }),
          makeEvent(2, { entityLabel: 'Old sofa', action: 'deleted', exists: false }),
        ]),
      );
    const user = url.pathname.endsWith(advertiser._id) ? advertiser : admin;
    return jsonResponse({ user, adStats: { approved: 1, pending: 0, rejected: 1 } });
  });
}

describe('UserDetailPage moderation decisions', () => {
  it('shows the latest 20 decisions on the advertiser’s ads, and links to the whole filtered log', async () => {
    const { calls } = server();
    const { router } = renderApp({ path: `/app/users/${advertiser._id}`, user: makeUser(), routes });
    const table = await screen.findByRole('table', { name: 'Moderation decisions' });
    await within(table).findByText('Toyota Aqua 2015');
    const activityCalls = calls.filter((c) => c.path.startsWith('/api/activity'));
    expect(activityCalls.map((c) => Object.fromEntries(new URL(c.path, 'http://x').searchParams))).toEqual([
      // Issue 32.10: decisions only, not the Submitted events.
      { entity: 'ad', advertiser: advertiser._id, decisions: 'true', pageSize: '20' },
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '18 Nov 2026, 11:30Toyota Aqua 2015RejectedRuwan JayasingheBlurry photos',
      '18 Nov 2026, 11:30Old sofaDeletedRuwan Jayasinghe-',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Toyota Aqua 2015' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('link', { name: 'View all in the activity log' }));
    expect(router.state.location.pathname).toBe('/app/activity');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      entity: 'ad',
      advertiser: advertiser._id,
    });
  });

  it('is not shown for an admin, who has no ads', async () => {
    const { calls } = server();
    renderApp({ path: `/app/users/${admin._id}`, user: makeUser(), routes });
    await screen.findByRole('heading', { level: 2, name: 'Dilani Admin' });
    expect(screen.queryByRole('heading', { name: 'Moderation decisions' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/activity'))).toBe(false);
  });
});
