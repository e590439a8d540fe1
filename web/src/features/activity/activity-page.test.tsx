import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { makeListedUser, makeUserList } from '../users/users-test-data';
import { ActivityPage } from './activity-page';
import { ADMIN_ID, OTHER_ADMIN_ID, makeActivity, makeEvent } from './activity-test-data';
import type { ActivityResponse } from '@backoffice/contract';
import { enterSearch } from '../../test/search';

const routes = [
  { path: '/app/activity', Component: ActivityPage },
  { path: '/app/ads-directory', element: <h1>Ads directory</h1> },
  { path: '/app/users/:id', element: <h1>User detail</h1> },
];

const ADVERTISER = '33333333-3333-4333-8333-333333333333';

/** A fake server recording the activity and count calls; `list` answers GET /api/activity. */
function server(list: (params: URLSearchParams) => ActivityResponse = () => makeActivity([makeEvent(1)])) {
  const lists: URLSearchParams[] = [];
  const counts: URLSearchParams[] = [];
  const users: string[] = [];
  stubFetch(async (path) => {
    const url = new URL(path, 'http://x');
    if (url.pathname === '/api/activity') {
      lists.push(url.searchParams);
      return jsonResponse(list(url.searchParams));
    }
    if (url.pathname === '/api/activity/count') {
      counts.push(url.searchParams);
      return jsonResponse({ total: 37 });
    }
    if (url.pathname === '/api/users') {
      users.push(url.search);
      return jsonResponse(
        makeUserList([
          makeListedUser({ _id: ADMIN_ID, name: 'Ruwan Jayasinghe', isAdmin: true }),
          makeListedUser({ _id: OTHER_ADMIN_ID, name: null, username: 'dilani', isAdmin: true }),
        ]),
      );
    }
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
  return { lists, counts, users, last: () => sorted(lists.at(-1)!) };
}

/** A query string with its parameters in name order, to compare calls whatever order they were built in. */
function sorted(query: URLSearchParams | string): string {
  const params = new URLSearchParams(query);
  params.sort();
  return params.toString();
}

async function renderLog(path = '/app/activity') {
  const view = renderApp({ path, user: makeUser(), routes });
  await screen.findByRole('table', { name: 'Activity Log' });
  await waitFor(() => expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0));
  return view;
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Activity Log' }))
    .getAllByRole('row')
    .slice(1);

describe('ActivityPage', () => {
  it('lists the entries with time, admin, action, what they are about and why', async () => {
    server(() =>
      makeActivity([
        makeEvent(1, { action: 'rejected', rejectionReason: 'Blurry photos' }),
        makeEvent(2, {
          entity: 'user',
          entityLabel: 'kasun.f7',
          action: 'updated',
          details: { fields: ['name', 'mobile'] },
        }),
        makeEvent(3, { action: 'submitted', actor: null }),
        makeEvent(4, {
          entity: 'session',
          entityId: null,
          entityLabel: 'x@y.lk',
          action: 'sign_in_failed',
          actor: null,
        }),
      ]),
    );
    await renderLog();
    expect(screen.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeInTheDocument();
    expect(rows().map((r) => r.textContent)).toEqual([
      '18 Nov 2026, 11:30Ruwan JayasingheRejectedAdAd number 1Blurry photos',
      '18 Nov 2026, 11:30Ruwan JayasingheUpdatedUserkasun.f7Changed: name, mobile',
      '18 Nov 2026, 11:30Public siteSubmittedAdAd number 3-',
      '18 Nov 2026, 11:30Not signed inFailed sign-inSign-inx@y.lk-',
    ]);
  });

  it('links each row to what it is about, and shows a deleted one without a link', async () => {
    server(() =>
      makeActivity([
        makeEvent(1, { entityLabel: 'Toyota Aqua 2015' }),
        makeEvent(2, { entityLabel: 'Gone for good', exists: false, action: 'deleted' }),
        makeEvent(3, { entity: 'user', entityId: ADVERTISER, entityLabel: 'kasun.f7', action: 'updated' }),
        makeEvent(4, { entity: 'package', entityLabel: 'Gold', action: 'created' }),
      ]),
    );
    const { router } = await renderLog();
    const [ad, deleted, user, pkg] = rows();
    expect(within(ad!).getByRole('link', { name: 'Toyota Aqua 2015' })).toHaveAttribute(
      'href',
      `/app/ads-directory?q=Toyota+Aqua+2015&ad=${makeEvent(1).entityId}`,
    );
    expect(within(deleted!).getByText('Gone for good')).toBeInTheDocument();
    expect(within(deleted!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(pkg!).getByRole('link', { name: 'Gold' })).toHaveAttribute('href', '/app/packages');
    await userEvent.setup().click(within(user!).getByRole('link', { name: 'kasun.f7' }));
    expect(router.state.location.pathname).toBe(`/app/users/${ADVERTISER}`);
  });

  it('builds the query from the filters and keeps them in the URL, back on page 1', async () => {
    const calls = server(() => makeActivity([makeEvent(1)], { total: 25 }));
    const { router } = await renderLog('/app/activity?page=2');
    expect(calls.last()).toBe(sorted('page=2&pageSize=10'));
    expect(calls.users).toEqual(['?role=admin&pageSize=100']);
    const user = userEvent.setup();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Entity' }), 'ad');
    await waitFor(() => expect(calls.last()).toBe(sorted('page=1&pageSize=10&entity=ad')));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Rejected');
    const admin = screen.getByRole('combobox', { name: 'Admin' });
    await waitFor(() => expect(within(admin).getByRole('option', { name: 'dilani' })).toBeInTheDocument());
    await user.selectOptions(admin, 'dilani');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-18');
    await waitFor(() =>
      expect(calls.last()).toBe(
        sorted(`page=1&pageSize=10&entity=ad&action=rejected&actor=${OTHER_ADMIN_ID}&from=2026-11-01&to=2026-11-18`),
      ),
    );

    // The search waits for a pause, then asks once with the whole text.
    const before = calls.lists.length;
    await enterSearch(user, screen.getByRole('searchbox', { name: 'Search activity' }), 'Toyota');
    await waitFor(() => expect(calls.last()).toContain('q=Toyota'));
    expect(calls.lists.slice(before).filter((p) => p.has('q'))).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      entity: 'ad',
      action: 'rejected',
      actor: OTHER_ADMIN_ID,
      from: '2026-11-01',
      to: '2026-11-18',
      q: 'Toyota',
    });

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(calls.last()).toBe(sorted('page=1&pageSize=10')));
    expect(screen.getByRole('searchbox', { name: 'Search activity' })).toHaveValue('');
    expect(router.state.location.search).toBe('');
  });

  it('opens filtered by a link (an advertiser’s decisions) and drops values the server would refuse', async () => {
    const calls = server();
    await renderLog(`/app/activity?entity=ad&advertiser=${ADVERTISER}&action=dance&from=yesterday`);
    expect(calls.last()).toBe(sorted(`page=1&pageSize=10&entity=ad&advertiser=${ADVERTISER}`));
    expect(screen.getByRole('combobox', { name: 'Entity' })).toHaveValue('ad');
    expect(screen.getByText('Only the ads of one advertiser.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all advertisers' }));
    await waitFor(() => expect(calls.last()).toBe(sorted('page=1&pageSize=10&entity=ad')));
  });

  it('exports every entry the filters match as CSV', async () => {
    server(() => ({ ...makeActivity([makeEvent(1)]), total: 1234 }));
    await renderLog(`/app/activity?entity=ad&advertiser=${ADVERTISER}`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));
    const item = await screen.findByRole('menuitem', { name: 'Export 1,234 entries as CSV' });
    const href = new URL(item.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/api/activity/export');
    expect(sorted(href.searchParams)).toBe(sorted(`entity=ad&advertiser=${ADVERTISER}`));
  });

  it('asks for the total once per filter when the page leaves it open, and pages with the pager', async () => {
    const calls = server((p) =>
      makeActivity(
        Array.from({ length: 10 }, (_, i) => makeEvent(Number(p.get('page')) * 100 + i)),
        { total: null, page: Number(p.get('page')) },
      ),
    );
    await renderLog('/app/activity?entity=user');
    expect(await screen.findByText('Showing 1 to 10 of 37 entries')).toBeInTheDocument();
    expect(calls.counts.map((p) => p.toString())).toEqual(['entity=user']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11 to 20 of 37 entries')).toBeInTheDocument();
    expect(calls.last()).toBe(sorted('page=2&pageSize=10&entity=user'));
    expect(calls.counts).toHaveLength(1);
  });

  it('says so when nothing matches, and offers to clear the filters', async () => {
    server(() => makeActivity([]));
    await renderLog('/app/activity?action=deleted');
    expect(screen.getByText('No activity matches these filters')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});
