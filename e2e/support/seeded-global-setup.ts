import fs from 'node:fs';
import { SEEDED_TEMPLATE_ENV, startServer, tempDataDir } from './server-process';

/**
 * The e2e project's global setup: one server start migrates and seeds the demo into a data
 * directory, which every browser suite's server then starts from as a copy (server-process.ts).
 * The demo's month of moderation takes the seed tens of seconds on a busy machine; it was paid
 * once per test file.
 */
export default async function setup() {
  const dir = tempDataDir('bo-e2e-seeded-');
  // A global setup has no hook timeout; the hang guard is the server's own, longer than a test's:
  // the demo's month of moderation and its signals take minutes while the other suites run beside.
  const server = await startServer({ dataDir: dir, healthyWithinMs: 600_000 });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the seeding server exited with ${code}:\n${server.output()}`);
  process.env[SEEDED_TEMPLATE_ENV] = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
