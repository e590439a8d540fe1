import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userMessages } from '@backoffice/contract';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { UsersPage } from './users-page';
import { fakeServer, makeListedUser, makeUserList, userId } from './users-test-data';
import { enterSearch } from '../../test/search';
import { testDrivenTimers } from '../../test/exact-timers';

const routes = [
  { path: '/app/users', Component: UsersPage },
  { path: '/app/users/:id', Component: () => <h1>Detail page</h1> },
];

const users = [
  makeListedUser({
    _id: userId(1),
    name: 'Nimal Perera',
    username: 'nimal.perera1',
    mobile: '077 123 4567',
    mobile2: '071 222 3333',
    whatsapp: '077 123 4567',
    adStats: { approved: 3, pending: 1, rejected: 2 },
  }),
  makeListedUser({
    _id: userId(2),
    name: null,
    username: 'priya_s2',
    mobile: null,
    createdAt: '',
    adStats: { approved: 0, pending: 0, rejected: 0 },
  }),
];

const table = () => screen.getByRole('table', { name: 'Users' });
const row = (id: string) => within(table()).getByRole('row', { name: new RegExp(`^${id} `) });

async function renderPage() {
  const view = renderApp({ path: '/app/users', user: makeUser(), routes });
  await screen.findByRole('row', { name: /^00001 / });
  return view;
}

describe('UsersPage', () => {
  it('shows the card, the toolbar and the rows in the spec formats', async () => {
    const server = fakeServer(() => jsonResponse(makeUserList(users, { total: 1234 })));
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'User counts' });
    expect(within(card).getByText('Total Users').nextSibling).toHaveTextContent('1,234');
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent(/Active.*Inactive.*Pending/);
    for (const name of ['Filter', 'Export', 'Delete']) expect(screen.getByRole('button', { name })).toBeInTheDocument();

    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      '',
      'User ID',
      'User Name',
      'Verified Mobile Number',
      'Registered Date',
      'Approved',
      'Pending',
      'Rejected',
      'Actions',
    ]);
    const cells = (id: string) =>
      within(row(id))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('00001')).toEqual([
      '',
      '00001',
      'NPNimal Perera@nimal.perera1',
      '077 123 4567',
      '22 Nov 2026',
      '3',
      '1',
      '2',
      '',
    ]);
    expect(cells('00002')).toEqual(['', '00002', 'PSpriya_s2@priya_s2', '-', 'N/A', '0', '0', '0', '']);
    expect(within(row('00001')).getByRole('link', { name: 'Nimal Perera' })).toHaveAttribute(
      'href',
      `/app/users/${userId(1)}`,
    );
    expect(screen.getByText('Showing 1 to 10 of 1234 entries')).toBeInTheDocument();
    expect(server.listCalls()[0]!.search).toBe('?role=advertiser&page=1&pageSize=10');
  });

  it('searches on the server after a pause, back on page 1, and pages for real', async () => {
    const many = Array.from({ length: 10 }, (_, i) => makeListedUser({ _id: userId(i + 1), username: `user${i + 1}` }));
    // As the server answers: a search's page that does not show the end has no total (count it).
    const server = fakeServer((_call, url) => {
      const searched = url.searchParams.has('q');
      if (url.pathname === '/api/users/count') return jsonResponse({ total: 13 });
      const page = Number(url.searchParams.get('page'));
      const total = searched ? (page === 1 ? null : 13) : 23;
      return jsonResponse(makeUserList(page === 1 ? many : many.slice(0, 3), { total }));
    });
    const countCalls = () => server.calls.filter((c) => c.path.startsWith('/api/users/count'));
    // The table's calls (the Total Users card asks separately, for one row).
    const tableCalls = () => server.listCalls().filter((u) => u.searchParams.get('pageSize') === '10');
    await renderPage();
    const user = userEvent.setup();
    expect(screen.getByText('Showing 1 to 10 of 23 entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Showing 21 to 23 of 23 entries');
    expect(tableCalls().at(-1)!.searchParams.get('page')).toBe('3');

    await enterSearch(user, screen.getByRole('searchbox', { name: 'Search users' }), 'Nimal 077');
    await waitFor(() => expect(tableCalls().at(-1)!.searchParams.get('q')).toBe('Nimal 077'));
    const searched = tableCalls().filter((u) => u.searchParams.has('q'));
    // one call for the whole text, on page 1
    expect(searched.map((u) => u.searchParams.get('q'))).toEqual(['Nimal 077']);
    expect(searched[0]!.searchParams.get('page')).toBe('1');
    await screen.findByText('Showing 1 to 10 of 13 entries');
    expect(countCalls().map((c) => c.path)).toEqual(['/api/users/count?role=advertiser&q=Nimal+077']);
    // the card keeps counting everyone while the table is narrowed
    const card = screen.getByRole('region', { name: 'User counts' });
    await waitFor(() => expect(within(card).getByText('Total Users').nextSibling).toHaveTextContent('23'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(tableCalls().at(-1)!.searchParams.get('page')).toBe('2'));
    expect(tableCalls().at(-1)!.searchParams.get('q')).toBe('Nimal 077');
    await screen.findByText('Showing 11 to 13 of 13 entries');
    // back to page 1: its total is still the count of this search, not asked again
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('Showing 1 to 10 of 13 entries');
    expect(countCalls()).toHaveLength(1);
  });

  it('opens a pasted link as it says (search, status, page), and Back undoes a change', async () => {
    const many = Array.from({ length: 10 }, (_, i) => makeListedUser({ _id: userId(i + 1), username: `user${i + 1}` }));
    const server = fakeServer((_call, url) =>
      url.pathname === '/api/users/count'
        ? jsonResponse({ total: 23 })
        : jsonResponse(makeUserList(many, { total: 23 })),
    );
    const tableCalls = () => server.listCalls().filter((u) => u.searchParams.get('pageSize') === '10');
    const { router } = renderApp({ path: '/app/users?q=Nimal&status=inactive&page=2', user: makeUser(), routes });
    await screen.findByRole('row', { name: /^00001 / });
    const first = tableCalls()[0]!;
    expect([first.searchParams.get('q'), first.searchParams.get('status'), first.searchParams.get('page')]).toEqual([
      'Nimal',
      'inactive',
      '2',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('Nimal');
    expect(screen.getByText('Showing 11 to 20 of 23 entries')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=3'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(tableCalls().at(-1)!.searchParams.get('page')).toBe('2'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Nimal');
    expect(screen.getByText('Showing 11 to 20 of 23 entries')).toBeInTheDocument();
  });

  it('shows the empty state when nothing matches', async () => {
    fakeServer(() => jsonResponse(makeUserList([])));
    renderApp({ path: '/app/users', user: makeUser(), routes });
    expect(await screen.findByText(userMessages.emptyState)).toBeInTheDocument();
    expect(userMessages.emptyState).toBe('No users found matching your search criteria.');
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it('opens the View panel with every field, from the row and from its menu', async () => {
    fakeServer(() => jsonResponse(makeUserList(users)));
    const { router } = await renderPage();
    const user = userEvent.setup();
    await user.click(row('00001'));
    const panel = await screen.findByRole('dialog', { name: 'User Details' });
    for (const [label, value] of [
      ['User name', 'Nimal Perera'],
      ['Verified mobile', '077 123 4567'],
      ['Registration date', '22 Nov 2026'],
      ['Mobile 2', '071 222 3333'],
      ['WhatsApp', '077 123 4567'],
      ['Approved', '3'],
      ['Pending', '1'],
      ['Rejected', '2'],
    ])
      expect(within(panel).getByText(label).nextSibling).toHaveTextContent(value);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The second user has no mobile2 or WhatsApp: those lines are left out.
    await user.click(within(row('00002')).getByRole('button', { name: 'Actions for user 00002' }));
    await user.click(screen.getByRole('menuitem', { name: 'View' }));
    const second = await screen.findByRole('dialog', { name: 'User Details' });
    expect(within(second).queryByText('Mobile 2')).not.toBeInTheDocument();
    expect(within(second).queryByText('WhatsApp')).not.toBeInTheDocument();
    expect(within(second).getByText('Registration date').nextSibling).toHaveTextContent('N/A');
    await user.click(within(second).getByRole('button', { name: 'Open user page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/users/${userId(2)}`));
  });

  it('deletes only after the browser confirm, then shows the success message', async () => {
    testDrivenTimers();
    try {
      const server = fakeServer((call) =>
        call.method === 'DELETE' ? jsonResponse({ success: true }) : jsonResponse(makeUserList(users)),
      );
      await renderPage();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      const openDelete = async () => {
        await user.click(within(row('00001')).getByRole('button', { name: 'Actions for user 00001' }));
        await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
      };
      await openDelete();
      // Issue 32.7: the confirm names the user and the ads that go with them (3 + 1 + 2).
      expect(confirm).toHaveBeenCalledWith(
        `${userMessages.deleteConfirm}\n\nNimal Perera (@nimal.perera1) and their 6 ads will be deleted.`,
      );
      expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);

      confirm.mockReturnValue(true);
      const listsBefore = server.listCalls().length;
      await openDelete();
      expect(await screen.findByText(userMessages.deleted)).toBeInTheDocument();
      expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/users/${userId(1)}`]);
      await waitFor(() => expect(server.listCalls().length).toBeGreaterThan(listsBefore)); // refetched
      // How long it stays is timed to the millisecond in users-timers.test.tsx.
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the spec’s failure texts for deletes and loads', async () => {
    let mode: 'conflict' | 'network' = 'conflict';
    fakeServer((call) => {
      if (call.method !== 'DELETE') return jsonResponse(makeUserList(users));
      return mode === 'conflict'
        ? jsonResponse({ success: false, message: 'Something is in the way' }, 409)
        : new TypeError('Failed to fetch');
    });
    await renderPage();
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const remove = async () => {
      await user.click(within(row('00001')).getByRole('button', { name: 'Actions for user 00001' }));
      await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    };
    await remove();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(userMessages.deleteFailed);
    expect(alert).toHaveTextContent('Something is in the way');
    mode = 'network';
    await remove();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(userMessages.deleteFailedRetry));
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let answer: 'error' | 'network' | 'ok' = 'error';
    fakeServer(() =>
      answer === 'error'
        ? jsonResponse({ success: false, message: 'boom' }, 500)
        : answer === 'network'
          ? new TypeError('Failed to fetch')
          : jsonResponse(makeUserList(users)),
    );
    renderApp({ path: '/app/users', user: makeUser(), routes });
    expect(await screen.findByText(userMessages.fetchFailed)).toBeInTheDocument();
    answer = 'network';
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(userMessages.loadFailed)).toBeInTheDocument();
    answer = 'ok';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /^00001 / })).toBeInTheDocument();
  });

  it('shows the success message handed over by the detail page after a delete', async () => {
    fakeServer(() => jsonResponse(makeUserList(users)));
    const { router } = renderApp({ path: '/app/users', user: makeUser(), routes });
    await screen.findByRole('row', { name: /^00001 / });
    await act(() => router.navigate('/app/users', { state: { deleted: true } }));
    expect(await screen.findByText(userMessages.deleted)).toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
  });
});
