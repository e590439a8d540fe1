import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roleMessages, userMessages, type PublicUser } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp } from '../../test/render';
import { UserDetailPage } from './user-detail-page';
import { fakeServer, makePublicUser, userId } from './users-test-data';

const routes = [{ path: '/app/users/:id', Component: UserDetailPage }];
const me = makePublicUser({ ...makeUser({ _id: userId(99), username: 'chief' }), isAdmin: true });
const moderator = makePublicUser({
  _id: userId(8),
  username: 'mod',
  name: 'Mod Erator',
  isAdmin: true,
  role: 'moderator',
  categories: ['Vehicles'],
});

/** The detail page of `shown`, signed in as `signedIn`. */
async function open(shown: PublicUser, signedIn: PublicUser = me) {
  const { calls } = fakeServer((call) =>
    call.method === 'PUT'
      ? jsonResponse({ ...shown, ...(call.body as object) })
      : jsonResponse({ user: shown, adStats: { approved: 0, pending: 0, rejected: 0 } }),
  );
  renderApp({ path: `/app/users/${shown._id}`, user: signedIn, routes });
  await screen.findByRole('heading', { level: 2, name: shown.name ?? shown.username });
  return { calls, user: userEvent.setup() };
}

/** Issue 36.3 (docs/decisions/0033-roles.md): the edit modal's role and categories. */
describe('UserEditModal: admin role and categories', () => {
  it("shows a moderator's role and categories, and sends the changes", async () => {
    const { calls, user } = await open(moderator);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText(roleMessages.roleLabel)).toHaveValue('moderator');
    const categories = within(dialog).getByLabelText(roleMessages.categoriesLabel);
    expect(categories).toHaveValue('Vehicles');
    await user.clear(categories);
    await user.type(categories, 'Vehicles, Jobs ,');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      isAdmin: true,
      role: 'moderator',
      categories: ['Vehicles', 'Jobs'],
    });
  });

  it('offers no categories beside another role, and clears them when the role changes', async () => {
    const { calls, user } = await open(moderator);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    await user.selectOptions(within(dialog).getByLabelText(roleMessages.roleLabel), 'support');
    expect(within(dialog).queryByLabelText(roleMessages.categoriesLabel)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ role: 'support', categories: null });
  });

  it('shows no role for an advertiser, and sends none', async () => {
    const advertiser = makePublicUser({ _id: userId(3), username: 'kasun', name: 'Kasun Perera' });
    const { calls, user } = await open(advertiser);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).queryByLabelText(roleMessages.roleLabel)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).not.toHaveProperty('role');
  });

  it("keeps one's own role fixed, with the reason", async () => {
    const { user } = await open(me);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const select = within(screen.getByRole('dialog', { name: 'Edit User' })).getByLabelText(roleMessages.roleLabel);
    expect(select).toBeDisabled();
    // Said once, under the Role field beside it.
    expect(screen.getAllByText(userMessages.cannotDemoteSelf)).toHaveLength(1);
  });

  it('disables Edit and Delete, with the reason, for a role that cannot use them', async () => {
    const support = makePublicUser({ _id: userId(5), username: 'help', isAdmin: true, role: 'support' });
    await open(moderator, support);
    for (const name of ['Edit', 'Delete']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', roleMessages.notAllowed);
    }
  });
});
