import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, recentAnswers, signInThroughForm, watchPageErrors } from './browser';
import { ADMIN, apiSignIn, startServer, type ServerProcess } from './server-process';

/** The screen size the spec is drawn at; tests that look at other sizes say so. */
export const DESKTOP = { width: 1440, height: 900 };

export type E2ePage = { context: BrowserContext; page: Page; errors: string[] };

export type PageOptions = {
  /** Merged over the base URL and the 1440×900 viewport. */
  context?: BrowserContextOptions;
  /** Runs on the new context before its page is opened (bindings, init scripts). */
  setup?: (context: BrowserContext) => Promise<void>;
  /**
   * Keep the page opened before this one. By default a new page closes the previous one, as a
   * fresh context per test keeps one test's session and storage out of the next.
   */
  keepPrevious?: boolean;
};

export type SignInOptions = PageOptions & {
  email?: string;
  password?: string;
  /** After signing in, follow this sidebar link and wait for its address, e.g. ['Banner Ads', '**\/app/banners']. */
  screen?: readonly [link: string, url: string];
  /** Runs on the new page before it signs in (listeners that must see the whole visit). */
  before?: (opened: E2ePage) => void;
};

export type E2e = {
  /** Writable: a test that restarts the server puts the new process here. */
  server: ServerProcess;
  browser: Browser;
  readonly baseUrl: string;
  /** The admin's session cookie from an API sign-in (empty when `apiSignIn: false`), for checks through the API. */
  cookie: string;
  /** A new browser context on the server with one page whose errors are collected. */
  newPage(opts?: PageOptions): Promise<E2ePage>;
  /** A new page signed in through the form (as the demo admin unless told otherwise). */
  signIn(opts?: SignInOptions): Promise<E2ePage>;
  /** Fetches `path` as the admin and expects 200. */
  api<T>(path: string, init?: RequestInit): Promise<T>;
  close(): Promise<void>;
};

export type E2eOptions = {
  /** Passed to startServer: its own data directory unless given, and environment variables. */
  server?: Parameters<typeof startServer>[0];
  /** Sign in through the API for `cookie` (default true). */
  apiSignIn?: boolean;
};

/** The server (its own data directory), Chromium and, unless asked not to, the admin's API session. */
export async function startE2e(opts: E2eOptions = {}): Promise<E2e> {
  const [server, browser] = await Promise.all([startServer(opts.server), launchBrowser()]);
  const cookie = opts.apiSignIn === false ? '' : await apiSignIn(server.url);
  let previous: BrowserContext | undefined;
  const e2e: E2e = {
    server,
    browser,
    cookie,
    get baseUrl() {
      return e2e.server.url;
    },
    async newPage({ context: options, setup, keepPrevious }: PageOptions = {}) {
      if (!keepPrevious) await previous?.close();
      const context = await browser.newContext({ baseURL: e2e.baseUrl, viewport: DESKTOP, ...options });
      previous = context;
      await setup?.(context);
      const page = await context.newPage();
      return { context, page, errors: watchPageErrors(page) };
    },
    async signIn({
      email = ADMIN.email,
      password = ADMIN.password,
      screen,
      before,
      ...pageOptions
    }: SignInOptions = {}) {
      const opened = await e2e.newPage(pageOptions);
      before?.(opened);
      await signInThroughForm(opened.page, email, password);
      if (screen) {
        await opened.page.getByRole('navigation').getByRole('link', { name: screen[0] }).click();
        await opened.page.waitForURL(screen[1]);
      }
      return opened;
    },
    async api<T>(path: string, init: RequestInit = {}) {
      const res = await fetch(`${e2e.baseUrl}${path}`, {
        ...init,
        headers: { cookie: e2e.cookie, origin: e2e.baseUrl, 'content-type': 'application/json', ...init.headers },
      });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    },
    async close() {
      await browser.close();
      await e2e.server.stop();
      // The data directory startServer made (a copy of the seeded demo, about 70 MB), kept through
      // a restart on it (live.test.ts), goes with the suite; one given by the test is the test's.
      if (!opts.server?.dataDir) fs.rmSync(e2e.server.dataDir, { recursive: true, force: true });
    },
  };
  return e2e;
}

/**
 * startE2e in the enclosing describe's beforeAll and its close in afterAll. The handle's fields
 * are read from inside tests and hooks, once beforeAll has run.
 */
export function e2eSuite(opts: E2eOptions = {}): E2e {
  let e2e: E2e | undefined;
  beforeAll(async () => {
    e2e = await startE2e(opts);
  });
  // A failed test's pages as they were: where each was, what the API last answered, what it showed.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !e2e) return;
    for (const context of e2e.browser.contexts())
      for (const page of context.pages()) {
        const text = await page
          .locator('body')
          .innerText({ timeout: 5_000 })
          .catch(() => '(no text)');
        console.log(
          [
            `failed test's page ${page.url()}`,
            ...(recentAnswers.get(page) ?? []).map((a) => `  ${a}`),
            `  shows: ${text.replace(/\s+/g, ' ').slice(0, 600)}`,
          ].join('\n'),
        );
      }
  });
  afterAll(async () => {
    await e2e?.close();
  });
  const started = () => {
    if (!e2e) throw new Error('the e2e server is not started yet (use it inside a test or hook)');
    return e2e;
  };
  return {
    get server() {
      return started().server;
    },
    set server(server) {
      started().server = server;
    },
    get browser() {
      return started().browser;
    },
    get baseUrl() {
      return started().baseUrl;
    },
    get cookie() {
      return started().cookie;
    },
    set cookie(cookie) {
      started().cookie = cookie;
    },
    newPage: (o) => started().newPage(o),
    signIn: (o) => started().signIn(o),
    api: (path, init) => started().api(path, init),
    close: () => started().close(),
  };
}
