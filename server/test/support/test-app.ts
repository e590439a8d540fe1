import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, inject } from 'vitest';
import type { FileStorage } from '../../src/storage/file-storage';
// Brings the `pgUrl` the api-postgres global setup provides into every program that imports this file.
import type {} from './postgres-global-setup';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { migratedPgliteTemplate, openPglite, openPostgres, type Database } from '../../src/db/client';
import type { Clock } from '../../src/lib/clock';
import type { LiveOptions } from '../../src/modules/live/live-hub';
import { findPgBin } from './pg-cluster';

/** Which database this project runs on: the same tests run on PGlite and on PostgreSQL. */
export const testDb = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
const pgUrl = testDb === 'postgres' ? inject('pgUrl') : '';

/** `describe` that skips (with the global setup's printed notice) when PostgreSQL is missing. */
export const describeApi = describe.skipIf(testDb === 'postgres' && !pgUrl);

/**
 * `describe` for the files that test the routes' validation, guards and documents rather than the
 * database (fuzzing, date bounds, the OpenAPI document, the access matrix, the edge guards, the
 * storage drivers): they run once, on PostgreSQL where this machine has it (the api-postgres
 * project), else on PGlite. Both databases answer the same SQL; what differs between them (the
 * driver, transactions, concurrency, LISTEN/NOTIFY, the job queue) is tested on both by the other
 * files. docs/decisions/0001-runtime-and-tooling.md, "Test runner".
 */
export const describeApiOnce = describe.skipIf(testDb === 'postgres' ? !pgUrl : findPgBin() !== null);

/** The origin app.inject requests come from; mutations must carry it (docs/decisions/0012-access-control.md). */
export const ORIGIN = 'http://localhost';

export type TestClock = Clock & { set(d: Date): void; advance(ms: number): void };

export function testClock(start = new Date('2026-11-22T08:00:00Z')): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.set = (d) => (now = d.getTime());
  clock.advance = (ms) => (now += ms);
  return clock;
}

/** One migrated PGlite data directory per test process, copied into each test's database. */
let pgliteTemplate: Promise<Blob> | undefined;

async function openTestDatabase(sameAs?: Database): Promise<Database> {
  if (sameAs?.url) return openPostgres(sameAs.url, 5);
  if (testDb === 'pglite') return openPglite(undefined, await (pgliteTemplate ??= migratedPgliteTemplate()));
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return openPostgres(url.toString(), 5);
}

export type TestApp = { app: App; database: Database; dataDir: string; clock: TestClock; close(): Promise<void> };

/** The real app on a fresh database and data directory. */
export async function buildTestApp(
  opts: {
    clock?: TestClock;
    env?: Record<string, string>;
    /** Storage over the test's uploads folder (fault-injection tests); the plain local disk by default. */
    storage?: (uploadsDir: string) => FileStorage;
    /** Receives the JSON log lines (at env LOG_LEVEL, silent unless given); the log is off without it. */
    logStream?: { write(line: string): void };
    /** PostgreSQL: a second instance on another test app's database (its own connections). */
    sameDatabaseAs?: TestApp;
    /** A database the test opened itself (a primary with its read replica); the app closes it. */
    database?: Database;
    /** The event stream's heartbeat and limits. */
    live?: LiveOptions;
    /** Analyse new ads for trust signals (off unless asked: other tests' ads stay as made). */
    analyseAds?: boolean;
    /** The draws that sample decisions into second review (Math.random unless given). */
    random?: () => number;
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase(opts.sameDatabaseAs?.database));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    ...opts.env,
  });
  const clock = opts.clock ?? testClock();
  const storage = opts.storage?.(path.join(dataDir, 'uploads'));
  const app = await buildApp({
    config,
    database,
    clock,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
    signInPerMinute: 1000,
    // Messages follow decisions after a pause; a short one here, so tests wait less for them.
    messageQuietMs: 20,
    storage,
    live: opts.live,
    analyseAds: opts.analyseAds ?? false,
    random: opts.random,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    clock,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
