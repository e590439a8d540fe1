import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiSignIn,
  spawnServer,
  startServer,
  tempDataDir,
  type ServerProcess,
} from '../../../e2e/support/server-process';

/** The first start seeds the demo (a month of moderation, signals, rules): minutes on a busy machine. */
const FIRST_START_MS = 600_000;

/** docs/decisions/0011-database-files-and-instances.md: the embedded database keeps every committed change through kill -9, and refuses a second server. */
// Its tests start servers, each allowed up to 110 s on a busy machine (a hang guard).
describe('embedded database durability', { timeout: 900_000 }, () => {
  const dataDir = tempDataDir('bo-durable-');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const sessionStatus = (url: string, cookie: string) =>
    fetch(`${url}/api/auth/session`, { headers: { cookie } }).then((r) => r.status);

  it('keeps committed writes after kill -9 and a restart', async () => {
    server = await startServer({ dataDir, healthyWithinMs: FIRST_START_MS });
    // Each sign-in commits a session row; kill the server right after the last acknowledgement.
    const cookies = [];
    for (let i = 0; i < 5; i++) cookies.push(await apiSignIn(server.url));
    await server.kill();
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true); // left behind by the killed process

    server = await startServer({ dataDir, healthyWithinMs: FIRST_START_MS });
    for (const cookie of cookies) expect(await sessionStatus(server.url, cookie)).toBe(200);
    expect(await sessionStatus(server.url, 'sid=forged')).toBe(401);
  });

  it('refuses a second server on the same data directory with a clear message', async () => {
    const second = spawnServer(dataDir, server!.port + 1);
    let out = '';
    second.stderr!.on('data', (d) => (out += d));
    second.stdout!.on('data', (d) => (out += d));
    const code = await new Promise((resolve) => second.once('exit', resolve));
    expect(code).toBe(1);
    expect(out).toContain(`The data directory ${dataDir} is in use by another server`);
    // The first server is unaffected.
    expect((await fetch(`${server!.url}/api/health`)).status).toBe(200);
  });

  it('shuts down cleanly on SIGTERM, releasing the lock, and reopens', async () => {
    const cookie = await apiSignIn(server!.url);
    expect(await server!.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    server = await startServer({ dataDir, healthyWithinMs: FIRST_START_MS });
    expect(await sessionStatus(server.url, cookie)).toBe(200);
  });
});
