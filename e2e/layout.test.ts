import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { e2eSuite } from './support/e2e';

/**
 * Every control stays reachable at the sizes people use: nothing covers a pager button (the
 * full-screen toggle, once a floating button, now sits in the header bar), and no table is wider
 * than its frame, so every row's actions are on screen without scrolling sideways. The ads
 * directory's own checks at four sizes, phone included, are in ads-widths.test.ts.
 */
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
] as const;

const SCREENS = [
  { name: 'ads', path: '/app/ads-directory', table: 'Advertisements', actions: 'button[aria-haspopup="menu"]' },
  { name: 'users', path: '/app/users', table: 'Users', actions: 'button[aria-haspopup="menu"]' },
  { name: 'banners', path: '/app/banners', table: 'Banner ads', actions: 'td:last-child button' },
] as const;

/** True when a click at the middle of the element lands on it (nothing covers or clips it). */
function reachable(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return {
        label: el.getAttribute('aria-label') ?? el.textContent,
        inside: r.left >= 0 && r.right <= window.innerWidth,
        hit: !!hit && el.contains(hit),
      };
    }),
  );
}

describe('layout at 1440×900, 1280×720 and 1024×768', () => {
  const e2e = e2eSuite({ apiSignIn: false });

  for (const size of SIZES) {
    it(`keeps the pager and every row action clickable at ${size.width}×${size.height}`, async () => {
      const { context, page, errors } = await e2e.signIn({ context: { viewport: size } });
      try {
        for (const screen of SCREENS) {
          await page.goto(screen.path);
          const table = page.getByRole('table', { name: screen.table });
          await table.locator('tbody tr[aria-label]').first().waitFor();
          await screenshot(page, `layout-${screen.name}-${size.width}x${size.height}`);

          // No table is wider than its frame: nothing hides behind a sideways scroll.
          const frame = await table.evaluate((t) => {
            const f = t.parentElement!;
            return { scroll: f.scrollWidth, client: f.clientWidth };
          });
          expect(frame.scroll, `${screen.name} table fits its frame`).toBeLessThanOrEqual(frame.client);

          const actions = await reachable(page, `table[aria-label="${screen.table}"] tbody ${screen.actions}`);
          expect(actions.length).toBeGreaterThan(0);
          expect(
            actions.filter((a) => !a.inside || !a.hit),
            `${screen.name}: every row action is on screen`,
          ).toEqual([]);

          const last = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Last page' });
          if ((await last.count()) === 0 || (await last.isDisabled())) continue;
          await page.locator('main').evaluate((m) => m.scrollTo(0, m.scrollHeight));
          const [pager] = await reachable(page, 'nav[aria-label="Pagination"] button[aria-label="Last page"]');
          expect(pager, `${screen.name}: nothing covers "Last page"`).toMatchObject({ inside: true, hit: true });
          await last.click();
          await page.locator('nav[aria-label="Pagination"] button[aria-label="Last page"][disabled]').waitFor();
          expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
          await screenshot(page, `layout-${screen.name}-last-${size.width}x${size.height}`);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
