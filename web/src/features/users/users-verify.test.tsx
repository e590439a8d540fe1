import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userConfirmText, userMessages } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { UsersPage } from './users-page';
import { fakeServer, makeListedUser, makeUserList, userId } from './users-test-data';

const routes = [{ path: '/app/users', Component: UsersPage }];

/** Seven advertisers not verified yet, newest first, as the verification queue lists them. */
const queue = Array.from({ length: 7 }, (_, i) =>
  makeListedUser({
    _id: userId(i + 1),
    username: `seller${i + 1}`,
    name: `Seller ${i + 1}`,
    isVerified: false,
    adStats: { approved: i, pending: 1, rejected: 0 },
  }),
);
const table = () => screen.getByRole('table', { name: 'Users' });
const row = (n: number) => within(table()).getByRole('row', { name: new RegExp(`^${String(n).padStart(5, '0')} `) });

/** A server whose bulk Verify verifies every id but `refused`, and whose list follows it. */
function verifyingServer(refused: string | null = null) {
  const verified = new Set<string>();
  const server = fakeServer((call) => {
    if (call.path === '/api/users/bulk-verify') {
      const ids = (call.body as { ids: string[] }).ids;
      return jsonResponse({
        success: true,
        results: ids.map((id) =>
          id === refused
            ? { id, ok: false, message: userMessages.alreadyVerified }
            : (verified.add(id), { id, ok: true }),
        ),
      });
    }
    return jsonResponse(makeUserList(queue.map((u) => ({ ...u, isVerified: verified.has(u._id) }))));
  });
  return { ...server, posts: () => server.calls.filter((c) => c.method === 'POST') };
}

async function renderQueue(path = '/app/users?status=inactive') {
  const view = renderApp({ path, user: makeUser(), routes });
  await screen.findByRole('row', { name: /^00001 / });
  return view;
}

describe('User Management: the verification queue (issue 32.6, 32.7)', () => {
  it('opens filtered from its link, keeps the filter, search and page in the URL, and asks the server for them', async () => {
    const server = verifyingServer();
    const { router } = await renderQueue('/app/users?status=inactive&q=seller&page=2');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('inactive');
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('seller');
    const first = server.listCalls().find((u) => u.searchParams.get('pageSize') !== '1')!;
    expect(Object.fromEntries(first.searchParams)).toMatchObject({ status: 'inactive', q: 'seller', page: '2' });

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    // A new status shows page 1 again, and the URL says so: Back returns to the queue.
    await waitFor(() => expect(router.state.location.search).toBe('?q=seller'));
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('inactive'));
  });

  it("verifies one advertiser from the row's menu, offered only to those not verified", async () => {
    const server = verifyingServer();
    await renderQueue();
    const user = userEvent.setup();
    await user.click(within(row(2)).getByRole('button', { name: 'Actions for user 00002' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Verify' }));
    expect(await screen.findByText(userConfirmText.verified('Seller 2 (@seller2)'))).toBeInTheDocument();
    expect(server.posts()).toEqual([{ method: 'POST', path: '/api/users/bulk-verify', body: { ids: [userId(2)] } }]);
    // The list is asked again; a verified advertiser's menu has no Verify.
    await waitFor(async () => {
      await user.click(within(row(2)).getByRole('button', { name: 'Actions for user 00002' }));
      expect(screen.queryByRole('menuitem', { name: 'Verify' })).not.toBeInTheDocument();
      await user.keyboard('{Escape}');
    });
  });

  it('verifies the selection after a confirmation listing five names and "and 2 more", with each outcome', async () => {
    const server = verifyingServer(userId(4));
    await renderQueue();
    const user = userEvent.setup();
    const bulkVerify = screen.getByRole('button', { name: 'Verify' });
    expect(bulkVerify).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
    await user.click(bulkVerify);
    const dialog = screen.getByRole('dialog', { name: userConfirmText.verifyManyTitle(7) });
    expect(
      within(within(dialog).getByRole('list', { name: 'Selected users' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Seller 1 (@seller1)',
      'Seller 2 (@seller2)',
      'Seller 3 (@seller3)',
      'Seller 4 (@seller4)',
      'Seller 5 (@seller5)',
      'and 2 more',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.posts()).toEqual([]);

    await user.click(bulkVerify);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Verify' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(userConfirmText.bulkVerified(6, 1));
    expect(banner).toHaveTextContent(`00004: ${userMessages.alreadyVerified}`);
    expect(server.posts()).toHaveLength(1);
    expect(server.posts()[0]!.body).toEqual({ ids: queue.map((u) => u._id) });
    // Only the one refused is still to verify.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
  });

  it('names up to five users and the ads that go with them before a bulk delete', async () => {
    verifyingServer();
    await renderQueue();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: userConfirmText.deleteManyTitle(7) });
    expect(within(dialog).getAllByRole('listitem').at(-1)).toHaveTextContent('and 2 more');
    // Approved 0…6 (21) and one pending each (7).
    expect(dialog).toHaveTextContent(userConfirmText.deleteMany(28));
  });
});
