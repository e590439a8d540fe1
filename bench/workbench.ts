/**
 * `npm run bench:workbench`: the review workbench (issue 32) in Chromium against the built app and
 * the real server on PostgreSQL with 1,000,000 ads (seeded as bench:ads seeds them). Two figures:
 * - opening an ad: from the row's click to the panel showing the ad's text, the advertiser's card
 *   and the history (targets: median < 300 ms);
 * - a decision: from the Enter that confirms Approve in the panel to the next ad's text on screen
 *   (targets: median < 300 ms, p95 < 600 ms).
 * Times are taken in the page, from the event's time stamp to the animation frame in which the
 * state is on screen. Loopback only; appends to bench/RESULTS.md unless --no-record.
 *
 * Options: --ads N (1000000), --runs N (25), --pg-url URL (an already seeded database), --no-record.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { openPostgres, rowsOf } from '../server/src/db/client';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { startBenchCluster } from './pg-bench';
import { launchBrowser, signInThroughForm } from '../e2e/support/browser';
import { ADMIN, startServer, tempDataDir } from '../e2e/support/server-process';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '25' },
    'pg-url': { type: 'string' },
    'no-record': { type: 'boolean', default: false },
  },
});
const ADS = Number(args.ads);
const RUNS = Number(args.runs);
const PANEL = 'Ad Details/Image Review';
/** A moderator reads the ad before deciding; the app may use that time. */
const READING_MS = 800;

type Clock = { at?: number; done?: number };

/** Marks the time stamp of the next event of `type` (capture phase, before the app sees it). */
function markNext(page: Page, type: 'click' | 'keydown', key?: string) {
  return page.evaluate(
    ([type, key]) => {
      const w = window as unknown as { benchClock: Clock };
      w.benchClock = {};
      const listener = (e: Event) => {
        if (key && (e as KeyboardEvent).key !== key) return;
        w.benchClock.at = e.timeStamp;
        document.removeEventListener(type!, listener, true);
      };
      document.addEventListener(type!, listener, true);
    },
    [type, key] as const,
  );
}

/**
 * Waits (animation frame by frame) until the panel shows `heading` with its text, the advertiser's
 * card and the history loaded; answers ms from the marked event.
 */
async function panelShows(
  page: Page,
  heading: { is: string } | { isNot: string },
  withCardAndHistory: boolean,
): Promise<number> {
  await page
    .waitForFunction(
      ([title, heading, full]) => {
        const panel = Array.from(document.querySelectorAll('[role="dialog"]')).find(
          (d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent === title,
        );
        if (!panel) return false;
        const h = panel.querySelector('h3');
        if (!h || ('is' in heading ? h.textContent !== heading.is : h.textContent === heading.isNot)) return false;
        if (!panel.querySelector('[aria-label="Details"]')) return false;
        if (full) {
          const card = panel.querySelector('section[aria-label="Advertiser"]');
          if (!card || (card.textContent ?? '').includes('Loading')) return false;
          // The history loaded: its entries, or "No history yet" (the bench's seeded ads have no entries).
          if (panel.querySelector('[aria-label="Loading history"]')) return false;
          if (!panel.querySelector('ol[aria-label="History"]') && !(panel.textContent ?? '').includes('No history yet'))
            return false;
        }
        (window as unknown as { benchClock: Clock }).benchClock.done = performance.now();
        return true;
      },
      [PANEL, heading, withCardAndHistory] as const,
      { polling: 'raf', timeout: 30_000 },
    )
    .catch(async (err: unknown) => {
      // What the page showed instead, to see why (a bench that stops should say where).
      await page.screenshot({ path: path.join(os.tmpdir(), 'bench-workbench-timeout.png') });
      console.error(
        await page.evaluate(() => (document.querySelector('[role="dialog"]') as HTMLElement | null)?.innerText),
      );
      throw err;
    });
  return page.evaluate(() => {
    const c = (window as unknown as { benchClock: Clock }).benchClock;
    return c.done! - c.at!;
  });
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function measure(url: string) {
  const browser = await launchBrowser();
  const open: number[] = [];
  const decide: number[] = [];
  try {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1440, height: 900 } });
    // tsx names the functions handed to page.evaluate with its `__name` helper; the page needs it too.
    await context.addInitScript({ content: 'window.__name = (f) => f;' });
    const page = await context.newPage();
    await page.goto('/');
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.goto('/app/ads-directory?status=pending&sort=postingDate&order=asc');
    const rows = page.locator('table[aria-label="Advertisements"] tbody tr[data-ad-id]');
    await rows.first().waitFor();
    const panel = page.getByRole('dialog', { name: PANEL });
    const headingOf = async (row: ReturnType<Page['locator']>) =>
      (await row.getAttribute('aria-label'))!.replace(/^#\S+ /, '');

    // Opening: each of the first rows in turn, closed again with Escape.
    const shown = await rows.count();
    for (let i = 0; i < RUNS; i++) {
      const row = rows.nth(i % shown);
      const heading = await headingOf(row);
      await page.waitForTimeout(READING_MS);
      await markNext(page, 'click');
      await row.click();
      open.push(await panelShows(page, { is: heading }, true));
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
    }

    // Deciding: the panel open on the oldest pending ad; a, then the timed Enter, RUNS times.
    await rows.first().click();
    await panel.waitFor();
    for (let i = 0; i < RUNS; i++) {
      await page.waitForTimeout(READING_MS);
      const current = await panel.locator('h3').first().innerText();
      await page.keyboard.press('a');
      await page.getByRole('dialog', { name: 'Approve Advertisement' }).waitFor();
      await markNext(page, 'keydown', 'Enter');
      await page.keyboard.press('Enter');
      // The next ad is whichever the panel moves to: its heading replaces this one's.
      decide.push(await panelShows(page, { isNot: current }, false));
    }
    await context.close();
  } finally {
    await browser.close();
  }
  console.log(
    'runs (ms):',
    JSON.stringify({ open, decide }, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v)),
  );
  const row = (what: string, xs: number[], target: string, met: boolean) =>
    `| ${what} | ${xs.length} | ${Math.round(quantile(xs, 0.5))} | ${Math.round(quantile(xs, 0.95))} | ${target} | ${met ? 'met' : 'missed'} |`;
  return [
    '| measurement | runs | median ms | p95 ms | target | |',
    '| --- | ---: | ---: | ---: | --- | --- |',
    row(
      'open an ad: click → text, advertiser card and history on screen',
      open,
      'median < 300',
      quantile(open, 0.5) < 300,
    ),
    row(
      'decide in the panel: Enter → next ad’s text on screen',
      decide,
      'median < 300, p95 < 600',
      quantile(decide, 0.5) < 300 && quantile(decide, 0.95) < 600,
    ),
  ].join('\n');
}

/** The section appended to bench/RESULTS.md. */
function section(table: string, seeded: string): string {
  return [
    `\n## ${new Date().toISOString().slice(0, 10)} — review workbench in Chromium (issue 32)`,
    '',
    `Command: \`npm run bench:workbench -- ${process.argv
      .slice(2)
      .join(' ')
      .replace(
        /--pg-url \S+/,
        '--pg-url URL',
      )}\`. PostgreSQL 15, ${seeded}. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}. Chromium headless at 1440×900, the built app from the same server, loopback.`,
    '',
    table,
    '',
  ].join('\n');
}

function record(text: string) {
  console.log(text);
  if (!args['no-record']) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
}

async function main() {
  if (args['pg-url']) {
    const dataDir = tempDataDir('bo-bench-wb-');
    const server = await startServer({ dataDir, env: { DATABASE_URL: args['pg-url'], SEED_DEMO: 'false' } });
    try {
      const database = await openPostgres(args['pg-url']);
      const [{ n }] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from advertisements`),
      );
      await database.close();
      record(
        section(await measure(server.url), `${n!.toLocaleString('en')} ads (seeded beforehand: bench/seed-million.ts)`),
      );
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return;
  }
  const cluster = await startBenchCluster();
  const dataDir = tempDataDir('bo-bench-wb-');
  try {
    const started = Date.now();
    const database = await openPostgres(cluster.url);
    await seedAds(database.db, new LocalDiskStorage(path.join(dataDir, 'uploads')), {
      count: ADS,
      advertisers: Math.ceil(ADS / 10),
    });
    await database.db.execute(sql`vacuum analyze`);
    await database.close();
    const seeded = Math.round((Date.now() - started) / 1000);
    const server = await startServer({ dataDir, env: { DATABASE_URL: cluster.url, SEED_DEMO: 'false' } });
    let table: string;
    try {
      table = await measure(server.url);
    } finally {
      await server.stop();
    }
    record(section(table, `${ADS.toLocaleString('en')} ads (seeded in ${seeded} s)`));
  } finally {
    cluster.stop();
    fs.rmSync(cluster.dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
