import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import {
  adMessages,
  exportText,
  userConfirmText,
  type AdListResponse,
  type Advertisement,
  type UserListResponse,
} from '@backoffice/contract';
import { screenshot } from './support/browser';
import { e2eSuite } from './support/e2e';

/**
 * Exports, the Data Extract screen, select all matching and bulk delete in Chromium against the real
 * server and its demo data (docs/decisions/0015-demo-data-and-admins.md). Downloads are real: the file
 * the browser saves is read back with a CSV parser and compared with what the API lists.
 */
describe('Exports and bulk actions in Chromium', () => {
  const e2e = e2eSuite();
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    ({ page, errors } = await e2e.signIn({ context: { acceptDownloads: true } }));
  });

  const api = <T>(path: string, init?: RequestInit) => e2e.api<T>(path, init);

  /** Every ad the list gives for these filters, page by page. */
  async function allAds(params: Record<string, string>): Promise<Advertisement[]> {
    const out: Advertisement[] = [];
    for (let p = 1; ; p++) {
      const search = new URLSearchParams({ ...params, page: String(p), pageSize: '100' });
      const data = await api<AdListResponse>(`/api/advertisements/list?${search}`);
      out.push(...data.advertisements);
      if (data.advertisements.length < 100) return out;
    }
  }

  async function pendingCount(params: Record<string, string> = {}): Promise<number> {
    const search = new URLSearchParams({ status: 'pending', ...params });
    return (await api<{ total: number }>(`/api/advertisements/count?${search}`)).total;
  }

  /** The saved file of a download, parsed (the BOM dropped, the header row as keys). */
  async function csvOf(download: Download): Promise<{ raw: Buffer; rows: Record<string, string>[] }> {
    const file = await download.path();
    const raw = fs.readFileSync(file);
    return { raw, rows: parse(raw, { bom: true, columns: true, skip_empty_lines: true }) };
  }

  const format = (n: number) => n.toLocaleString('en-LK');

  async function openAds() {
    await page.getByRole('navigation').getByRole('link', { name: 'Submitted Ads Directory' }).click();
    await page.waitForURL('**/app/ads-directory');
    await page.getByRole('table', { name: 'Advertisements' }).locator('tbody tr[aria-label]').first().waitFor();
  }

  /** The category with the most pending ads, and how many. */
  async function busiestCategory(): Promise<{ category: string; pending: number }> {
    const { facets } = await api<AdListResponse>('/api/advertisements/list?pageSize=1');
    let best = { category: '', pending: -1 };
    for (const category of facets.categories) {
      const pending = await pendingCount({ category });
      if (pending > best.pending) best = { category, pending };
    }
    return best;
  }

  it('downloads the CSV of the filtered directory from Export as, with every matching ad', async () => {
    await openAds();
    const { category } = await busiestCategory();
    await page.getByRole('button', { name: /^Filter/ }).click();
    const filters = page.getByRole('region', { name: 'Filters' });
    await filters.getByRole('combobox', { name: 'Category' }).selectOption(category);
    await page.getByRole('button', { name: /^Filter 1 active$/ }).waitFor();

    const expected = await allAds({ category, status: 'all', sort: 'postingDate', order: 'desc' });
    expect(expected.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: exportText.exportAs }).click();
    const item = page.getByRole('menuitem', { name: exportText.exportAds(format(expected.length)) });
    await item.waitFor();
    await screenshot(page, 'exports-menu-1440');
    // A resize closes the menu (it would float away from its button): open it again.
    await page.setViewportSize({ width: 1024, height: 768 });
    await item.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: exportText.exportAs }).click();
    await item.waitFor();
    await screenshot(page, 'exports-menu-1024');

    const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
    expect(download.suggestedFilename()).toMatch(/^ads-\d{4}-\d{2}-\d{2}\.csv$/);
    const { raw, rows } = await csvOf(download);
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(rows.map((r) => r.id)).toEqual(expected.map((a) => a._id));
    expect(rows.map((r) => r.heading)).toEqual(expected.map((a) => a.heading));
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set([category]));
    expect(errors).toEqual([]);
  });

  it('extracts a dataset on the Data Extract screen: the count first, then the file with its rows', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Data Extract' }).click();
    await page.waitForURL('**/app/data-extract');
    await page.getByRole('combobox', { name: exportText.dataset }).selectOption('advertisers');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
    const verified = await api<{ total: number }>('/api/users/count?status=active');
    await page.getByText(exportText.matching(format(verified.total)), { exact: true }).waitFor();
    await screenshot(page, 'data-extract-1440');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: exportText.download }).click(),
    ]);
    const { rows } = await csvOf(download);
    expect(rows).toHaveLength(verified.total);
    expect(rows.every((r) => r.verified === 'true')).toBe(true);
    const listed = await api<UserListResponse>('/api/users?status=active&pageSize=100');
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(listed.users.map((u) => u._id)));
    await page
      .getByText(new RegExp(`^Downloaded: ${format(verified.total)} of ${format(verified.total)} rows`))
      .waitFor();
    const bar = page.getByRole('progressbar', { name: 'Download progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBe(String(verified.total));
    await screenshot(page, 'data-extract-done-1440');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'data-extract-1024');

    // The activity log: its count, then a file with as many entries.
    await page.getByRole('combobox', { name: exportText.dataset }).selectOption('activity');
    const activity = await api<{ total: number }>('/api/data-extract/activity/count');
    expect(activity.total).toBeGreaterThan(0);
    await page.getByText(exportText.matching(format(activity.total))).waitFor();
    const [entries] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: exportText.download }).click(),
    ]);
    expect((await csvOf(entries)).rows.length).toBe(activity.total);
    expect(errors).toEqual([]);
  });

  it('selects all pending ads matching the filter and approves them in batches', async () => {
    await openAds();
    const { category, pending } = await busiestCategory();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
    await page.getByRole('button', { name: /^Filter/ }).click();
    const filters = page.getByRole('region', { name: 'Filters' });
    await filters.getByRole('combobox', { name: 'Category' }).selectOption(category);
    const selectAll = page.getByRole('checkbox', { name: 'Select all pending advertisements on this page' });
    // Status is in the toolbar: Filter counts only its panel's Category and District.
    await page.getByRole('button', { name: /^Filter 1 active$/ }).waitFor();
    await page.getByText(`of ${pending} entries`, { exact: false }).waitFor();
    await selectAll.check();
    if (pending <= 10) {
      // Everything matching is on the page: there is nothing more to offer.
      expect(await page.getByRole('button', { name: /pending ads matching this filter/ }).count()).toBe(0);
      return;
    }
    const offer = page.getByRole('button', { name: exportText.selectAllMatching(format(pending)) });
    await offer.waitFor();
    await screenshot(page, 'select-all-matching-1440');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'select-all-matching-1024');
    await offer.click();
    await page.getByText(exportText.allMatchingSelected(format(pending))).waitFor();
    await page.getByText(`${pending} selected`).waitFor();
    await page.getByRole('button', { name: 'Approve', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(adMessages.approvedMany(pending, 0)).waitFor();
    expect(await pendingCount({ category })).toBe(0);
    expect(errors).toEqual([]);
  });

  it('deletes the selected advertisers and their ads after a confirmation', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'User Management' }).click();
    await page.waitForURL('**/app/users');
    const table = page.getByRole('table', { name: 'Users' });
    await table.locator('tbody tr[aria-label]').first().waitFor();
    const first = await api<UserListResponse>('/api/users?pageSize=10');
    const targets = first.users.slice(0, 2);
    for (const u of targets)
      await table
        .getByRole('row', { name: new RegExp(`^${u._id.slice(0, 5)} `) })
        .getByRole('checkbox')
        .check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: userConfirmText.deleteManyTitle(2) });
    // Named, with the ads that go with them (issue 32.7).
    const ads = targets.reduce((n, u) => n + u.adStats.approved + u.adStats.pending + u.adStats.rejected, 0);
    await dialog.getByText(userConfirmText.deleteMany(ads)).waitFor();
    for (const u of targets) await dialog.getByText(`(@${u.username})`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(exportText.bulkDeleted(2, 0)).waitFor();
    for (const u of targets) {
      const res = await fetch(`${e2e.baseUrl}/api/users/${u._id}`, { headers: { cookie: e2e.cookie } });
      expect(res.status).toBe(404);
      const ads = await api<AdListResponse>(
        `/api/advertisements/list?q=${encodeURIComponent(u.username)}&pageSize=100`,
      );
      expect(ads.advertisements.filter((a) => a.userId === u._id)).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
});
