import { AxeBuilder } from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { liveText, type AdListResponse, type Advertisement, type PublicUser } from '@backoffice/contract';
import { screenshot } from './support/browser';
import { e2eSuite } from './support/e2e';
import { adminApi, promoteSecondAdmin, SECOND_PASSWORD } from './support/second-admin';

const PANEL = 'Ad Details/Image Review';
const QUEUE = '/app/ads-directory?status=pending&sort=postingDate&order=asc';

/**
 * Issue 32, the review workbench, in Chromium against the real server and the demo data: a review
 * from the keyboard alone, another admin's claim shown before any confirmation, views kept by the
 * address, and the directory with its panel at the four sizes people use (every action reachable,
 * axe clean).
 */
describe('the review workbench in Chromium', () => {
  const e2e = e2eSuite();
  let second: PublicUser;

  const api = <T>(path: string, init?: RequestInit) => adminApi<T>(e2e, path, init);
  const oldestPending = async (n = 10) =>
    (await api<AdListResponse>(`/api/advertisements/list?status=pending&sort=postingDate&order=asc&pageSize=${n}`)).body
      .advertisements;
  /** The ad's status as the list answers it (found by its heading, then its id). */
  async function statusOf(ad: Advertisement) {
    const { body } = await api<AdListResponse>(
      `/api/advertisements/list?q=${encodeURIComponent(ad.heading)}&pageSize=100`,
    );
    return body.advertisements.find((a) => a._id === ad._id)?.status;
  }

  const idOf = (ad: Pick<Advertisement, '_id'>) => `#${ad._id.slice(-5)}`;
  const table = (page: Page) => page.getByRole('table', { name: 'Advertisements' });
  const rowOf = (page: Page, ad: Advertisement) => table(page).getByRole('row', { name: new RegExp(`^${idOf(ad)} `) });
  const focusedAdId = (page: Page) =>
    page.evaluate(
      () => (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-ad-id]')?.dataset.adId,
    );

  /** The queue's page, oldest pending first, once its first row is there. */
  async function openQueue(page: Page) {
    await page.goto(QUEUE);
    await rowOf(page, (await oldestPending(1))[0]!).waitFor();
  }

  beforeAll(async () => {
    second = await promoteSecondAdmin(e2e);
  });

  it('reviews five ads with the keyboard alone: two from the list, three in the panel', async () => {
    const { page, errors } = await e2e.signIn();
    await openQueue(page);
    const queue = await oldestPending(6);

    // From the list: j focuses the first row; a asks with Approve focused; Enter approves; the
    // focus moves to the next row, so the next ad is a, Enter.
    await page.keyboard.press('j');
    expect(await focusedAdId(page)).toBe(queue[0]!._id);
    for (const [i, ad] of queue.slice(0, 2).entries()) {
      await page.keyboard.press('a');
      const dialog = page.getByRole('dialog', { name: 'Approve Advertisement' });
      await dialog.waitFor();
      expect(await dialog.getByRole('button', { name: 'Approve' }).evaluate((b) => b === document.activeElement)).toBe(
        true,
      );
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => statusOf(ad)).toBe('approved');
      await expect.poll(() => focusedAdId(page)).toBe(queue[i + 1]!._id);
    }

    // In the panel: v opens the focused ad; a and Enter approve it and the panel shows the next one.
    await page.keyboard.press('v');
    const panel = page.getByRole('dialog', { name: PANEL });
    await panel.getByRole('heading', { name: queue[2]!.heading }).waitFor();
    for (const [i, ad] of queue.slice(2, 5).entries()) {
      await page.keyboard.press('a');
      const dialog = page.getByRole('dialog', { name: 'Approve Advertisement' });
      await dialog.waitFor();
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => statusOf(ad)).toBe('approved');
      await panel.getByRole('heading', { name: queue[i + 3]!.heading }).waitFor();
    }
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it("shows another admin's claim in the row menu before any confirmation", async () => {
    const a = await e2e.signIn({ keepPrevious: true });
    await openQueue(a.page);
    const target = (await oldestPending(1))[0]!;
    await rowOf(a.page, target).click();
    await a.page.getByRole('dialog', { name: PANEL }).getByRole('heading', { name: target.heading }).waitFor();

    const b = await e2e.signIn({ email: second.email, password: SECOND_PASSWORD, keepPrevious: true });
    await openQueue(b.page);
    const adminName = (await api<PublicUser>('/api/auth/session')).body.name!;
    await rowOf(b.page, target).getByText(liveText.beingReviewedBy(adminName)).waitFor();
    await rowOf(b.page, target)
      .getByRole('button', { name: `Actions for advertisement ${idOf(target)}` })
      .click();
    for (const name of ['Approve', 'Reject']) {
      const item = b.page.getByRole('menuitem', { name: new RegExp(`^${name}`) });
      expect(await item.getAttribute('aria-disabled')).toBe('true');
      expect(await item.innerText()).toContain(liveText.beingReviewedBy(adminName));
    }
    await screenshot(b.page, 'workbench-claimed-row-menu-1440');
    await b.page.keyboard.press('Escape');
    expect(await statusOf(target)).toBe('pending');
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('keeps the view, filters and sort in the address: reload, Back and a pasted link', async () => {
    const { page, errors } = await e2e.signIn();
    await page.goto('/app/ads-directory');
    const views = page.getByRole('navigation', { name: 'Views' });
    await views.getByRole('link', { name: 'Overdue' }).click();
    await page.waitForURL(/view=overdue/);
    await views
      .getByRole('link', { name: 'Overdue', exact: true })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    await page.reload();
    await views
      .getByRole('link', { name: 'Overdue', exact: true })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();

    await views.getByRole('link', { name: liveText.pendingOldestFirst }).click();
    await page.waitForURL(/status=pending/);
    await page.goBack();
    await page.waitForURL(/view=overdue/);
    await views
      .getByRole('link', { name: 'Overdue', exact: true })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();

    // A pasted link, in a fresh page, opens the same view.
    const pasted = await e2e.signIn({ keepPrevious: true });
    await pasted.page.goto(QUEUE);
    await pasted.page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('link', { name: liveText.pendingOldestFirst })
      .and(pasted.page.locator('[aria-current="page"]'))
      .waitFor();
    expect([...errors, ...pasted.errors]).toEqual([]);
  });

  const SIZES = [
    { width: 390, height: 844 },
    { width: 1024, height: 768 },
    { width: 1280, height: 720 },
    { width: 1440, height: 900 },
  ] as const;

  for (const size of SIZES) {
    it(`shows the queue and the panel with every action reachable at ${size.width}×${size.height}`, async () => {
      const { page, errors } = await e2e.signIn({ context: { viewport: size } });
      await page.goto(QUEUE);
      const first = (await oldestPending(1))[0]!;
      const item = page.locator(`[data-ad-id="${first._id}"]`);
      await item.waitFor();
      await screenshot(page, `workbench-queue-${size.width}x${size.height}`);
      if (size.width === 1024) {
        // At 1024×768 at least five rows are fully visible under the header.
        const visible = await page.locator('[data-ad-id]').evaluateAll((rows) =>
          rows.filter((r) => {
            const box = r.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
          }),
        );
        expect(visible.length).toBeGreaterThanOrEqual(5);
      }
      expect(await seriousAxe(page), `axe on the queue at ${size.width}`).toEqual([]);

      await item.click();
      const panel = page.getByRole('dialog', { name: PANEL });
      await panel.getByRole('heading', { name: first.heading }).waitFor();
      await panel.getByRole('region', { name: 'Advertiser' }).waitFor();
      await screenshot(page, `workbench-panel-${size.width}x${size.height}`);
      // The footer's actions (a repost's panel also has the duplicates group's own Reject).
      for (const name of [/^Approve( & next)?$/, /^Reject( & next)?$/, /^Delete$/]) {
        const button = panel.getByRole('button', { name });
        await button.scrollIntoViewIfNeeded();
        expect(await reachable(button), `${name} at ${size.width}`).toBe(true);
      }
      expect(await seriousAxe(page), `axe on the panel at ${size.width}`).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

/** A click at the middle of the element lands on it: nothing covers or clips it. */
function reachable(locator: ReturnType<Page['locator']>) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return r.left >= 0 && r.right <= window.innerWidth && !!hit && el.contains(hit);
  });
}

/** axe's serious and critical findings on the page (WCAG 2.1 A and AA), one line each. */
async function seriousAxe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
