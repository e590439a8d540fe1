import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Saves a full-page screenshot under test-results/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Waits until a side panel (SidePanel in web/src/components/ui/side-panel.tsx) has finished
 * sliding in, for a screenshot or a click at its final place: Radix marks it open, it lies at the
 * right edge of its frame, and no CSS transition or animation is running on it or its backdrop.
 * The slide starts a frame after the panel mounts, so "nothing running" alone could be read before
 * it begins; "at the right edge" alone, mid-way through the backdrop's fade. No time is involved:
 * the page waits on the transitions' own `finished` promises and on animation frames.
 */
export async function panelSettled(panel: Locator): Promise<void> {
  await panel.and(panel.page().locator('[data-state="open"]')).waitFor();
  await panel.evaluate(async (dialog) => {
    const frame = dialog.parentElement ?? dialog;
    const inPlace = () => Math.abs(dialog.getBoundingClientRect().right - frame.getBoundingClientRect().right) < 0.5;
    for (;;) {
      const running = frame.getAnimations({ subtree: true });
      if (running.length === 0 && inPlace()) return;
      // A transition cut short (the panel closed meanwhile) rejects `finished`: look again.
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      await new Promise(requestAnimationFrame);
    }
  });
}

/** Fails the test on any uncaught page error or console error. */
/** The page's last API answers (status and path), for the report of a failed test (e2e.ts). */
export const recentAnswers = new WeakMap<Page, string[]>();

export function watchPageErrors(page: Page): string[] {
  const answers: string[] = [];
  recentAnswers.set(page, answers);
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/')) return;
    answers.push(`${r.status()} ${r.request().method()} ${url.pathname}${url.search}`);
    if (answers.length > 30) answers.shift();
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // A 401 from the session probe after sign-out is expected network noise, not an app error.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/**
 * Signs in through the form as `email` and waits for the dashboard, then gets the sign-in toast
 * out of the way (it would cover the page's header in screenshots). The toast also closes itself
 * after a few seconds, so clicking its close button can lose that race on a slow machine: the click
 * is tried briefly, and the toast being gone is what is awaited.
 */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/app/dashboard');
  const toast = page.getByText('Successfully logged in!');
  await toast.waitFor();
  await page
    .getByRole('button', { name: 'close' })
    .click({ timeout: 2_000 })
    .catch(() => {});
  await toast.waitFor({ state: 'detached' });
}
