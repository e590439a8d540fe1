import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import type { BannerAd, UserListResponse } from '@backoffice/contract';
import { images } from '../server/test/support/banner-images';
import { signInThroughForm } from './support/browser';
import { ADMIN } from './support/server-process';
import { e2eSuite } from './support/e2e';

/**
 * axe-core (WCAG 2.1 A and AA rules) on every screen, side panel and modal, in the states a user
 * reaches: empty, loaded, failed and with validation errors shown. A serious or critical violation
 * fails the test that found it, listed with its rule, the element and axe's summary. The app has one
 * theme (dark), so the contrast rules check that theme. One server, one browser, one sign-in.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** A guard against a hung walk, not a speed check: axe takes seconds per state on a busy machine. */
const WALK_TIMEOUT = 600_000;

describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  const e2e = e2eSuite();
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await e2e.newPage());
  });

  /**
   * Waits for transitions (a side panel sliding in, a fade) so that colours are measured at rest;
   * endless ones (a spinner) never settle and do not change colours.
   */
  async function settled() {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .every((a) => a.playState !== 'running' && !a.pending),
    );
  }

  /** Runs axe on the page (or inside `scope`) and returns its serious and critical findings, readably. */
  async function findings(state: string, scope?: string): Promise<string[]> {
    await settled();
    // Only violations are read: axe still runs every rule, but skips gathering the details of the
    // passes and inapplicable results, which is most of its time on a full screen.
    let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] });
    if (scope) builder = builder.include(scope);
    const { violations } = await builder.analyze();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes.map(
          (n) =>
            `[${state}] ${v.id} (${v.impact}): ${v.help}\n    at ${n.target.join(' ')}\n    ${n.failureSummary?.replace(/\n/g, '\n    ')}`,
        ),
      );
  }

  /** Every state of one test is checked; the test then fails once with all of them listed. */
  function checker() {
    const found: string[] = [];
    return {
      check: async (state: string, scope?: string) => {
        found.push(...(await findings(state, scope)));
      },
      done: () => expect(found.join('\n\n') || 'none', 'serious or critical axe violations').toBe('none'),
    };
  }

  async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(`${e2e.baseUrl}${path}`, {
      ...init,
      headers: { cookie: e2e.cookie, origin: e2e.baseUrl, ...(init.headers as Record<string, string>) },
    });
    expect(res.ok, `${path}: ${res.status}`).toBe(true);
    return (await res.json()) as T;
  }

  const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
  async function closeWith(locator: Locator, key = 'Escape') {
    await page.keyboard.press(key);
    await locator.waitFor({ state: 'detached' });
  }
  /** Opens the first row's View or Delete dialog, checks it as `state`, and closes it. */
  async function checkRowDialog(
    axe: ReturnType<typeof checker>,
    table: Locator,
    button: RegExp,
    state: string,
    name?: string,
  ) {
    await table.getByRole('button', { name: button }).first().click();
    const opened = name ? dialog(name) : page.getByRole('dialog');
    await opened.waitFor();
    await axe.check(state);
    await closeWith(opened);
  }
  /** Makes one API path answer 500 (without a message) until `undo` is called. */
  async function failing(pattern: string | RegExp) {
    const handler = (route: import('playwright-core').Route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' });
    await page.route(pattern, handler);
    return () => page.unroute(pattern, handler);
  }

  it(
    'sign-in: empty, with validation errors, with a refused sign-in',
    async () => {
      const axe = checker();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Admin Panel Login' }).waitFor();
      await axe.check('sign-in');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await axe.check('sign-in, fields required');
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('alert').first().waitFor();
      await axe.check('sign-in, refused');
      axe.done();
    },
    WALK_TIMEOUT,
  );

  it(
    'dashboard, activity log, notifications, data extract, bugs and an unknown route',
    async () => {
      const axe = checker();
      await signInThroughForm(page, ADMIN.email, ADMIN.password);
      await page.getByRole('region', { name: 'Recent Activities' }).waitFor();
      await page.getByRole('region', { name: 'Summary' }).getByText('Pending Ads', { exact: true }).waitFor();
      await axe.check('dashboard');

      await page.goto('/app/activity');
      await page.getByRole('heading', { level: 1, name: 'Activity Log' }).waitFor();
      await page.getByRole('table').first().waitFor();
      await axe.check('activity');
      await page.getByRole('searchbox', { name: 'Search activity' }).fill('no such thing at all zzzz');
      await page
        .getByText(/No .*found|No activity/i)
        .first()
        .waitFor();
      await axe.check('activity, empty');

      await page.goto('/app/notifications');
      await page.getByRole('heading', { level: 1, name: 'Common Notification' }).waitFor();
      await axe.check('notifications');

      await page.goto('/app/data-extract');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: /Download/ }).waitFor();
      await axe.check('data extract');

      await page.goto('/app/bugs');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await axe.check('bugs');

      await page.goto('/no/such/page');
      await page.waitForURL('**/app/dashboard');
      await page.goto('/app/users/00000000-0000-4000-8000-000000000000');
      await page
        .getByText(/not found/i)
        .first()
        .waitFor();
      await axe.check('unknown user');

      const undo = await failing(/\/api\/dashboard/);
      await page.goto('/app/dashboard');
      await page.getByRole('alert').first().waitFor();
      await axe.check('dashboard, failed');
      await undo();
      axe.done();
    },
    WALK_TIMEOUT,
  );

  it(
    'ads directory: loaded, side panel, lightbox, every modal, empty and failed',
    async () => {
      const axe = checker();
      await page.goto('/app/ads-directory');
      const table = page.getByRole('table', { name: 'Advertisements' });
      await table.locator('tbody tr[aria-label]').first().waitFor();
      await axe.check('ads directory');

      await page.getByRole('button', { name: /^Filter/ }).click();
      await page.getByRole('region', { name: 'Filters' }).waitFor();
      await axe.check('ads directory, filters open');
      await page.getByRole('button', { name: /^Filter/ }).click();

      // Selection warning and the bulk approve modal.
      await page.getByRole('button', { name: 'Approve', exact: true }).waitFor();
      await page.getByRole('checkbox', { name: 'Select all pending advertisements on this page' }).click();
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      const approve = dialog(/^Approve \d+ Advertisements$/);
      await approve.waitFor();
      await axe.check('bulk approve modal');
      await closeWith(approve);

      // Reject: reason missing, templates, confirmation.
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
      const reject = dialog(/^Reject \d+ Advertisements$/);
      await reject.waitFor();
      await reject.getByLabel('Reason for rejection').press('Control+Enter');
      await reject.getByRole('alert').waitFor();
      await axe.check('reject modal, reason missing');
      await reject.getByRole('button', { name: 'Manage reasons' }).click();
      const manage = dialog('Manage reasons');
      await manage.waitFor();
      await axe.check('manage reasons');
      await manage
        .getByRole('button', { name: /Add|Save/ })
        .first()
        .click();
      await axe.check('manage reasons, after an empty save');
      await closeWith(manage);
      // One dialog: the reason and the permanent-action confirmation together.
      await reject.getByLabel('Reason for rejection').fill('Duplicate listing');
      await axe.check('reject modal, with a reason');
      await closeWith(reject);
      await page.getByRole('checkbox', { name: 'Select all pending advertisements on this page' }).click();

      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      const shortcuts = dialog('Keyboard shortcuts');
      await shortcuts.waitFor();
      await axe.check('shortcuts');
      await closeWith(shortcuts);

      // Row menu, delete modal.
      const first = table.locator('tbody tr[aria-label]').first();
      await first.getByRole('button', { name: /^Actions for advertisement/ }).click();
      await page.getByRole('menu').waitFor();
      await axe.check('ads row menu');
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const del = dialog('Confirm Delete');
      await del.waitFor();
      await axe.check('delete modal');
      await closeWith(del);

      // Side panel and lightbox.
      await first.getByRole('button', { name: /^Actions for advertisement/ }).click();
      await page.getByRole('menuitem', { name: 'View' }).click();
      const panel = dialog('Ad Details/Image Review');
      await panel.waitFor();
      await axe.check('ad side panel');
      await panel
        .getByRole('button', { name: /^Enlarge image/ })
        .first()
        .click();
      const preview = dialog('Image preview');
      await preview.waitFor();
      await axe.check('image lightbox');
      await closeWith(preview);
      await closeWith(panel);

      await page.getByRole('searchbox', { name: 'Search advertisements' }).fill('zzzz no such advertisement');
      await page.getByText('No advertisements found matching your criteria').waitFor();
      await axe.check('ads directory, empty');

      const undo = await failing(/\/api\/advertisements\/list/);
      await page.goto('/app/ads-directory');
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      await axe.check('ads directory, failed');
      await undo();
      axe.done();
    },
    WALK_TIMEOUT,
  );

  it(
    'users: list, side panel, menus, bulk delete, user page, edit with errors, delete',
    async () => {
      const axe = checker();
      await page.goto('/app/users');
      const table = page.getByRole('table', { name: 'Users' });
      await table.locator('tbody tr[aria-label]').first().waitFor();
      await axe.check('users');

      const { users } = await api<UserListResponse>('/api/users?pageSize=10');
      const target = users.find((u) => !u.isAdmin) ?? users[0]!;
      const row = table.locator('tbody tr[aria-label]').first();
      await row.getByRole('button', { name: /^Actions for user/ }).click();
      await page.getByRole('menu').waitFor();
      await axe.check('users row menu');
      await page.getByRole('menuitem', { name: 'View' }).click();
      const panel = dialog('User Details');
      await panel.waitFor();
      await axe.check('user side panel');
      await closeWith(panel);

      await table.getByRole('checkbox', { name: 'Select all users on this page' }).click();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const bulkDialog = dialog(/^Delete \d+ users$/);
      await bulkDialog.waitFor();
      await axe.check('delete users modal');
      await closeWith(bulkDialog);
      await table.getByRole('checkbox', { name: 'Select all users on this page' }).click();

      await page.getByPlaceholder('Search by name, username, email, mobile or ID').fill('zzzz no such user');
      await page.getByText('No users found matching your search criteria.').waitFor();
      await axe.check('users, empty');

      await page.goto(`/app/users/${target._id}`);
      await page.getByRole('button', { name: 'Edit' }).waitFor();
      await axe.check('user page');
      await page.getByRole('button', { name: 'Edit' }).click();
      const edit = dialog('Edit User');
      await edit.waitFor();
      await axe.check('edit user');
      await edit.getByLabel('Password').fill('short');
      await edit.getByLabel('Email').fill('not an email');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.getByText('Password must be at least 8 characters').waitFor();
      await axe.check('edit user, errors shown');
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Delete' }).click();
      const del = dialog('Delete User');
      await del.waitFor();
      await axe.check('delete user');
      await del.getByRole('button', { name: 'Cancel' }).click();
      await del.waitFor({ state: 'detached' });

      const undo = await failing(/\/api\/users\?/);
      await page.goto('/app/users');
      await page.getByRole('alert').first().waitFor();
      await axe.check('users, failed');
      await undo();
      axe.done();
    },
    WALK_TIMEOUT,
  );

  it(
    'packages: list, view, form with errors, delete',
    async () => {
      const axe = checker();
      await page.goto('/app/packages');
      const table = page.getByRole('table').first();
      await table.locator('tbody tr').first().waitFor();
      await axe.check('packages');

      await checkRowDialog(axe, table, /^View /, 'package view');

      await page.getByRole('button', { name: 'Add Package' }).click();
      const form = dialog('Add Package');
      await form.waitFor();
      await axe.check('package form');
      await form.getByRole('button', { name: 'Add Package' }).click();
      await form.getByText('Package name is required').waitFor();
      await axe.check('package form, errors shown');
      await closeWith(form);

      await checkRowDialog(axe, table, /^Delete /, 'delete package', 'Delete Package');

      await page.getByPlaceholder('Search by PID, name, type or description').fill('zzzz no such package');
      await page.getByText(/No packages/i).waitFor();
      await axe.check('packages, empty');
      axe.done();
    },
    WALK_TIMEOUT,
  );

  it(
    'duties: empty, form with errors and the link dialog, list, view, delete',
    async () => {
      const axe = checker();
      await page.goto('/app/duties');
      await page.getByRole('heading', { level: 1, name: 'Duties and Responsibilities' }).waitFor();
      await page.getByRole('table', { name: 'Duties' }).waitFor();
      await axe.check('duties');

      await page.getByRole('button', { name: 'Add New' }).click();
      const form = dialog('Add New Duty');
      await form.waitFor();
      await axe.check('duty form');
      await form.getByRole('button', { name: 'Add Duty' }).click();
      await form.getByText('Title is required').waitFor();
      await axe.check('duty form, errors shown');
      await form.getByLabel('Title', { exact: true }).fill('Check electronics listings');
      await form.getByLabel('Description').fill('Phones and laptops must show the real model.');
      await form.getByLabel('Condition 1', { exact: true }).fill('every phone ad');
      await form.getByRole('group', { name: 'Condition 1 formatting' }).getByRole('button', { name: 'Link' }).click();
      const link = dialog('Insert link');
      await link.waitFor();
      await link.getByLabel('Link URL').fill('javascript:alert(1)');
      await link.getByRole('button', { name: 'Insert link' }).click();
      await link.getByRole('alert').first().waitFor();
      await axe.check('insert link, error shown');
      await link.getByRole('button', { name: 'Cancel' }).click();
      await link.waitFor({ state: 'detached' });
      await form.getByRole('button', { name: 'Add Duty' }).click();
      await form.waitFor({ state: 'detached' });

      const table = page.getByRole('table', { name: 'Duties' });
      await table.locator('tbody tr[aria-label]').first().waitFor();
      await axe.check('duties, loaded');
      await checkRowDialog(axe, table, /^View /, 'duty view');
      await checkRowDialog(axe, table, /^Delete /, 'delete duty', 'Delete Duty');
      axe.done();
    },
    WALK_TIMEOUT,
  );

  it(
    'banners: empty, form with errors, list, view, lightbox, delete',
    async () => {
      const axe = checker();
      await page.goto('/app/banners');
      await page.getByRole('heading', { level: 1, name: 'Banner Ads' }).waitFor();
      await page.getByRole('table', { name: 'Banner ads' }).waitFor();
      await axe.check('banners');

      await page.getByRole('button', { name: '+ Add New' }).click();
      const form = dialog('Add Banner Ad');
      await form.waitFor();
      await axe.check('banner form');
      await form.getByLabel('Start Date').fill('2026-12-20');
      await form.getByLabel('End Date').fill('2026-12-10');
      await form.getByRole('button', { name: 'Save' }).click();
      await form
        .getByText(/required|after|before/i)
        .first()
        .waitFor();
      await axe.check('banner form, errors shown');
      await closeWith(form);

      const body = new FormData();
      for (const [k, v] of Object.entries({
        name: 'Tea trails',
        description: 'Weekend tea-trail packages.',
        startDate: '2026-12-01',
        endDate: '2026-12-31',
        status: 'Active',
        placement: 'Search results',
      }))
        body.append(k, v);
      body.append('image', new Blob([new Uint8Array(images.png())], { type: 'image/png' }), 'b.png');
      await api<{ bannerAd: BannerAd }>('/api/banner-ads', { method: 'POST', body });
      await page.reload();
      const table = page.getByRole('table', { name: 'Banner ads' });
      await table.locator('tbody tr[aria-label]').first().waitFor();
      await axe.check('banners, loaded');
      await table.getByRole('button', { name: 'View Tea trails' }).click();
      const view = dialog('Banner Ad Details');
      await view.waitFor();
      await axe.check('banner view');
      await view.getByRole('button', { name: 'Enlarge image of Tea trails' }).click();
      const preview = dialog('Image preview');
      await preview.waitFor();
      await axe.check('banner lightbox');
      await closeWith(preview);
      await closeWith(view);
      await table.getByRole('button', { name: 'Delete Tea trails' }).click();
      const del = dialog('Delete banner ad');
      await del.waitFor();
      await axe.check('delete banner');
      await closeWith(del);
      axe.done();
      expect(errors.filter((e) => !/500|Internal Server Error/.test(e))).toEqual([]);
    },
    WALK_TIMEOUT,
  );
});
