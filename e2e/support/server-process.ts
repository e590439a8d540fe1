import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/test/support/pg-cluster';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const ADMIN = { email: 'admin@backoffice.test', password: 'e2e-admin-password' };

export type ServerProcess = {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  output(): string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no chance to clean up. */
  kill(): Promise<void>;
};

/**
 * A data directory already migrated and seeded with the demo (e2e/support/seeded-global-setup.ts):
 * a server started without a data directory or environment of its own starts from a copy of it.
 */
export const SEEDED_TEMPLATE_ENV = 'BO_E2E_SEEDED_DATA_DIR';

export function tempDataDir(prefix = 'bo-e2e-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Runs `node --import tsx server/src/main.ts` as `npm start` does, and waits until it is healthy. */
export async function startServer(
  opts: {
    dataDir?: string;
    port?: number;
    env?: Record<string, string>;
    healthyWithinMs?: number;
    /** The program and its arguments (a systemd unit's ExecStart); default SERVER_COMMAND. */
    command?: readonly string[];
  } = {},
): Promise<ServerProcess> {
  const template = process.env[SEEDED_TEMPLATE_ENV];
  const dataDir = opts.dataDir ?? tempDataDir();
  if (!opts.dataDir && !opts.env && template) fs.cpSync(template, dataDir, { recursive: true });
  // A hang guard, not a speed check: a busy machine can take minutes to migrate and seed (a fresh
  // data directory took over 110 s with three CI runs on two cores). It stays under the hooks' five
  // minutes (vitest.config.ts) so that a failure shows the server's output.
  const deadline = Date.now() + (opts.healthyWithinMs ?? 270_000);
  for (let attempt = 1; ; attempt++) {
    const port = opts.port ?? (await freePort());
    const started = await spawnHealthy(dataDir, port, opts, deadline);
    if (started) return started;
    // The free port was taken before the server bound it (another test's server): another port.
    if (opts.port !== undefined || attempt === 3)
      throw new Error(`server could not bind ${opts.port ?? 'a free port, three times'} (EADDRINUSE)`);
  }
}

/** One start on `port`: the server once healthy, or undefined when the port was taken (EADDRINUSE). */
async function spawnHealthy(
  dataDir: string,
  port: number,
  opts: { env?: Record<string, string>; command?: readonly string[] },
  deadline: number,
): Promise<ServerProcess | undefined> {
  const proc = spawnServer(dataDir, port, opts.env, opts.command);
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) {
      if (out.includes('EADDRINUSE')) return undefined;
      throw new Error(`server exited (${proc.exitCode}):\n${out}`);
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${out}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir,
    proc,
    output: () => out,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}

/** `npm run serve`'s command, run from the repository's root. */
const SERVER_COMMAND = [process.execPath, '--import', 'tsx', 'server/src/main.ts'];

export function spawnServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  [program, ...args]: readonly string[] = SERVER_COMMAND,
): ChildProcess {
  return spawn(program!, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Tests and benches sign in with the password; PostgreSQL's default would ask every admin to
      // enrol a second factor first (the two-factor tests set it themselves).
      REQUIRE_2FA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Signs in through the API as a browser on `url` would, returning the cookie header value. */
export async function apiSignIn(url: string, email = ADMIN.email, password = ADMIN.password): Promise<string> {
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  return cookie!.split(';')[0]!;
}
