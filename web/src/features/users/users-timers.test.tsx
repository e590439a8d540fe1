import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userMessages } from '@backoffice/contract';
import { afterEach, describe, it, vi } from 'vitest';
import { expectEndsExactlyAfter, freezeTime, settleUntil } from '../../test/exact-timers';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { UserDetailPage } from './user-detail-page';
import { UsersPage } from './users-page';
import { fakeServer, makeListedUser, makePublicUser, makeUserList, userId } from './users-test-data';

/** "User deleted successfully" shows for 5 s (docs/product.md#business-constants), to the millisecond. */

const routes = [
  { path: '/app/users', Component: UsersPage },
  { path: '/app/users/:id', Component: UserDetailPage },
];
const listed = makeListedUser({ _id: userId(1), name: 'Nimal Perera', username: 'nimal.perera1' });
const detail = makePublicUser({ _id: userId(1), name: 'Nimal Perera', username: 'nimal.perera1' });

/** The list and the detail of one user; DELETE succeeds. */
function server() {
  fakeServer((call, url) => {
    if (call.method === 'DELETE') return jsonResponse({ success: true });
    if (url.pathname === '/api/users') return jsonResponse(makeUserList([listed]));
    return jsonResponse({ user: detail, adStats: { approved: 0, pending: 0, rejected: 0 } });
  });
}

const deleted = () => screen.queryByText(userMessages.deleted) !== null;

afterEach(() => vi.useRealTimers());

describe('users timers', () => {
  it('clears exactly 5 s after a delete from the list', async () => {
    server();
    renderApp({ path: '/app/users', user: makeUser(), routes });
    const row = await screen.findByRole('row', { name: /^00001 / });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Actions for user 00001' }));
    const item = screen.getByRole('menuitem', { name: 'Delete' });
    freezeTime();
    fireEvent.click(item);
    await settleUntil(deleted);
    expectEndsExactlyAfter(5000, deleted);
  });

  it('clears exactly 5 s after the detail page hands it to the list', async () => {
    server();
    renderApp({ path: `/app/users/${userId(1)}`, user: makeUser(), routes });
    await screen.findByRole('heading', { level: 2, name: 'Nimal Perera' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Delete User' })).getByRole('button', {
      name: 'Delete',
    });
    freezeTime();
    fireEvent.click(confirm);
    await settleUntil(deleted);
    expectEndsExactlyAfter(5000, deleted);
  });

  it('unmounts the View panel exactly 300 ms after Close', async () => {
    server();
    renderApp({ path: '/app/users', user: makeUser(), routes });
    await userEvent.setup().click(await screen.findByRole('row', { name: /^00001 / }));
    const panel = await screen.findByRole('dialog', { name: 'User Details' });
    freezeTime();
    fireEvent.click(within(panel).getByRole('button', { name: 'Close panel' }));
    expectEndsExactlyAfter(300, () => screen.queryByRole('dialog', { hidden: true }) !== null);
  });
});
