import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adMessages, type AdListParams, type AdListResponse, type Advertisement } from '@backoffice/contract';
import { panelSettled, screenshot } from './support/browser';
import { e2eSuite } from './support/e2e';

/**
 * The ads moderation screen in Chromium against the real server and its demo ads (~300, docs/decisions/0015-demo-data-and-admins.md).
 * Targets are found through the API, then the screen is driven and the result checked through
 * the API again. Tests run in order and each picks fresh targets, so earlier changes do not matter.
 */
describe('Submitted Ads Directory in Chromium', () => {
  const e2e = e2eSuite();
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    ({ page, errors } = await e2e.signIn({ screen: ['Submitted Ads Directory', '**/app/ads-directory'] }));
    await rows().first().waitFor();
  });

  async function list(params: AdListParams = {}): Promise<AdListResponse> {
    const search = new URLSearchParams(
      Object.entries({ pageSize: 10, ...params }).map(([k, v]) => [k, String(v)] as [string, string]),
    );
    const res = await fetch(`${e2e.baseUrl}/api/advertisements/list?${search}`, { headers: { cookie: e2e.cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as AdListResponse;
  }

  async function count(q: string): Promise<number> {
    const res = await fetch(`${e2e.baseUrl}/api/advertisements/count?q=${encodeURIComponent(q)}`, {
      headers: { cookie: e2e.cookie },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { total: number }).total;
  }

  async function allAds(): Promise<Advertisement[]> {
    const out: Advertisement[] = [];
    for (let p = 1; ; p++) {
      const data = await list({ page: p, pageSize: 100 });
      out.push(...data.advertisements);
      if (out.length >= data.total!) return out;
    }
  }

  const idOf = (ad: Pick<Advertisement, '_id'>) => `#${ad._id.slice(-5)}`;
  const table = () => page.getByRole('table', { name: 'Advertisements' });
  const rows = () => table().locator('tbody tr[aria-label]');
  const rowOf = (ad: Advertisement) => table().getByRole('row', { name: new RegExp(`^${idOf(ad)} `) });
  const entries = (text: string) => page.getByText(text, { exact: true }).waitFor();
  const rowIds = async () => (await rows().allInnerTexts()).map((t) => t.match(/#[0-9a-f]{5}/)![0]);
  const search = async (text: string) => page.getByRole('searchbox', { name: 'Search advertisements' }).fill(text);
  const countCard = (label: string) =>
    page.getByRole('region', { name: 'Advertisement counts' }).getByText(label, { exact: true }).locator('xpath=..');

  async function openMenu(ad: Advertisement, item: string) {
    await rowOf(ad)
      .getByRole('button', { name: `Actions for advertisement ${idOf(ad)}` })
      .click();
    await page.getByRole('menuitem', { name: item }).click();
  }

  async function expectIdsShown(expected: Advertisement[]) {
    await expect.poll(rowIds).toEqual(expected.map(idOf));
  }

  it('shows the counts, the rows sorted newest first, formats and image errors', async () => {
    const data = await list();
    for (const [label, n] of Object.entries({
      Total: data.counts.total,
      Pending: data.counts.pending,
      Approved: data.counts.approved,
      Rejected: data.counts.rejected,
    }))
      await expect.poll(() => countCard(label).innerText()).toContain(n.toLocaleString('en-LK'));
    expect(data.counts.total).toBeGreaterThan(200);
    await expectIdsShown(data.advertisements);
    await entries(`Showing 1 to 10 of ${data.total} entries`);
    expect(await table().getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');
    // Checkboxes only on pending rows.
    const first = data.advertisements[0]!;
    const text = await rowOf(first).innerText();
    expect(text).toMatch(/(Digital|Regular)/);
    expect(text).toMatch(/[A-Z][a-z]{2} \d{4}, \d{1,2}/);
    for (const ad of data.advertisements)
      expect(await rowOf(ad).getByRole('checkbox').count()).toBe(ad.status === 'pending' ? 1 : 0);
    await screenshot(page, 'ads-directory');

    const broken = (await allAds()).find((ad) => ad.images[0]?.includes('missing'));
    expect(broken, 'the demo set has an ad with a broken first image').toBeDefined();
    await search(broken!.heading);
    await rowOf(broken!).getByRole('img', { name: 'Image Error' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('toggles sorting from the headers', async () => {
    await table().getByRole('button', { name: 'Date' }).click();
    await expectIdsShown((await list({ sort: 'postingDate', order: 'asc' })).advertisements);
    expect(await table().getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('ascending');
    for (const [label, sort] of [
      ['Heading', 'heading'],
      ['User', 'username'],
      ['Ad ID', 'id'],
      ['Type', 'adType'],
      ['Status', 'status'],
    ] as const) {
      await table().getByRole('button', { name: label, exact: true }).click();
      await expectIdsShown((await list({ sort, order: 'asc' })).advertisements);
      await table().getByRole('button', { name: label, exact: true }).click();
      await expectIdsShown((await list({ sort, order: 'desc' })).advertisements);
      const header = table().getByRole('columnheader', { name: label, exact: true });
      expect(await header.getAttribute('aria-sort')).toBe('descending');
    }
  });

  it('filters by status, category and district, searches, and pages', async () => {
    const status = page.getByRole('combobox', { name: 'Status' });
    await status.selectOption('pending');
    const pending = await list({ status: 'pending' });
    await expectIdsShown(pending.advertisements);
    await entries(`Showing 1 to 10 of ${pending.counts.pending} entries`);
    expect(await rows().getByText('Pending', { exact: true }).count()).toBe(10);

    await status.selectOption('all');
    await page.getByRole('button', { name: /^Filter/ }).click();
    const filters = page.getByRole('region', { name: 'Filters' });
    const facets = (await list()).facets;
    const category = facets.categories[0]!;
    await filters.getByRole('combobox', { name: 'Category' }).selectOption(category);
    const byCategory = await list({ category });
    const categoryTotal = byCategory.total!;
    await expectIdsShown(byCategory.advertisements);
    await entries(`Showing 1 to ${Math.min(10, categoryTotal)} of ${categoryTotal} entries`);

    const district = facets.districts[1]!;
    await filters.getByRole('combobox', { name: 'District' }).selectOption(district);
    await status.selectOption('approved');
    const combined = await list({ category, district, status: 'approved' });
    await expectIdsShown(combined.advertisements);
    for (const ad of combined.advertisements) {
      expect(ad).toMatchObject({ category, district, status: 'approved' });
    }

    await filters.getByRole('combobox', { name: 'Category' }).selectOption('');
    await filters.getByRole('combobox', { name: 'District' }).selectOption('');
    await status.selectOption('all');
    // The filters cleared on screen first: a search typed while they are still being applied can be lost.
    const unfiltered = (await list()).advertisements;
    await expectIdsShown(unfiltered);
    const word = unfiltered[3]!.heading.split(' ')[0]!;
    await search(word.toUpperCase());
    const found = await list({ q: word });
    await expectIdsShown(found.advertisements);
    const foundTotal = await count(word);
    await entries(`Showing 1 to ${Math.min(10, foundTotal)} of ${foundTotal} entries`);

    await search('');
    const total = (await list()).total!;
    const last = Math.ceil(total / 10);
    await entries(`Showing 1 to 10 of ${total} entries`);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expectIdsShown((await list({ page: 2 })).advertisements);
    await entries(`Showing 11 to 20 of ${total} entries`);
    await pager.getByRole('button', { name: 'Next page' }).click();
    await entries(`Showing 21 to 30 of ${total} entries`);
    // The browser pages by cursor; the same pages by number must hold the same ads.
    await expectIdsShown((await list({ page: 3 })).advertisements);
    expect(await pager.getByText('…').count()).toBe(1);
    await pager.getByRole('button', { name: 'Last page' }).click();
    await entries(`Showing ${(last - 1) * 10 + 1} to ${total} of ${total} entries`);
    await expectIdsShown((await list({ page: last })).advertisements);
    expect(await pager.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Previous page' }).click();
    await expectIdsShown((await list({ page: last - 1 })).advertisements);
    await pager.getByRole('button', { name: 'First page' }).click();
    await entries(`Showing 1 to 10 of ${total} entries`);
  });

  it('shows the empty state and Reset Filters brings everything back', async () => {
    await page.getByRole('combobox', { name: 'Status' }).selectOption('rejected');
    await search('no such advertisement anywhere');
    await page.getByText(adMessages.emptyState).waitFor();
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expectIdsShown((await list()).advertisements);
    expect(await page.getByRole('searchbox', { name: 'Search advertisements' }).inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('all');
  });

  it('approves one pending ad after the permanent-action confirmation', async () => {
    const before = await list({ status: 'pending' });
    const ad = before.advertisements[0]!;
    await openMenu(ad, 'Approve');
    const dialog = page.getByRole('dialog', { name: 'Approve Advertisement' });
    expect(await dialog.innerText()).toContain('can no longer change back to pending and can only be deleted');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await list({ status: 'pending' })).counts.pending).toBe(before.counts.pending);

    await openMenu(ad, 'Approve');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(adMessages.approvedOne).waitFor();
    await expect.poll(() => rowOf(ad).innerText()).toContain('Approved');
    const after = await list({ status: 'pending' });
    expect(after.counts.pending).toBe(before.counts.pending - 1);
    expect(after.counts.approved).toBe(before.counts.approved + 1);
    await expect.poll(() => countCard('Pending').innerText()).toContain(String(after.counts.pending));
    // Approved ads have no Approve or Reject any more.
    await rowOf(ad)
      .getByRole('button', { name: /Actions/ })
      .click();
    await expect.poll(() => page.getByRole('menuitem').allInnerTexts()).toEqual(['View', 'Delete']);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('rejects one ad with a reason; a blank reason keeps Reject disabled', async () => {
    const ad = (await list({ status: 'pending' })).advertisements[0]!;
    await openMenu(ad, 'Reject');
    const dialog = page.getByRole('dialog', { name: 'Reject Advertisement' });
    const reject = dialog.getByRole('button', { name: 'Reject' });
    expect(await reject.isDisabled()).toBe(true);
    const reason = dialog.getByLabel('Reason for rejection');
    await reason.fill('    ');
    expect(await reject.isDisabled()).toBe(true);
    await reason.press('Control+Enter');
    await dialog.getByText(adMessages.reasonRequired).waitFor();
    await reason.fill('Photos do not match the description');
    expect(await reject.isEnabled()).toBe(true);
    expect(await dialog.getByText(adMessages.reasonRequired).count()).toBe(0);
    await screenshot(page, 'ads-reject-modal');
    // One dialog: the permanent-action confirmation is in it, and Reject decides.
    expect(await dialog.innerText()).toContain('can no longer change back to pending');
    await reject.click();
    await page.getByText(adMessages.rejectedOne).waitFor();
    const stored = (await allAds()).find((a) => a._id === ad._id)!;
    expect(stored).toMatchObject({ status: 'rejected', rejectionReason: 'Photos do not match the description' });
  });

  it('bulk-approves the pending ads of a page with select-all', async () => {
    await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
    const before = await list({ status: 'pending' });
    await expectIdsShown(before.advertisements);
    const approve = page.getByRole('button', { name: 'Approve', exact: true });
    expect(await approve.isDisabled()).toBe(true);
    await table().getByRole('checkbox', { name: 'Select all pending advertisements on this page' }).check();
    await page.getByText('10 selected').waitFor();
    await approve.click();
    const dialog = page.getByRole('dialog', { name: 'Approve 10 Advertisements' });
    expect(await dialog.innerText()).toContain('these 10 advertisements');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(adMessages.approvedMany(10, 0)).waitFor();
    const ids = new Set(before.advertisements.map((a) => a._id));
    const approved = (await allAds()).filter((a) => ids.has(a._id));
    expect(approved.map((a) => a.status)).toEqual(Array(10).fill('approved'));
    expect((await list()).counts.pending).toBe(before.counts.pending - 10);
    expect(await approve.isDisabled()).toBe(true);
  });

  it('bulk-rejects selected ads with one reason', async () => {
    const { advertisements } = await list();
    const pending = advertisements.filter((a) => a.status === 'pending');
    const targets = pending.length >= 2 ? pending.slice(0, 2) : (await list({ status: 'pending' })).advertisements;
    if (pending.length < 2) await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
    const chosen = targets.slice(0, 2);
    for (const ad of chosen) await rowOf(ad).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject 2 Advertisements' });
    await dialog.getByLabel('Reason for rejection').fill('Duplicate listings');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText(adMessages.rejectedMany(2, 0)).waitFor();
    const all = await allAds();
    for (const ad of chosen)
      expect(all.find((a) => a._id === ad._id)).toMatchObject({
        status: 'rejected',
        rejectionReason: 'Duplicate listings',
      });
  });

  it('deletes an ad after Confirm Delete', async () => {
    const before = await list();
    const ad = before.advertisements[1]!;
    await openMenu(ad, 'Delete');
    const dialog = page.getByRole('dialog', { name: 'Confirm Delete' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(adMessages.deleted).waitFor();
    await rowOf(ad).waitFor({ state: 'detached' });
    const after = await list();
    expect(after.counts.total).toBe(before.counts.total - 1);
    expect((await allAds()).some((a) => a._id === ad._id)).toBe(false);
  });

  it('removes images in the side panel: Cancel reverts, closing asks, Save stores', async () => {
    const ad = (await allAds()).find((a) => a.images.length >= 3 && !a.images.some((i) => i.includes('missing')))!;
    await search(ad.heading);
    await rowOf(ad).click();
    const panel = page.getByRole('dialog', { name: 'Ad Details/Image Review' });
    await panel.waitFor();
    const images = panel.getByRole('list', { name: 'Images' }).getByRole('listitem');
    expect(await images.count()).toBe(ad.images.length);
    await expect
      .poll(() => panel.locator('img').evaluateAll((els) => els.every((e) => (e as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    await panelSettled(panel);
    await screenshot(page, 'ads-side-panel');

    const save = panel.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await panel.getByRole('button', { name: 'Remove image 1' }).click();
    await panel.getByText('Images modified').waitFor();
    expect(await images.count()).toBe(ad.images.length - 1);
    await panel.getByRole('button', { name: 'Cancel' }).click();
    expect(await images.count()).toBe(ad.images.length);
    expect(await save.isDisabled()).toBe(true);

    await panel.getByRole('button', { name: 'Enlarge image 2' }).click();
    const preview = page.getByRole('dialog', { name: 'Image preview' });
    await preview.waitFor();
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    expect(await panel.isVisible()).toBe(true);

    // Unsaved removal: the browser's confirm; dismissing keeps the panel open.
    await panel.getByRole('button', { name: 'Remove image 2' }).click();
    const questions: string[] = [];
    page.once('dialog', (d) => {
      questions.push(d.message());
      void d.dismiss();
    });
    await panel.getByRole('button', { name: 'Close panel' }).click();
    expect(questions).toEqual([adMessages.unsavedImages]);
    expect(await panel.isVisible()).toBe(true);

    await save.click();
    await page.getByText(adMessages.imagesUpdated).waitFor();
    const stored = (await allAds()).find((a) => a._id === ad._id)!;
    expect(stored.images).toEqual(ad.images.filter((_, i) => i !== 1));
    expect(await images.count()).toBe(ad.images.length - 1);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
