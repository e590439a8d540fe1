import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster in a temp directory on a free loopback port, for tests and
 * benchmarks. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export type PgCluster = {
  url: string;
  port: number;
  dir: string;
  /**
   * `immediate` (the default, for clean-up) is a crash: with the cluster's synchronous_commit=off it
   * may lose the last moments of commits. `fast` disconnects everyone but keeps every commit.
   */
  stop(mode?: 'immediate' | 'fast'): void;
  start(): void;
};

export function findPgBin(): string | null {
  const candidates = [
    ...(process.env.PG_BIN ? [process.env.PG_BIN] : []),
    ...(process.env.PATH ?? '').split(':'),
    ...listVersions('/usr/lib/postgresql'),
  ];
  for (const dir of candidates) {
    if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

function listVersions(root: string): string[] {
  try {
    return fs
      .readdirSync(root)
      .sort()
      .reverse()
      .map((v) => path.join(root, v, 'bin'));
  } catch {
    return [];
  }
}

/**
 * The kernel's range for the local ports of outgoing connections: a port picked inside it (as
 * `listen(0)` does) can be taken by any client socket before the server binds it, and was, with
 * three test runs on one machine (EADDRINUSE).
 */
function ephemeralLow(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

const canBind = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A port free now on 127.0.0.1, picked at random below the ephemeral range (ephemeralLow), so that
 * only another test picking the same port can take it before it is bound.
 */
export async function freePort(): Promise<number> {
  const high = ephemeralLow();
  for (;;) {
    const port = high - 10_000 + Math.floor(Math.random() * 10_000);
    if (await canBind(port)) return port;
  }
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program (as the `postgres` user when root); throws with its output when it fails. */
export function runPgTool(bin: string, args: string[]) {
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

/** `makeDataDir`: initdb unless given (a standby's base backup, support/pg-standby.ts). */
export async function startPgCluster(
  binDir: string,
  extraSettings: string[] = [],
  makeDataDir = (dataDir: string) =>
    runPgTool(path.join(binDir, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-locale',
    ]),
): Promise<PgCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  makeDataDir(dataDir);
  const port = await freePort();
  const settings = [
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    ...extraSettings,
  ];
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    start() {
      runPgTool(path.join(binDir, 'pg_ctl'), [
        '-D',
        dataDir,
        '-o',
        settings.join(' '),
        '-l',
        path.join(dir, 'log.txt'),
        '-w',
        '-t',
        '60',
        'start',
      ]);
    },
    stop(mode = 'immediate') {
      try {
        runPgTool(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
      } catch {
        /* already stopped */
      }
    },
  };
  cluster.start();
  return cluster;
}
