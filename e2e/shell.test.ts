import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { ADMIN } from './support/server-process';
import { e2eSuite } from './support/e2e';

const sidebar = [
  ['Dashboard', '/app/dashboard', 'Dashboard'],
  ['Common Notification', '/app/notifications', 'Common Notification'],
  ['Submitted Ads Directory', '/app/ads-directory', 'Submitted Ads Directory'],
  ['User Management', '/app/users', 'User Management'],
  ['Package Management', '/app/packages', 'Package Management'],
  ['Data Extract', '/app/data-extract', 'Data Extract'],
  ['Banner Ads', '/app/banners', 'Banner Ads'],
  ['Bug Reports', '/app/bugs', 'Bug Reports'],
  ['Duties and Responsibilities', '/app/duties', 'Duties and Responsibilities'],
] as const;

describe('sign-in and the admin shell in Chromium', () => {
  const e2e = e2eSuite({ apiSignIn: false });
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    ({ context, page, errors } = await e2e.newPage());
  });

  async function signIn(email = ADMIN.email, password = ADMIN.password) {
    await page.goto('/');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  it('shows the sign-in page and refuses empty fields without a request', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Admin Panel Login' }).isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Email').getAttribute('type')).resolves.toBe('email');
    await screenshot(page, 'sign-in');
    let requests = 0;
    page.on('request', (r) => r.url().includes('/api/auth/signin') && requests++);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please fill in all fields').first().waitFor();
    expect(requests).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows and hides the password', async () => {
    await page.goto('/');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('says Invalid credentials for a wrong password and stays on the page', async () => {
    await signIn(ADMIN.email, 'not-the-password');
    await page.getByText('Invalid credentials').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, 'sign-in-error');
  });

  it('signs in, visits every sidebar entry in order, and logs out', async () => {
    await signIn();
    await page.waitForURL('**/app/dashboard');
    await page.getByText('Successfully logged in!').waitFor();
    const nav = page.getByRole('navigation');
    // The shell may still be rendering when the toast shows: poll until the links are there.
    await expect
      .poll(async () => (await nav.getByRole('link').allInnerTexts()).map((n) => n.trim()))
      .toEqual(sidebar.map(([name]) => name));
    await screenshot(page, 'dashboard-shell');

    for (const [name, path, heading] of sidebar) {
      await nav.getByRole('link', { name }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await nav.getByRole('link', { name }).getAttribute('aria-current')).toBe('page');
    }
    await nav.getByRole('link', { name: 'Common Notification' }).click();
    // Real notifications (docs/decisions/0007-dashboard.md): the demo's pending ads, or the spec's empty text.
    await page.getByRole('list', { name: 'Notifications' }).or(page.getByText('No notifications yet.')).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: 'Admin Panel Login' }).waitFor();
    // The server session is gone: the app route sends us back to sign-in.
    await page.goto('/app/users');
    await page.waitForURL((u) => u.pathname === '/');
    expect(errors).toEqual([]);
  });

  it('keeps signed-out visitors out of /app and sends unknown paths to the dashboard', async () => {
    await page.goto('/app/packages');
    await page.waitForURL((u) => u.pathname === '/');
    await signIn();
    await page.waitForURL('**/app/dashboard');
    await page.goto('/no/such/page');
    await page.waitForURL('**/app/dashboard');
    await page.goto('/app/whatever');
    await page.waitForURL('**/app/dashboard');
  });

  it('signs the client out when the server session is gone (401)', async () => {
    await signIn();
    await page.waitForURL('**/app/dashboard');
    await context.clearCookies();
    await page.reload();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('has a full-screen toggle labelled for screen readers', async () => {
    await signIn();
    await page.waitForURL('**/app/dashboard');
    await page.getByRole('button', { name: 'Enter fullscreen' }).waitFor();
  });
});
