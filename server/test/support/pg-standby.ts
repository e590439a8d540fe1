import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { runPgTool, startPgCluster, type PgCluster } from './pg-cluster';

/**
 * A throwaway primary and a hot standby streaming from it on loopback, for the read replica's tests
 * (docs/decisions/0037-read-replica.md): the standby is a `pg_basebackup -R` of the primary, so it
 * connects back by itself and replays what the primary writes.
 */
export type PgStandbyPair = {
  primary: PgCluster;
  standby: PgCluster;
  /** Stops replay on the standby (what it serves stays as it is) and waits until it has stopped. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the standby has replayed the primary's WAL up to `lsn`. */
  replayedPast(lsn: string): Promise<void>;
  /** Waits until the primary sees the standby streaming (after a start or a restart). */
  streaming(): Promise<void>;
  close(): void;
};

/** One statement on its own connection. */
async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Asks `ask` again until it answers true: a state, never a time (the test's timeout is the hang guard). */
async function until(ask: () => Promise<boolean>): Promise<void> {
  while (!(await ask().catch(() => false))) await new Promise((r) => setTimeout(r, 50));
}

/** pg_basebackup beside `bin`'s pg_ctl, or beside the file it links to (Debian links pg_ctl alone into /usr/local/bin). */
function basebackup(bin: string): string {
  const beside = path.join(bin, 'pg_basebackup');
  return fs.existsSync(beside)
    ? beside
    : path.join(path.dirname(fs.realpathSync(path.join(bin, 'pg_ctl'))), 'pg_basebackup');
}

/**
 * A hot standby of `primary` (a `pg_basebackup -R` on loopback, which then streams from it by
 * itself). The primary needs full page writes on (the test clusters turn them off) and a WAL sender.
 */
export async function startStandby(bin: string, primary: PgCluster, settings: string[] = []): Promise<PgCluster> {
  // initdb's pg_hba already trusts replication from loopback; said here so the caller does not rely on it.
  fs.appendFileSync(path.join(primary.dir, 'data', 'pg_hba.conf'), '\nhost replication postgres 127.0.0.1/32 trust\n');
  await query(primary.url, 'select pg_reload_conf()');
  return startPgCluster(bin, settings, (dataDir) =>
    runPgTool(basebackup(bin), [
      ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
      ...['-D', dataDir, '-R', '-X', 'stream', '-c', 'fast'],
    ]),
  );
}

export async function startPgStandbyPair(bin: string): Promise<PgStandbyPair> {
  // A base backup needs full page writes (the test clusters turn them off); the standby needs a WAL sender.
  const primary = await startPgCluster(bin, ['-c wal_level=replica', '-c max_wal_senders=4', '-c full_page_writes=on']);
  let standby: PgCluster | undefined;
  try {
    standby = await startStandby(bin, primary);
  } catch (err) {
    primary.stop();
    fs.rmSync(primary.dir, { recursive: true, force: true });
    throw err;
  }
  const replica = standby;
  const pair: PgStandbyPair = {
    primary,
    standby: replica,
    async pauseReplay() {
      await query(replica.url, 'select pg_wal_replay_pause()');
      await until(async () => {
        const [row] = await query<{ state: string }>(replica.url, 'select pg_get_wal_replay_pause_state() as state');
        return row?.state === 'paused';
      });
    },
    async resumeReplay() {
      await query(replica.url, 'select pg_wal_replay_resume()');
    },
    replayedPast: (lsn) =>
      until(async () => {
        const [row] = await query<{ done: boolean }>(
          replica.url,
          `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`,
        );
        return row?.done === true;
      }),
    streaming: () =>
      until(async () => {
        const rows = await query<{ state: string }>(primary.url, 'select state from pg_stat_replication');
        return rows.some((r) => r.state === 'streaming');
      }),
    close() {
      for (const cluster of [replica, primary]) {
        cluster.stop();
        fs.rmSync(cluster.dir, { recursive: true, force: true });
      }
    },
  };
  await pair.streaming();
  return pair;
}
