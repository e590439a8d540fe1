import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdListResponse, DashboardResponse, NotificationsResponse, PublicUser } from '@backoffice/contract';
import { screenshot } from './support/browser';
import { e2eSuite } from './support/e2e';

/**
 * The dashboard, the header bar and Common Notification in Chromium against the real server and
 * its demo data (docs/decisions/0007-dashboard.md, docs/decisions/0015-demo-data-and-admins.md). Every figure on screen is compared with the API's answer.
 */
describe('Dashboard in Chromium', () => {
  const e2e = e2eSuite();
  let page: Page;
  let errors: string[];

  const api = <T>(path: string, init?: RequestInit) => e2e.api<T>(path, init);

  beforeAll(async () => {
    // The demo set has no moderation history yet: approve one pending ad and reject another.
    const pending = await api<AdListResponse>('/api/advertisements/list?status=pending&pageSize=2');
    const [first, second] = pending.advertisements;
    await api(`/api/advertisements/${first!._id}/status`, {
      method: 'PUT',
      body: JSON.stringify({ status: 'approved' }),
    });
    await api(`/api/advertisements/${second!._id}/status`, {
      method: 'PUT',
      body: JSON.stringify({ status: 'rejected', rejectionReason: 'Duplicate advertisement' }),
    });
  });
  beforeEach(async () => {
    ({ page, errors } = await e2e.signIn());
  });

  const region = (name: string) => page.getByRole('region', { name });
  const count = (n: number) => n.toLocaleString('en-LK');
  /** The legend rows the screen should show for an answer: name, count, share. */
  const expectedLegend = (d: DashboardResponse) =>
    d.adsSubmitted.slices.map(
      (s) => `${s.name}${count(s.value)}${Math.round((s.value / d.adsSubmitted.total) * 100)}%`,
    );

  it('shows the real figures of GET /api/dashboard in the cards, panels and charts', async () => {
    const summary = region('Summary');
    await summary.getByText('Pending Ads', { exact: true }).waitFor();
    const data = await api<DashboardResponse>('/api/dashboard?period=week');
    const { cards } = data;
    // The whole card: its label is a link now (issue 32.5), so the text's parent is not the card.
    const card = (label: string) =>
      summary.getByText(label, { exact: true }).locator('xpath=ancestor::div[parent::section][1]');
    await expect
      .poll(() => card('Pending Ads').textContent())
      .toBe(`Pending Ads${count(cards.pending)}(${cards.pendingHighPriority} High Priority)`);
    expect(await card('Approved Ads').textContent()).toBe(
      `Approved Ads${count(cards.approved)}(${cards.approvedToday} Added Today)`,
    );
    expect(await card('Rejected Ads').textContent()).toBe(
      `Rejected Ads${count(cards.rejected)}(${cards.rejectedLast30Days} last 30 days)`,
    );
    expect(await card('Verify Advertiser').textContent()).toBe(
      `Verify Advertiser${count(cards.unverifiedAdvertisers)}(${cards.advertisersNewToday} New Today)`,
    );
    expect(cards.pending + cards.approved + cards.rejected).toBe(300);
    expect(cards.approvedToday).toBeGreaterThanOrEqual(1); // the approval made in beforeAll

    // Recent Activities: the two moderations done above, newest first.
    const activities = region('Recent Activities').getByRole('listitem');
    expect(await activities.count()).toBe(data.recentActivities.length);
    expect(data.recentActivities.map((a) => a.action).slice(0, 2)).toEqual(['reject', 'approve']);
    expect(await activities.first().textContent()).toContain(`rejected ${data.recentActivities[0]!.adHeading}`);

    // Ads Submitted: the legend is the API's slices; the donut draws one sector per slice.
    const legend = region('Ads Submitted').getByRole('list', { name: 'Ads Submitted legend' }).getByRole('listitem');
    expect(await legend.allTextContents()).toEqual(expectedLegend(data));
    if (data.adsSubmitted.total > 0) {
      await expect
        .poll(() => region('Ads Submitted').locator('.recharts-pie-sector').count())
        .toBe(data.adsSubmitted.slices.length);
    }

    // Revenue: the current year's label, the Sales legend and twelve bars' values.
    const year = data.revenue.year;
    await region('Revenue').getByText(`Jan ${year} - Dec ${year}`, { exact: true }).waitFor();
    await region('Revenue').getByText('Sales', { exact: true }).first().waitFor();
    const revenueRows = await region('Revenue').locator('tbody tr').allTextContents();
    expect(revenueRows).toEqual(
      data.revenue.months.map((m) => `${m.month}LKR ${m.sales.toLocaleString('en-LK', { maximumFractionDigits: 2 })}`),
    );
    // One bar per month with sales (recharts draws nothing for a zero).
    await expect
      .poll(() => region('Revenue').locator('.recharts-bar-rectangle').count())
      .toBe(data.revenue.months.filter((m) => m.sales > 0).length);

    // This month Progress.
    const gauge = region('This month Progress').getByRole('meter');
    expect(await gauge.getAttribute('aria-valuenow')).toBe(String(data.monthProgress.moderatedPercent));
    expect(await gauge.textContent()).toContain(count(data.monthProgress.submitted));
    expect(await region('This month Progress').textContent()).toContain(
      `Regular Ads${data.monthProgress.regularPercent}%Digital Ads${data.monthProgress.digitalPercent}%`,
    );

    await screenshot(page, 'dashboard');
    await region('Revenue').scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-revenue');
    expect(errors).toEqual([]);
  });

  it('changes the donut when the period changes', async () => {
    const legend = region('Ads Submitted').getByRole('list', { name: 'Ads Submitted legend' }).getByRole('listitem');
    await region('Summary').getByText('Pending Ads', { exact: true }).waitFor();
    const [week, year] = await Promise.all([
      api<DashboardResponse>('/api/dashboard?period=week'),
      api<DashboardResponse>('/api/dashboard?period=year'),
    ]);
    expect(year.adsSubmitted.total).toBeGreaterThan(week.adsSubmitted.total);
    const select = region('Ads Submitted').getByRole('combobox', { name: 'Period' });
    expect(await select.locator('option').allTextContents()).toEqual(['This Week', 'This Month', 'This Year']);
    expect(expectedLegend(year)).not.toEqual(expectedLegend(week));
    await expect.poll(() => legend.allTextContents()).toEqual(expectedLegend(week));
    await select.selectOption({ label: 'This Year' });
    await expect.poll(() => legend.allTextContents()).toEqual(expectedLegend(year));
    await region('Ads Submitted').getByText(count(year.adsSubmitted.total), { exact: true }).waitFor();
    await screenshot(page, 'dashboard-this-year');
    expect(errors).toEqual([]);
  });

  it('header search opens the ads directory searching that text', async () => {
    const target = (await api<AdListResponse>('/api/advertisements/list?pageSize=1&sort=heading&order=asc'))
      .advertisements[0]!;
    const words = target.heading.split(' ').slice(0, 2).join(' ');
    const expected = await api<AdListResponse>(`/api/advertisements/list?q=${encodeURIComponent(words)}`);
    const box = page.getByRole('searchbox', { name: 'Search the ads directory' });
    expect(await box.getAttribute('placeholder')).toBe('Search for...');
    await box.fill(words);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/app/ads-directory');
    expect(new URL(page.url()).searchParams.get('q')).toBe(words);
    expect(await page.getByRole('searchbox', { name: 'Search advertisements' }).inputValue()).toBe(words);
    const rows = page.getByRole('table', { name: 'Advertisements' }).locator('tbody tr[aria-label]');
    // The directory opens with the search already applied: no unfiltered page comes first.
    await expect.poll(() => rows.count()).toBe(Math.min(10, expected.advertisements.length));
    const headings = await rows.allInnerTexts();
    for (const ad of expected.advertisements.slice(0, 10)) {
      expect(headings.some((h) => h.includes(ad.heading))).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('bell shows the unread dot, opens Common Notification, and the dot goes once seen', async () => {
    const bell = page.getByRole('link', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications (unread)');
    await bell.locator('[data-testid="unread-dot"]').waitFor();
    await bell.click();
    await page.waitForURL('**/app/notifications');
    await page.getByRole('heading', { level: 1, name: 'Common Notification' }).waitFor();
    const feed = await api<NotificationsResponse>('/api/notifications');
    const items = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(feed.notifications.length);
    expect(await items.first().textContent()).toContain(feed.notifications[0]!.adHeading);
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    expect(await bell.locator('[data-testid="unread-dot"]').count()).toBe(0);
    await screenshot(page, 'notifications');

    // Seen stays seen after a reload (the store is persisted).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Common Notification' }).waitFor();
    // The feed is back (its items are listed), so the bell shows what the restored store says of it.
    await expect.poll(() => items.count()).toBe(feed.notifications.length);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');
    expect(errors).toEqual([]);
  });

  it('user badge shows the signed-in admin', async () => {
    const me = await api<PublicUser>('/api/auth/session');
    const name = me.name?.trim() || me.username;
    const badge = page.getByRole('group', { name: `Signed in as ${name}` });
    await badge.waitFor();
    const words = name.split(/[\s._-]+/).filter(Boolean);
    const initials = (words.length >= 2 ? words[0]![0]! + words[1]![0]! : words[0]!.slice(0, 2)).toUpperCase();
    // The badge opens one's self-service menu, named by its text (a screen reader hears the prefix).
    expect(await badge.textContent()).toBe(`Your account: ${initials}${name}`);
    const button = badge.getByRole('button', { name: /^Your account/ });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: /^Your account/ });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Account', 'Sessions', 'Sign out']);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await button.click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL('**/app/account');
    expect(errors).toEqual([]);
  });

  it('user menu at 390×844 and 1280×720 (screenshots)', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 720 },
    ]) {
      const sized = await e2e.signIn({ context: { viewport } });
      await sized.page.getByRole('button', { name: /^Your account/ }).click();
      const menu = sized.page.getByRole('menu', { name: /^Your account/ });
      await menu.waitFor();
      const box = (await menu.boundingBox())!;
      // Whole and on screen at both sizes.
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await screenshot(sized.page, `user-menu-${viewport.width}x${viewport.height}`);
      expect(sized.errors).toEqual([]);
    }
  });
});
