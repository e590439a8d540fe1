import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exportText, userMessages } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { UsersPage } from './users-page';
import { fakeServer, makeListedUser, makeUserList, userId } from './users-test-data';
import { enterSearch } from '../../test/search';

const routes = [{ path: '/app/users', Component: UsersPage }];

const users = Array.from({ length: 10 }, (_, i) =>
  makeListedUser({ _id: userId(i + 1), username: `user${i + 1}`, name: `User ${i + 1}` }),
);
const table = () => screen.getByRole('table', { name: 'Users' });
const row = (n: number) => within(table()).getByRole('row', { name: new RegExp(`^${String(n).padStart(5, '0')} `) });

/** The table's list calls, without the card's count of everyone (one row). */
const tableCalls = (server: ReturnType<typeof fakeServer>) =>
  server.listCalls().filter((u) => u.searchParams.get('pageSize') !== '1');

async function renderPage() {
  const view = renderApp({ path: '/app/users', user: makeUser(), routes });
  await screen.findByRole('row', { name: /^00001 / });
  return view;
}

describe('User Management: status, filter, export and bulk delete', () => {
  it('filters by status on the server, back on page 1, and pages through the matches', async () => {
    const server = fakeServer((_call, url) => {
      if (url.pathname === '/api/users/count') return jsonResponse({ total: 42 });
      const status = url.searchParams.get('status');
      const page = Number(url.searchParams.get('page') ?? 1);
      // A status narrows to 42 users; the page does not show the end, so the count is asked for.
      if (status) return jsonResponse(makeUserList(users, { total: page === 5 ? 42 : null, page }));
      return jsonResponse(makeUserList(users, { total: 1234, page }));
    });
    await renderPage();
    const user = userEvent.setup();
    expect(screen.getByText('Showing 1 to 10 of 1234 entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(tableCalls(server).at(-1)!.searchParams.get('page')).toBe('2'));

    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All statuses', 'Active', 'Inactive', 'Pending']);
    await user.selectOptions(status, 'pending');
    await waitFor(() => expect(tableCalls(server).at(-1)!.searchParams.get('status')).toBe('pending'));
    expect(tableCalls(server).at(-1)!.searchParams.get('page')).toBe('1');
    // The spec's pager line, right for the first page.
    expect(await screen.findByText('Showing 1 to 10 of 42 entries')).toBeInTheDocument();
    const count = server.calls.find((c) => c.path.startsWith('/api/users/count'))!;
    expect(new URL(count.path, 'http://x').searchParams.get('status')).toBe('pending');
    // The card still counts everyone.
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'User counts' })).getByText('1,234')).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Showing 41 to 42 of 42 entries')).toBeInTheDocument();
    expect(tableCalls(server).at(-1)!.searchParams.get('page')).toBe('5');
  });

  it('Filter opens a panel with the status and says when it is set; Export downloads the current search and status', async () => {
    fakeServer((_call, url) =>
      jsonResponse(makeUserList(users, { total: url.searchParams.get('status') === 'inactive' ? 7 : 1234 })),
    );
    await renderPage();
    const user = userEvent.setup();
    const filter = screen.getByRole('button', { name: 'Filter' });
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    await user.click(filter);
    const panel = screen.getByRole('region', { name: 'Filters' });
    expect(filter).toHaveAttribute('aria-controls', panel.id);
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Status' }), 'inactive');
    expect(within(filter).getByText(exportText.filtersActive(1))).toBeInTheDocument();
    await user.click(filter);
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();

    await enterSearch(user, screen.getByRole('searchbox', { name: 'Search users' }), 'perera');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const item = await screen.findByRole('menuitem', { name: exportText.exportUsers('7') });
    expect(item).toHaveAttribute('download');
    // The search reaches the link once its debounce has passed, as it reaches the list.
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: exportText.exportUsers('7') })).toHaveAttribute(
        'href',
        '/api/users/export?format=csv&q=perera&status=inactive',
      ),
    );
  });

  it('deletes the selected users after a confirmation naming them, and lists the ones refused', async () => {
    let deleted = new Set<string>();
    const server = fakeServer((call) => {
      if (call.path === '/api/users/bulk-delete') {
        const ids = (call.body as { ids: string[] }).ids;
        return jsonResponse({
          success: true,
          results: ids.map((id) =>
            id === userId(3)
              ? { id, ok: false, message: exportText.cannotDeleteAdmin }
              : (deleted.add(id), { id, ok: true }),
          ),
        });
      }
      return jsonResponse(makeUserList(users.filter((u) => !deleted.has(u._id))));
    });
    await renderPage();
    const user = userEvent.setup();
    const bulkDelete = screen.getByRole('button', { name: 'Delete' });
    expect(bulkDelete).toBeDisabled();
    for (const n of [1, 2, 3]) await user.click(within(row(n)).getByRole('checkbox'));
    expect(bulkDelete).toBeEnabled();

    // Cancel changes nothing.
    await user.click(bulkDelete);
    let dialog = screen.getByRole('dialog', { name: 'Delete 3 users' });
    // Issue 32.7: the users by name, and the ads that go with them (3 + 1 + 2 each).
    expect(
      within(within(dialog).getByRole('list', { name: 'Selected users' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['User 1 (@user1)', 'User 2 (@user2)', 'User 3 (@user3)']);
    expect(dialog).toHaveTextContent('Their 18 ads will be deleted too. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(bulkDelete);
    dialog = screen.getByRole('dialog', { name: 'Delete 3 users' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(exportText.bulkDeleted(2, 1));
    expect(banner).toHaveTextContent(`00003: ${exportText.cannotDeleteAdmin}`);
    const post = server.calls.filter((c) => c.method === 'POST');
    expect(post).toHaveLength(1);
    expect(post[0]).toMatchObject({ path: '/api/users/bulk-delete', body: { ids: [userId(1), userId(2), userId(3)] } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list is asked for again; the refused user stays selected.
    await waitFor(() => expect(screen.queryByRole('row', { name: /^00001 / })).not.toBeInTheDocument());
    expect(within(row(3)).getByRole('checkbox')).toBeChecked();
    deleted = new Set();
  });

  it('reports a bulk delete the server refused as a whole', async () => {
    fakeServer((call) =>
      call.path === '/api/users/bulk-delete'
        ? jsonResponse({ success: false, message: 'Too many ids' }, 400)
        : jsonResponse(makeUserList(users)),
    );
    await renderPage();
    const user = userEvent.setup();
    await user.click(within(row(1)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(exportText.bulkDeleted(0, 1));
    expect(banner).toHaveTextContent('00001: Too many ids');
    expect(screen.queryByText(userMessages.deleted)).not.toBeInTheDocument();
  });
});
