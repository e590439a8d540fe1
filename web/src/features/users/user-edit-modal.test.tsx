import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userMessages, type PublicUser } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { UserDetailPage } from './user-detail-page';
import { fakeServer, makePublicUser, userId, type Call } from './users-test-data';

const routes = [{ path: '/app/users/:id', Component: UserDetailPage }];
const me = makePublicUser({ ...makeUser({ _id: userId(99), username: 'chief' }), isAdmin: true });
const otherAdmin = makePublicUser({ _id: userId(8), username: 'ops-admin', name: 'Ops Admin', isAdmin: true });

/** The detail page of `shown`, signed in as `me`, with its Edit modal open; `put` answers the save. */
async function openEdit(shown: PublicUser, put: (call: Call) => Response = () => jsonResponse(shown)) {
  const { calls } = fakeServer((call) =>
    call.method === 'PUT'
      ? put(call)
      : jsonResponse({ user: shown, adStats: { approved: 0, pending: 0, rejected: 0 } }),
  );
  renderApp({ path: `/app/users/${shown._id}`, user: me, routes });
  await screen.findByRole('heading', { level: 2, name: shown.name ?? shown.username });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  return { user, calls, dialog: screen.getByRole('dialog', { name: 'Edit User' }) };
}

describe('UserEditModal: current password', () => {
  it('asks for it only when admins type a new password for their own account, and sends it', async () => {
    const { user, calls, dialog } = await openEdit(me);
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Password'), 'new-pass');
    const current = within(dialog).getByLabelText('Current password');
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');

    // Required before anything is sent; the message sits under the field.
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(userMessages.currentPasswordRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(current, 'old-pass');
    expect(within(dialog).queryByText(userMessages.currentPasswordRequired)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      password: 'new-pass',
      currentPassword: 'old-pass',
    });
  });

  it('hides it again when the new password is cleared', async () => {
    const { user, dialog } = await openEdit(me);
    await user.type(within(dialog).getByLabelText('Password'), 'x');
    expect(within(dialog).getByLabelText('Current password')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Password'));
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a wrong current password under the field', async () => {
    const refusal = { currentPassword: userMessages.currentPasswordIncorrect };
    const { user, dialog } = await openEdit(me, () =>
      jsonResponse({ success: false, message: userMessages.currentPasswordIncorrect, errors: refusal }, 403),
    );
    await user.type(within(dialog).getByLabelText('Password'), 'new-pass');
    await user.type(within(dialog).getByLabelText('Current password'), 'bad-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(dialog).getAllByText(userMessages.currentPasswordIncorrect)).toHaveLength(2);
  });

  it('never asks for it when admins set another admin’s password', async () => {
    const { user, calls, dialog } = await openEdit(otherAdmin);
    await user.type(within(dialog).getByLabelText('Password'), 'new-pass');
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).not.toHaveProperty('currentPassword');
  });
});
