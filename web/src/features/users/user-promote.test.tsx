import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userConfirmText } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { UserDetailPage } from './user-detail-page';
import { fakeServer, makePublicUser, userId } from './users-test-data';

const routes = [{ path: '/app/users/:id', Component: UserDetailPage }];
const me = makePublicUser({ ...makeUser({ _id: userId(99), username: 'chief' }), isAdmin: true });
const advertiser = makePublicUser({ _id: userId(3), username: 'kasun.p', name: 'Kasun Perera', isAdmin: false });

/** Issue 32.7: promoting a user to Admin asks for confirmation, naming them. */
describe('Edit User: promoting to Admin', () => {
  it('asks first; Back keeps the form unsent, Make Admin sends it', async () => {
    const { calls } = fakeServer((call) =>
      call.method === 'PUT'
        ? jsonResponse({ ...advertiser, isAdmin: true })
        : jsonResponse({ user: advertiser, adStats: { approved: 0, pending: 0, rejected: 0 } }),
    );
    renderApp({ path: `/app/users/${advertiser._id}`, user: me, routes });
    await screen.findByRole('heading', { level: 2, name: 'Kasun Perera' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit User' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const ask = await screen.findByRole('dialog', { name: userConfirmText.promoteTitle });
    expect(ask).toHaveTextContent(userConfirmText.promote('Kasun Perera (@kasun.p)'));
    // Its confirm button has the focus: Enter confirms, as a deliberate second step.
    await waitFor(() =>
      expect(within(ask).getByRole('button', { name: userConfirmText.promoteConfirm })).toHaveFocus(),
    );
    await user.click(within(ask).getByRole('button', { name: 'Back' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveValue('admin');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const again = await screen.findByRole('dialog', { name: userConfirmText.promoteTitle });
    await user.click(within(again).getByRole('button', { name: userConfirmText.promoteConfirm }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ isAdmin: true });
  });

  it('saves other edits of an advertiser without asking', async () => {
    const { calls } = fakeServer((call) =>
      call.method === 'PUT'
        ? jsonResponse(advertiser)
        : jsonResponse({ user: advertiser, adStats: { approved: 0, pending: 0, rejected: 0 } }),
    );
    renderApp({ path: `/app/users/${advertiser._id}`, user: me, routes });
    await screen.findByRole('heading', { level: 2, name: 'Kasun Perera' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'inactive');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: userConfirmText.promoteTitle })).not.toBeInTheDocument();
  });
});
