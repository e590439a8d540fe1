import pg from 'pg';
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

/** A throwaway PostgreSQL cluster on loopback for one bench run (stop it and remove `dir` after). */
export async function startBenchCluster(settings: string[] = MILLION_AD_SETTINGS) {
  const bin = findPgBin();
  if (!bin) throw new Error('no PostgreSQL binaries');
  return startPgCluster(bin, settings);
}

/** A copy of `url`'s database under `name` (files copied: fast), and its URL. */
export async function copyDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/template1') });
  await admin.connect();
  try {
    const source = new URL(url).pathname.slice(1);
    await admin.query(`create database ${name} template ${source} strategy file_copy`);
  } finally {
    await admin.end();
  }
  return url.replace(/\/[^/]*$/, `/${name}`);
}
