import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config';
import { seedDemoIfEmpty, type DemoSeeded } from '../../src/seed/demo';
import { buildTestApp, testClock, type TestApp } from './test-app';

/** The first-start demo seeded once, shared by the read-only demo checks of server/test/api/demo.test.ts. */
export type SeededDemo = {
  t: TestApp;
  demo: DemoSeeded;
  messages: ReturnType<typeof loadConfig>['messages'];
  now: Date;
};

/**
 * Seeds the demo in the enclosing describe's beforeAll (a minute on a busy PGlite: once, not once
 * per file) and gives it to the checks through `get()`. None of them changes what it seeded: they
 * read it, sign in and add their own admin.
 */
export function seededDemo(): { get(): SeededDemo } {
  let seeded: SeededDemo | undefined;
  beforeAll(async () => {
    const now = new Date('2026-11-22T08:00:00Z');
    const t = await buildTestApp({ clock: testClock(now) });
    // As main.ts seeds before the server's own delivery starts: none of it runs during the seed.
    await t.app.advertiserOutbox.close();
    const messages = loadConfig({ DATA_DIR: t.dataDir }).messages;
    const demo = (await seedDemoIfEmpty(t.database.db, t.app.storage, { dataDir: t.dataDir, messages, now }))!;
    seeded = { t, demo, messages, now };
  });
  afterAll(() => seeded?.t.close());
  return {
    get() {
      if (!seeded) throw new Error('the demo is not seeded yet (use it inside a test or hook)');
      return seeded;
    },
  };
}
