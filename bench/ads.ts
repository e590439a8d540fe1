/**
 * `npm run bench:ads`: the ads list (D16) on 1,000,000 ads in PostgreSQL and 100,000 in PGlite,
 * at 10 concurrent connections, beside the spec's original approach (one request returning every
 * ad). Loopback only, time-bounded; figures appended to bench/RESULTS.md.
 *
 * Options: --pg-ads N (1000000), --pglite-ads N (100000), --seconds S (5), --skip-pglite, --skip-pg,
 * --pg-url URL (measure an already seeded PostgreSQL database instead of seeding one; not recorded),
 * --only TEXT (only scenarios whose name contains TEXT; not recorded).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../server/src/db/client';
import { advertisements } from '../server/src/db/schema';
import { toAdvertisement } from '../server/src/modules/ads/ads-service';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { findPgBin, startPgCluster } from '../server/test/support/pg-cluster';
import { apiSignIn, startServer, tempDataDir } from '../e2e/support/server-process';
import { load } from './load';

const { values: args } = parseArgs({
  options: {
    'pg-ads': { type: 'string', default: '1000000' },
    'pglite-ads': { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '5' },
    'skip-pg': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'pg-url': { type: 'string' },
    only: { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);

const allScenarios: [string, string][] = [
  ['default (newest first)', ''],
  ['status=pending', 'status=pending'],
  ['status=approved', 'status=approved'],
  ['category=Vehicles', 'category=Vehicles'],
  ['district=Kandy', 'district=Kandy'],
  ['status+category+district', 'status=approved&category=Land%20sale&district=Colombo'],
  ['search "toyota"', 'q=toyota'],
  ['search "perches land"', 'q=perches%20land'],
  ['search "nimal" + pending', 'q=nimal&status=pending'],
  ['sort heading asc', 'sort=heading&order=asc'],
  ['sort username desc', 'sort=username&order=desc'],
  ['sort adType asc', 'sort=adType&order=asc'],
  ['sort status desc', 'sort=status&order=desc'],
  ['sort id asc', 'sort=id&order=asc'],
  ['deep page 5000', 'page=5000'],
  ['deep page 5000, status=approved', 'page=5000&status=approved'],
];

const scenarios = allScenarios.filter(([name]) => !args.only || name.includes(args.only));

type Row = { scenario: string; rps: number; p50: number; p95: number; p99: number; errors: number };

async function seed(database: Database, count: number, dataDir: string) {
  const started = Date.now();
  await seedAds(database.db, new LocalDiskStorage(path.join(dataDir, 'uploads')), {
    count,
    advertisers: Math.ceil(count / 10),
  });
  // As autovacuum would after a bulk load: statistics and the visibility map (index-only scans).
  await database.db.execute(sql`vacuum analyze`);
  return (Date.now() - started) / 1000;
}

/** The spec's approach: every ad in one response. Timed as query + mapping + JSON, no network. */
async function everyAdAtOnce(database: Database) {
  const started = performance.now();
  const rows = await database.db.select().from(advertisements);
  const body = JSON.stringify({ advertisements: rows.map(toAdvertisement) });
  return { ms: Math.round(performance.now() - started), mb: Math.round(body.length / 1e5) / 10 };
}

async function measureServer(url: string): Promise<Row[]> {
  const cookie = await apiSignIn(url);
  const rows: Row[] = [];
  for (const [scenario, query] of scenarios) {
    // A short warm-up so the first figures are not cold-cache outliers.
    await load({ url: `${url}/api/advertisements/list?${query}`, connections: 2, seconds: 1, headers: { cookie } });
    const r = await load({
      url: `${url}/api/advertisements/list?${query}`,
      connections: 10,
      seconds: SECONDS,
      headers: { cookie },
    });
    rows.push({ scenario, ...r });
    console.log(scenario, r);
  }
  return rows;
}

function table(title: string, rows: Row[], extra: string[]): string {
  return [
    `### ${title}`,
    '',
    ...extra,
    '',
    '| list request (page 1 unless said) | req/s | p50 ms | p95 ms | p99 ms | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.scenario} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`),
    '',
  ].join('\n');
}

async function benchPostgres(count: number): Promise<string> {
  const bin = findPgBin();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const cluster = await startPgCluster(bin, [
    '-c shared_buffers=1GB',
    '-c maintenance_work_mem=512MB',
    '-c max_wal_size=4GB',
    '-c work_mem=16MB',
  ]);
  const dataDir = tempDataDir('bo-bench-');
  try {
    const database = await openPostgres(cluster.url);
    const seconds = await seed(database, count, dataDir);
    const all = await everyAdAtOnce(database);
    await database.close();
    const server = await startServer({ dataDir, env: { DATABASE_URL: cluster.url, SEED_DEMO: 'false' } });
    try {
      const rows = await measureServer(server.url);
      const p50 = rows[0]!.p50;
      return table(`PostgreSQL 15, ${count.toLocaleString('en')} ads, 10 connections, ${SECONDS} s each`, rows, [
        `Seeding ${count.toLocaleString('en')} ads (+${Math.ceil(count / 10).toLocaleString('en')} advertisers): ${seconds.toFixed(0)} s.`,
        `Spec's approach, every ad in one response (query + JSON, no network): ${all.ms} ms and ${all.mb} MB per request, ` +
          `${Math.round(all.ms / p50)}× the default page's p50.`,
      ]);
    } finally {
      await server.stop();
    }
  } finally {
    cluster.stop();
    fs.rmSync(cluster.dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPglite(count: number): Promise<string> {
  const dataDir = tempDataDir('bo-bench-lite-');
  try {
    const database = await openPglite(path.join(dataDir, 'db'));
    const seconds = await seed(database, count, dataDir);
    const all = await everyAdAtOnce(database);
    await database.close();
    const server = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
    try {
      const rows = await measureServer(server.url);
      return table(`PGlite, ${count.toLocaleString('en')} ads, 10 connections, ${SECONDS} s each`, rows, [
        `Seeding: ${seconds.toFixed(0)} s.`,
        `Spec's approach, every ad in one response: ${all.ms} ms and ${all.mb} MB per request, ${Math.round(all.ms / rows[0]!.p50)}× the default page's p50.`,
      ]);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Development aid: the scenarios against a database seeded earlier (`npm run seed`), printed only. */
async function measureExisting(url: string) {
  const dataDir = tempDataDir('bo-bench-existing-');
  const server = await startServer({ dataDir, env: { DATABASE_URL: url, SEED_DEMO: 'false' } });
  try {
    console.log(table(`existing database, 10 connections, ${SECONDS} s each`, await measureServer(server.url), []));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (args['pg-url']) return measureExisting(args['pg-url']);
  const sections: string[] = [];
  if (!args['skip-pg']) sections.push(await benchPostgres(Number(args['pg-ads'])));
  if (!args['skip-pglite']) sections.push(await benchPglite(Number(args['pglite-ads'])));
  const command = `npm run bench:ads -- ${process.argv.slice(2).join(' ')}`.trim();
  const text = [
    `\n## ${new Date().toISOString().slice(0, 10)} — ads list (D16, issue 3)`,
    '',
    `Command: \`${command}\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Load generator in the same machine (loopback).`,
    '',
    ...sections,
  ].join('\n');
  if (!args.only) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
  console.log(text);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
