import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, userConfirmText, userMessages, type PublicUser } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { UserDetailPage } from './user-detail-page';
import { UsersPage } from './users-page';
import { fakeServer, makePublicUser, makeUserList, userId, type Call } from './users-test-data';

const routes = [
  { path: '/app/users', Component: UsersPage },
  { path: '/app/users/:id', Component: UserDetailPage },
];

const advertiser = makePublicUser({
  _id: userId(7),
  name: 'Kasun Fernando',
  username: 'kasun.f7',
  email: 'kasun.f7@gmail.com',
  mobile: null,
  isVerified: false,
  profilePicture: 'profiles/user-7.png',
  joinDate: '2024-03-05T10:00:00.000Z',
});
const stats = { approved: 4, pending: 2, rejected: 1 };
const signedIn = makeUser({ _id: userId(99), username: 'chief', email: 'chief@example.lk' });

/** Answers the detail of `user` and the list; `mutate` answers PUT and DELETE. */
function server(user: PublicUser | null, mutate: (call: Call) => Response | Error = () => jsonResponse(user)) {
  return fakeServer((call, url) => {
    if (call.method !== 'GET') return mutate(call);
    if (url.pathname === '/api/users') return jsonResponse(makeUserList([]));
    if (!user) return jsonResponse({ success: false, message: userMessages.notFound }, 404);
    return jsonResponse({ user, adStats: stats });
  });
}

async function renderDetail(user: PublicUser, current: PublicUser = signedIn) {
  const view = renderApp({ path: `/app/users/${user._id}`, user: current, routes });
  await screen.findByRole('heading', { level: 2, name: user.name ?? user.username });
  return view;
}

const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling as HTMLElement;

describe('UserDetailPage', () => {
  it('shows the profile of an advertiser with their advertisement statistics', async () => {
    server(advertiser);
    await renderDetail(advertiser);
    expect(screen.getByRole('heading', { level: 1, name: 'User Details' })).toBeInTheDocument();
    for (const name of ['Back', 'Edit', 'Delete']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture of Kasun Fernando' })).toHaveAttribute(
      'src',
      '/uploads/profiles/user-7.png?w=96',
    );
    expect(screen.getByText('Inactive')).toHaveClass('text-rose-300');
    expect(screen.queryByText('Admin', { selector: 'span' })).not.toBeInTheDocument();
    expect(field('Username')).toHaveTextContent('kasun.f7');
    expect(field('Email')).toHaveTextContent('kasun.f7@gmail.com');
    expect(field('Mobile')).toHaveTextContent('Not set');
    expect(field('Join Date')).toHaveTextContent('5 Mar 2024');
    expect(field('Verified')).toHaveTextContent('No');
    expect(field('Account Type')).toHaveTextContent('Advertiser');
    const section = screen.getByRole('region', { name: 'Advertisement Statistics' });
    for (const [label, n] of [
      ['Approved', '4'],
      ['Pending', '2'],
      ['Rejected', '1'],
    ])
      expect(within(section).getByText(label).nextSibling).toHaveTextContent(n);
  });

  it('shows an admin with badges, a placeholder picture and no statistics', async () => {
    const admin = makePublicUser({
      _id: userId(8),
      name: null,
      username: 'ops-admin',
      isAdmin: true,
      mobile: '071 555 6666',
    });
    server(admin);
    await renderDetail(admin);
    expect(screen.getByRole('img', { name: 'No profile picture for ops-admin' })).toHaveTextContent('OA');
    expect(screen.getByText('Active')).toHaveClass('text-emerald-300');
    expect(screen.getByText('Admin', { selector: 'span' })).toBeInTheDocument();
    expect(field('Mobile')).toHaveTextContent('071 555 6666');
    expect(field('Verified')).toHaveTextContent('Yes');
    expect(field('Account Type')).toHaveTextContent('Admin');
    expect(screen.queryByText('Advertisement Statistics')).not.toBeInTheDocument();
  });

  it('says User not found. for a missing user, and Failed to fetch user data otherwise', async () => {
    server(null);
    renderApp({ path: `/app/users/${userId(5)}`, user: signedIn, routes });
    expect(await screen.findByText(userMessages.notFoundScreen)).toBeInTheDocument();
    expect(userMessages.notFoundScreen).toBe('User not found.');

    let fail = true;
    fakeServer(() =>
      fail ? jsonResponse({ success: false, message: 'x' }, 500) : jsonResponse({ user: advertiser, adStats: stats }),
    );
    const other = renderApp({ path: `/app/users/${userId(6)}`, user: signedIn, routes });
    expect(await within(other.container).findByText(userMessages.fetchUserFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(other.container).getByRole('button', { name: 'Try again' }));
    expect(await within(other.container).findByText('Kasun Fernando')).toBeInTheDocument();
  });

  it('goes back to the user list', async () => {
    server(advertiser);
    const { router } = await renderDetail(advertiser);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/users'));
  });

  it('edits the user: the form holds the spec fields and the password is sent only when entered', async () => {
    const updated = { ...advertiser, username: 'kasun.new', isVerified: true };
    const calls = server(advertiser, () => jsonResponse(updated)).calls;
    await renderDetail(advertiser);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText('Username')).toHaveValue('kasun.f7');
    expect(within(dialog).getByLabelText('Username')).toHaveFocus();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('kasun.f7@gmail.com');
    expect(within(dialog).getByLabelText('Mobile')).toHaveValue('');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('placeholder', userMessages.passwordHint);
    expect(within(dialog).getByText('Leave empty to keep the current password.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveValue('advertiser');
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('inactive');
    expect(
      within(within(dialog).getByRole('combobox', { name: 'Role' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Admin', 'Advertiser']);
    expect(
      within(within(dialog).getByRole('combobox', { name: 'Status' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Active', 'Inactive']);

    await user.clear(within(dialog).getByLabelText('Username'));
    await user.type(within(dialog).getByLabelText('Username'), 'kasun.new');
    await user.type(within(dialog).getByLabelText('Mobile'), '077 765 4321');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'active');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/api/users/${advertiser._id}`);
    expect(put.body).toEqual({
      username: 'kasun.new',
      email: 'kasun.f7@gmail.com',
      mobile: '077 765 4321',
      isAdmin: false,
      isVerified: true,
    });
    expect(await screen.findByText(userMessages.updated)).toBeInTheDocument();

    // Now with a password: it is sent.
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Password'), 'a-new-password');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    // Promoting asks first (user-promote.test.tsx).
    await user.click(await screen.findByRole('button', { name: userConfirmText.promoteConfirm }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({
      password: 'a-new-password',
      isAdmin: true,
    });
  });

  it('checks the form before sending and shows the server’s refusal', async () => {
    const calls = server(advertiser, () =>
      jsonResponse(
        { success: false, message: userMessages.emailInUse, errors: { email: userMessages.emailInUse } },
        409,
      ),
    ).calls;
    await renderDetail(advertiser);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.clear(screen.getByLabelText('Username'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText(messages.password.tooShort)).toBeInTheDocument();
    expect(screen.getByText(userMessages.usernameRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // an error clears when its field is edited
    await user.type(screen.getByLabelText('Username'), 'kasun');
    expect(screen.queryByText(userMessages.usernameRequired)).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    // the message above the form and the field's own error
    await waitFor(() => expect(within(dialog).getAllByText(userMessages.emailInUse)).toHaveLength(2));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    // a failed call (no answer) gets the spec's fallback
    fakeServer((call) =>
      call.method === 'PUT' ? new TypeError('Failed to fetch') : jsonResponse({ user: advertiser, adStats: stats }),
    );
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(userMessages.updateFailed)).toBeInTheDocument();
  });

  it('updates the session user when admins edit their own record, and keeps their role', async () => {
    const me = makePublicUser({ ...signedIn, isAdmin: true });
    const renamed = { ...me, email: 'new-chief@example.lk' };
    server(me, () => jsonResponse(renamed));
    const { store } = await renderDetail(me, me);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    expect(screen.getByText(userMessages.cannotDemoteSelf)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'new-chief@example.lk');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(store.getState().user.currentUser?.email).toBe('new-chief@example.lk'));
    expect(store.getState().user).toMatchObject({ loading: false, error: false });
  });

  it('does not touch the session user when editing someone else', async () => {
    server(advertiser, () => jsonResponse({ ...advertiser, email: 'changed@gmail.com' }));
    const { store } = await renderDetail(advertiser);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(userMessages.updated);
    expect(store.getState().user.currentUser).toEqual(signedIn);
  });

  it('deletes after the confirmation and returns to the list with the success message', async () => {
    const calls = server(advertiser, () => jsonResponse({ success: true })).calls;
    const { router } = await renderDetail(advertiser);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete User' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this user? This action cannot be undone.');
    // Issue 32.7: it names the user and the ads that go with them (4 + 2 + 1).
    expect(dialog).toHaveTextContent('Kasun Fernando (@kasun.f7) and their 7 ads will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete User' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/users'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/users/${advertiser._id}`]);
    expect(await screen.findByText(userMessages.deleted)).toBeInTheDocument();
  });

  it('says Failed to delete user when the delete fails', async () => {
    server(advertiser, () => jsonResponse({ success: false, message: 'Nope' }, 500));
    const { router } = await renderDetail(advertiser);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete User' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(userMessages.deleteFailed);
    expect(router.state.location.pathname).toBe(`/app/users/${advertiser._id}`);
  });
});
