import { SIGNAL_KINDS } from '@backoffice/contract';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../server/src/db/client';
import { rebuildSummary } from '../server/src/modules/ads/ads-repository';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { findPgBin, startPgCluster } from '../server/test/support/pg-cluster';

/**
 * The settings of the million-ad benches (the figures in bench/RESULTS.md were measured with them):
 * large shared buffers, WAL and maintenance memory, so seeding 1,000,000 ads is not checkpoint-bound.
 */
export const MILLION_AD_SETTINGS = [
  '-c shared_buffers=1GB',
  '-c maintenance_work_mem=512MB',
  '-c max_wal_size=4GB',
  '-c work_mem=16MB',
];

/** The cost benches' settings (bench:report-cost, bench:approve-cost): their statements counted. */
export const COST_SETTINGS = [
  '-c shared_buffers=512MB',
  '-c max_wal_size=4GB',
  '-c shared_preload_libraries=pg_stat_statements',
];

/** A throwaway PostgreSQL cluster on loopback for one bench run (stop it and remove `dir` after). */
export async function startBenchCluster(settings: string[] = MILLION_AD_SETTINGS) {
  const bin = findPgBin();
  if (!bin) throw new Error('no PostgreSQL binaries');
  return startPgCluster(bin, settings);
}

/** The trust signals' index per kind (migration 0039). */
export const KIND_INDEXES = SIGNAL_KINDS.map((kind) => `ads_kind_${kind}_idx`);

/** A copy of `url`'s database under `name` (files copied: fast), `withoutIndexes` dropped on it, and its URL. */
export async function copyDatabase(url: string, name: string, withoutIndexes: string[] = []): Promise<string> {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/template1') });
  await admin.connect();
  try {
    const source = new URL(url).pathname.slice(1);
    await admin.query(`create database ${name} template ${source} strategy file_copy`);
  } finally {
    await admin.end();
  }
  const copyUrl = url.replace(/\/[^/]*$/, `/${name}`);
  const copy = new pg.Client({ connectionString: copyUrl });
  await copy.connect();
  try {
    for (const index of withoutIndexes) await copy.query(`drop index ${index}`);
  } finally {
    await copy.end();
  }
  return copyUrl;
}

/**
 * `ads` ads (one advertiser per ten, each changed by `adjust` if given) seeded without the ads' triggers, so nothing is queued for
 * analysis (the server's worker would spend the cores on the signals instead of the requests
 * measured), then analysed for the planner, with pg_stat_statements (the cluster must preload it).
 */
export async function seedUnanalysed(
  db: Db,
  dataDir: string,
  ads: number,
  adjust?: Parameters<typeof seedAds>[2]['adjust'],
): Promise<void> {
  await db.execute(sql`alter table advertisements disable trigger user`);
  await seedAds(db, new LocalDiskStorage(path.join(dataDir, 'uploads')), {
    count: ads,
    advertisers: Math.ceil(ads / 10),
    adjust,
  });
  await db.execute(sql`alter table advertisements enable trigger user`);
  if (ads <= 20_000) await rebuildSummary(db);
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`create extension if not exists pg_stat_statements`);
}

/** Stops a bench's cluster and removes its directory and `dirs`. */
export function removeBenchCluster(cluster: { stop(): void; dir: string }, ...dirs: string[]): void {
  cluster.stop();
  for (const dir of [cluster.dir, ...dirs]) fs.rmSync(dir, { recursive: true, force: true });
}

/** Runs a bench's main: the process exits 0 when it is done, 1 (the error printed) when it fails. */
export function runBench(main: () => Promise<unknown>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
