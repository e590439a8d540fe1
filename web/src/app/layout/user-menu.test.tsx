import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';
import { loadRadix } from '../../components/ui/radix-loader';
import { HeaderBar } from './header-bar';

const me = makeUser({ name: 'Ruwan Jayasinghe' });

/** The header alone, with the Account page and the sign-in screen as places to land. */
async function renderHeader() {
  await loadRadix();
  const signOuts: string[] = [];
  stubFetch(async (path) => {
    if (path.startsWith('/api/user/signout')) signOuts.push(path);
    if (path.startsWith('/api/notifications')) return jsonResponse({ notifications: [] });
    return jsonResponse({ success: true });
  });
  const view = renderApp({
    path: '/app/dashboard',
    user: me,
    routes: [
      { path: '/app/dashboard', Component: () => <HeaderBar /> },
      { path: '/app/account', Component: () => <p>Account page</p> },
      { path: '/', Component: () => <p>Sign-in page</p> },
    ],
  });
  const badge = await screen.findByRole('button', { name: /^Your account: ?Ruwan Jayasinghe$/ });
  return { ...view, badge, signOuts, user: userEvent.setup() };
}

/** Issue 36.4: the header's user badge opens the self-service menu. */
describe('UserMenu', () => {
  it('is a button named by its visible text, inside the "Signed in as" group', async () => {
    const { badge } = await renderHeader();
    expect(screen.getByRole('group', { name: 'Signed in as Ruwan Jayasinghe' })).toContainElement(badge);
    expect(badge).toHaveAttribute('aria-haspopup', 'menu');
    expect(badge).not.toHaveAttribute('aria-label');
    expect(badge).toHaveTextContent('RJRuwan Jayasinghe');
  });

  it('opens with Enter, moves with the arrows, and Escape closes it with focus back on the badge', async () => {
    const { badge, user } = await renderHeader();
    badge.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: /^Your account/ });
    expect(badge).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Account', 'Sessions', 'Sign out']);
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Account' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sessions' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    // The list loops.
    expect(screen.getByRole('menuitem', { name: 'Account' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(menu).not.toBeInTheDocument());
    expect(badge).toHaveFocus();
    expect(badge).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens with Space; Account opens the Account page', async () => {
    const { badge, user, router } = await renderHeader();
    badge.focus();
    await user.keyboard(' ');
    await screen.findByRole('menu', { name: /^Your account/ });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Account' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Account page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/account');
  });

  it("Sessions opens the Account page's sessions section", async () => {
    const { badge, user, router } = await renderHeader();
    await user.click(badge);
    await user.click(await screen.findByRole('menuitem', { name: 'Sessions' }));
    expect(await screen.findByText('Account page')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#sessions');
  });

  it('Sign out ends the session on the server and here', async () => {
    const { badge, user, router, store, signOuts } = await renderHeader();
    await user.click(badge);
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(signOuts).toHaveLength(1);
    expect(store.getState().user.currentUser).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });
});
