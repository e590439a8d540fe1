/**
 * Seeds a throwaway PostgreSQL cluster with 1,000,000 ads (as bench:ads seeds them) and leaves it
 * running, so several benches can measure against one database with `--pg-url` on a quiet machine
 * without seeding each time (bench:workbench, bench:card). Prints the URL and how to stop it.
 *
 * Run: node --import tsx bench/seed-million.ts [--ads N (1000000)]
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../server/src/db/client';
import { bulkSeedAds } from '../server/src/seed/bulk-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { startBenchCluster } from './pg-bench';

const { values: args } = parseArgs({ options: { ads: { type: 'string', default: '1000000' } } });
const ADS = Number(args.ads);

const cluster = await startBenchCluster();
const started = Date.now();
const database = await openPostgres(cluster.url);
await bulkSeedAds(database.db, new LocalDiskStorage(path.join(os.tmpdir(), 'bo-bench-seeded-uploads')), {
  count: ADS,
  advertisers: Math.ceil(ADS / 10),
  progress: (done) => console.log(`${done} ads (${Math.round((Date.now() - started) / 1000)} s)`),
});
await database.db.execute(sql`vacuum analyze`);
await database.close();
console.log(`seeded ${ADS} ads in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`url: ${cluster.url}`);
console.log(`stop: runuser -u postgres -- pg_ctl -D ${cluster.dir}/data stop && rm -rf ${cluster.dir}`);
