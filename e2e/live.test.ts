import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { liveText, type AdListResponse, type Advertisement, type PublicUser } from '@backoffice/contract';
import { screenshot } from './support/browser';
import { ADMIN, startServer } from './support/server-process';
import { e2eSuite } from './support/e2e';
import { adminApi, promoteSecondAdmin, SECOND_PASSWORD } from './support/second-admin';

/**
 * A moderation team at once, in Chromium against the real server: two admins in two browser
 * contexts see each other's claims and decisions without reloading, and the review shortcuts work
 * in a real browser.
 */
describe('Live moderation queue in Chromium', () => {
  const e2e = e2eSuite();
  let second: PublicUser;

  const api = <T>(path: string, init?: RequestInit) => adminApi<T>(e2e, path, init);

  async function oldestPending(): Promise<Advertisement[]> {
    const { body } = await api<AdListResponse>(
      '/api/advertisements/list?status=pending&sort=postingDate&order=asc&pageSize=10',
    );
    return body.advertisements;
  }

  /** A signed-in admin's page on the directory, showing the review queue oldest first. */
  async function openQueue(email: string, password: string, viewport = { width: 1440, height: 900 }) {
    // Several admins at once: each page stays open until the suite ends.
    const { page, errors } = await e2e.signIn({
      email,
      password,
      context: { viewport },
      keepPrevious: true,
      screen: ['Submitted Ads Directory', '**/app/ads-directory'],
    });
    const views = page.getByRole('navigation', { name: 'Views' });
    await views.getByRole('link', { name: liveText.pendingOldestFirst }).click();
    await views.locator('[aria-current="page"]', { hasText: liveText.pendingOldestFirst }).waitFor();
    const first = (await oldestPending())[0]!;
    await rowOf(page, first).waitFor();
    return { page, errors };
  }

  const idOf = (ad: Pick<Advertisement, '_id'>) => `#${ad._id.slice(-5)}`;
  const table = (page: Page) => page.getByRole('table', { name: 'Advertisements' });
  const rowOf = (page: Page, ad: Advertisement) => table(page).getByRole('row', { name: new RegExp(`^${idOf(ad)} `) });
  const focusedAdId = (page: Page) =>
    page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.adId ?? null);

  beforeAll(async () => {
    second = await promoteSecondAdmin(e2e);
  });

  it("shows another admin's claim and decision without a reload", async () => {
    const a = await openQueue(ADMIN.email, ADMIN.password);
    const b = await openQueue(second.email, SECOND_PASSWORD);
    const target = (await oldestPending())[0]!;
    const secondName = second.name ?? second.username;
    const pendingCard = a.page
      .getByRole('region', { name: 'Advertisement counts' })
      .getByText('Pending', { exact: true })
      .locator('xpath=..');
    const pendingBefore = Number((await pendingCard.innerText()).replace(/\D/g, ''));

    // B opens the ad: A sees who is reviewing it, and cannot tick it.
    await rowOf(b.page, target).click();
    await b.page.getByRole('dialog', { name: 'Ad Details/Image Review' }).waitFor();
    const badge = rowOf(a.page, target).getByText(liveText.beingReviewedBy(secondName));
    await badge.waitFor();
    expect(await rowOf(a.page, target).getByRole('checkbox').isDisabled()).toBe(true);
    // A's select-all skips it: the others are ticked, the held one is not.
    const selectAll = a.page.getByRole('checkbox', { name: 'Select all pending advertisements on this page' });
    await selectAll.click();
    expect(await selectAll.isChecked()).toBe(true);
    expect(await rowOf(a.page, target).getByRole('checkbox').isChecked()).toBe(false);
    await selectAll.click();
    await screenshot(a.page, 'live-claim-badge-1440');
    await a.page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(a.page, 'live-claim-badge-1024');
    await a.page.setViewportSize({ width: 1440, height: 900 });

    // A opening the same ad is told, and may take it over only after confirming.
    await rowOf(a.page, target).click();
    const panelA = a.page.getByRole('dialog', { name: 'Ad Details/Image Review' });
    await panelA.getByText(liveText.beingReviewedBy(secondName)).waitFor();
    // A takes it over: B's open panel says so at once, from the event (not at its next renewal).
    a.page.once('dialog', (d) => void d.accept());
    await panelA.getByRole('button', { name: liveText.takeOver }).click();
    await panelA.getByText(liveText.beingReviewedBy(secondName)).waitFor({ state: 'detached' });
    const panelB = b.page.getByRole('dialog', { name: 'Ad Details/Image Review' });
    await panelB.getByText(/^Being reviewed by /).waitFor();
    await panelB.getByRole('button', { name: liveText.takeOver }).waitFor();
    await panelA.getByRole('button', { name: 'Close panel' }).click();
    await panelA.waitFor({ state: 'detached' });

    // Both panels closed: A released its claim, B had none to release; the badges go.
    await b.page.keyboard.press('Escape');
    await badge.waitFor({ state: 'detached' });
    await rowOf(b.page, target)
      .getByText(/^Being reviewed by /)
      .waitFor({ state: 'detached' });
    // The panel slides out before it goes; shortcuts wait for it.
    await panelB.waitFor({ state: 'detached' });

    // B approves with the keyboard; A sees it, with who did it, and the counts move.
    await rowOf(b.page, target).focus();
    await b.page.keyboard.press('a');
    const approve = b.page.getByRole('dialog', { name: 'Approve Advertisement' });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await approve.waitFor({ state: 'detached' });
    await rowOf(a.page, target).getByText(liveText.decidedBy('approved', secondName)).waitFor();
    expect(await rowOf(a.page, target).getByText('Approved', { exact: true }).isVisible()).toBe(true);
    await expect.poll(async () => Number((await pendingCard.innerText()).replace(/\D/g, ''))).toBe(pendingBefore - 1);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  // Stops and starts the server: on a busy machine a start alone can take a minute (a hang guard).
  it('picks the stream up again after a server restart, with no reload', { timeout: 240_000 }, async () => {
    const { page } = await openQueue(ADMIN.email, ADMIN.password);
    const target = (await oldestPending())[0]!;
    const { dataDir, port } = e2e.server;
    await e2e.server.stop();
    await page.getByText(liveText.reconnecting).waitFor();
    e2e.server = await startServer({ dataDir, port });
    await page.getByText(liveText.reconnecting).waitFor({ state: 'detached' });
    // A decision made after the restart, outside this page, reaches its row.
    const res = await api<unknown>(`/api/advertisements/${target._id}/status`, {
      method: 'PUT',
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(res.status).toBe(200);
    await rowOf(page, target).getByText('Approved', { exact: true }).waitFor();
  });

  it('reviews with the keyboard, and typing in the search box triggers no shortcut', async () => {
    const { page, errors } = await openQueue(ADMIN.email, ADMIN.password);
    const queue = await oldestPending();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    await page.keyboard.press('j');
    expect(await focusedAdId(page)).toBe(queue[0]!._id);
    await page.keyboard.press('j');
    expect(await focusedAdId(page)).toBe(queue[1]!._id);
    await page.keyboard.press('k');
    expect(await focusedAdId(page)).toBe(queue[0]!._id);

    const checkbox = rowOf(page, queue[0]!).getByRole('checkbox');
    await page.keyboard.press('x');
    expect(await checkbox.isChecked()).toBe(true);
    await page.keyboard.press('x');
    expect(await checkbox.isChecked()).toBe(false);

    const panel = page.getByRole('dialog', { name: 'Ad Details/Image Review' });
    await page.keyboard.press('v');
    await panel.waitFor();
    // While the panel is open the shortcuts wait.
    await page.keyboard.press('j');
    await page.keyboard.press('?');
    expect(await page.getByRole('dialog', { name: liveText.shortcuts }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await focusedAdId(page)).toBe(queue[0]!._id);
    await page.keyboard.press('Enter');
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // r: the Reject modal, with the template picker filling the reason.
    await page.keyboard.press('r');
    const reject = page.getByRole('dialog', { name: 'Reject Advertisement' });
    const picker = reject.getByRole('combobox', { name: liveText.reasonTemplate });
    await picker.waitFor();
    const firstTemplate = await picker.locator('option').nth(1).innerText();
    await picker.selectOption({ label: firstTemplate });
    expect((await reject.getByLabel('Reason for rejection').inputValue()).length).toBeGreaterThan(0);
    expect(await reject.getByRole('button', { name: 'Reject' }).isEnabled()).toBe(true);
    await screenshot(page, 'live-reject-picker-1440');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'live-reject-picker-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
    await reject.getByRole('button', { name: 'Cancel' }).click();
    await reject.waitFor({ state: 'detached' });

    // n/p page through the queue.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('n');
    await page
      .getByRole('button', { name: 'Page 2', exact: true })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    await page.keyboard.press('p');
    await page
      .getByRole('button', { name: 'Page 1', exact: true })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();

    // / focuses the search; what is typed there stays there.
    const search = page.getByRole('searchbox', { name: 'Search advertisements' });
    await page.keyboard.press('/');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('jkxvarnp?');
    expect(await search.inputValue()).toBe('jkxvarnp?');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.fill('');

    // ? lists the shortcuts.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: liveText.shortcuts });
    await help.waitFor();
    await screenshot(page, 'live-shortcuts-1440');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'live-shortcuts-1024');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
