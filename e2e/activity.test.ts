import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  adMessages,
  type ActivityResponse,
  type AdListResponse,
  type Advertisement,
  type PublicUser,
} from '@backoffice/contract';
import { screenshot } from './support/browser';
import { e2eSuite } from './support/e2e';

/**
 * The audit trail's screens in Chromium against the real server and its demo data: an ad rejected
 * in the directory shows in its side panel's History and in the Activity Log, whose filters and
 * row links are then used.
 */
describe('Activity Log and ad history in Chromium', () => {
  const e2e = e2eSuite();
  let page: Page;
  let errors: string[];
  let me: PublicUser;
  /** Rejected through the screen by the first test; the others look for it. */
  let rejected: Advertisement;
  const REASON = 'Photos do not match the description';

  const api = <T>(path: string, init?: RequestInit) => e2e.api<T>(path, init);

  beforeAll(async () => {
    me = await api<PublicUser>('/api/auth/session');
    // A pending ad whose heading no other ad contains, so a search finds it alone.
    const pending = await api<AdListResponse>('/api/advertisements/list?status=pending&pageSize=100');
    for (const ad of pending.advertisements) {
      const same = await api<AdListResponse>(`/api/advertisements/list?q=${encodeURIComponent(ad.heading)}`);
      if (same.advertisements.length === 1) {
        rejected = ad;
        break;
      }
    }
    expect(rejected, 'a pending demo ad with a heading of its own').toBeDefined();
  });
  beforeEach(async () => {
    ({ page, errors } = await e2e.signIn());
  });

  const adminName = () => me.name?.trim() || me.username;
  const logRows = () => page.getByRole('table', { name: 'Activity Log' }).locator('tbody tr');
  const history = () =>
    page.getByRole('dialog', { name: 'Ad Details/Image Review' }).getByRole('list', { name: 'History' });

  it('rejects an ad in the directory and shows the decision in its side panel history', async () => {
    await page.goto(`/app/ads-directory?q=${encodeURIComponent(rejected.heading)}`);
    const table = page.getByRole('table', { name: 'Advertisements' });
    const row = table.locator('tbody tr[aria-label]').first();
    await expect.poll(() => table.locator('tbody tr[aria-label]').count()).toBe(1);
    await row.getByRole('button', { name: /^Actions for advertisement/ }).click();
    await page.getByRole('menuitem', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Advertisement' });
    await dialog.getByLabel('Reason for rejection').fill(REASON);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText(adMessages.rejectedOne).waitFor();

    await row.click();
    const item = history().getByRole('listitem').filter({ hasText: 'Rejected' });
    await item.waitFor();
    expect(await item.innerText()).toContain(`Rejected by ${adminName()}`);
    expect(await item.innerText()).toContain(REASON);
    // The server's history and the timeline agree, oldest first.
    const answer = await api<{ events: { action: string }[] }>(`/api/advertisements/${rejected._id}/history`);
    await expect.poll(() => history().getByRole('listitem').count()).toBe(answer.events.length);
    // The decision is the last entry, apart from the message it sent the advertiser.
    expect(answer.events.filter((e) => e.action !== 'notified').at(-1)!.action).toBe('rejected');

    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'ad-history-1440');
    await page.setViewportSize({ width: 1024, height: 768 });
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'ad-history-1024');
    expect(errors).toEqual([]);
  });

  it('reaches the Activity Log from the dashboard, filters it, and follows a row to the ad', async () => {
    await page.getByRole('region', { name: 'Recent Activities' }).getByRole('link', { name: 'View All' }).click();
    await page.waitForURL('**/app/activity');
    await page.getByRole('heading', { level: 1, name: 'Activity Log' }).waitFor();
    // Newest first: the latest entries are this test's sign-in and the rejection before it.
    const latest = await api<ActivityResponse>('/api/activity?pageSize=10');
    await expect.poll(() => logRows().count()).toBe(latest.events.length);
    await expect.poll(async () => (await logRows().first().innerText()).replace(/\s+/g, ' ')).toContain(adminName());

    // Filter: ads, rejected, this admin, searched by the heading.
    await page.getByRole('combobox', { name: 'Entity' }).selectOption('ad');
    await page.getByRole('combobox', { name: 'Action' }).selectOption('rejected');
    await page.getByRole('combobox', { name: 'Admin' }).selectOption(me._id);
    await page.getByRole('searchbox', { name: 'Search activity' }).fill(rejected.heading);
    await page.waitForURL((url) => url.searchParams.get('q') === rejected.heading);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      entity: 'ad',
      action: 'rejected',
      actor: me._id,
      q: rejected.heading,
    });
    // One row, with the reason: the three filters before the search already showed that row, and
    // the search then reloads the table (skeleton rows), so a row count alone can pass too early.
    await expect.poll(async () => (await logRows().allInnerTexts()).map((t) => t.includes(REASON))).toEqual([true]);
    const row = logRows().first();
    await screenshot(page, 'activity-log-1440');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'activity-log-1024');

    // A reload keeps the filters (they live in the URL).
    await page.reload();
    await expect.poll(() => logRows().count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Action' }).inputValue()).toBe('rejected');

    // The row leads to the ads directory searching that ad, with its side panel open.
    await row.getByRole('link', { name: rejected.heading }).click();
    await page.waitForURL('**/app/ads-directory?**');
    const panel = page.getByRole('dialog', { name: 'Ad Details/Image Review' });
    await panel.getByRole('heading', { name: rejected.heading }).waitFor();
    await history().getByRole('listitem').filter({ hasText: REASON }).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the advertiser’s decisions on the user detail page and links to the filtered log', async () => {
    const users = await api<{ users: PublicUser[] }>(`/api/users?q=${encodeURIComponent(rejected.username)}`);
    const advertiser = users.users.find((u) => u.username === rejected.username);
    expect(advertiser, 'the ad’s advertiser').toBeDefined();
    await page.goto(`/app/users/${advertiser!._id}`);
    const decisions = page.getByRole('table', { name: 'Moderation decisions' });
    await decisions.getByText(rejected.heading).first().waitFor();
    await page.getByRole('link', { name: 'View all in the activity log' }).click();
    await page.waitForURL('**/app/activity?**');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      entity: 'ad',
      advertiser: advertiser!._id,
    });
    await logRows().filter({ hasText: rejected.heading }).first().waitFor();
    expect(errors).toEqual([]);
  });
});
