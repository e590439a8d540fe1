import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, stubFetch } from '../../test/render';

const expectedEntries = [
  'Dashboard',
  'Common Notification',
  'Submitted Ads Directory',
  'User Management',
  'Package Management',
  'Data Extract',
  'Banner Ads',
  'Bug Reports',
  'Duties and Responsibilities',
];

function stubServer() {
  return stubFetch(async (path) => {
    if (path === '/api/auth/session') return jsonResponse(makeUser());
    if (path === '/api/user/signout') return jsonResponse({ success: true });
    return jsonResponse({ success: false, message: 'Not found' }, 404);
  });
}

async function renderShell(path = '/app/dashboard') {
  const view = renderApp({ path, user: makeUser() });
  await screen.findByRole('navigation', { name: 'Main' });
  return view;
}

describe('Sidebar', () => {
  it('lists the nine entries in the spec order', async () => {
    stubServer();
    await renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(expectedEntries);
  });

  it('highlights the active entry only', async () => {
    stubServer();
    await renderShell('/app/packages');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Package Management' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('navigates when an entry is clicked', async () => {
    stubServer();
    const { router } = await renderShell();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Banner Ads' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Banner Ads' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/banners');
  });

  it('logs out: calls sign-out, clears the session and goes to /', async () => {
    const fetchMock = stubServer();
    const { store, router } = await renderShell();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Admin Panel Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().user.currentUser).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/user/signout', expect.objectContaining({ credentials: 'include' }));
  });

  it('still logs out when the sign-out request fails', async () => {
    stubFetch(async (path) => {
      if (path === '/api/user/signout') throw new TypeError('Failed to fetch');
      return jsonResponse(makeUser());
    });
    const { store } = await renderShell();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Admin Panel Login' })).toBeInTheDocument();
    expect(store.getState().user.currentUser).toBeNull();
  });

  it('under 1024 px opens from the menu button and closes on Escape, its close button or a choice', async () => {
    stubServer();
    const { router } = await renderShell();
    const user = userEvent.setup();
    const menu = screen.getByRole('button', { name: 'Menu' });
    const sidebar = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(sidebar).toContainElement(screen.getByRole('navigation', { name: 'Main' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    // Closed, it is out of sight and out of the tab order below 1024 px (CSS `invisible`), fixed above.
    expect(sidebar).toHaveClass('invisible', 'lg:visible');

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).toHaveClass('visible');
    expect(sidebar).not.toHaveClass('invisible');
    // The focus moves into it, on its first entry.
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    await user.click(menu);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    await user.click(menu);
    await user.click(screen.getByRole('link', { name: 'Banner Ads' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Banner Ads' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/banners');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar).toHaveClass('invisible');
  });

  it('closes when the focus leaves it', async () => {
    stubServer();
    await renderShell();
    const user = userEvent.setup();
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    screen.getByRole('searchbox', { name: 'Search the ads directory' }).focus();
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
  });
});
