/**
 * `npm run bench:scale` (issue 37): the figures at --ads (10,000,000) beside --base (1,000,000), in
 * one run on one PostgreSQL cluster (two databases, the bench's settings):
 * 1. seeding each with the bulk path (`npm run seed -- --ads N`'s bulkSeedAds, then vacuum analyze);
 *    target: 10,000,000 ads in under 15 minutes;
 * 2. every ads list scenario of bench:ads (each view, filter, sort, search and deep page as the pager
 *    asks it), the dashboard and the users search, at --connections (10) for --seconds (5) each, on
 *    both sizes; targets at the larger: lists p95 < 50 ms and within 1.5× of the smaller, the
 *    dashboard p95 < 100 ms, the users search p95 < 50 ms;
 * 3. the export of every ad of the larger set streamed: rows a second (≥ 50,000) and the server's
 *    RSS (< 300 MB);
 * 4. a streaming standby made with `pg_basebackup -R`: the list's throughput at
 *    --replica-connections (50) against the primary alone and with DATABASE_REPLICA_URL (the ratio,
 *    same run), and the replication lag during --decision-rate (10) approvals a second for
 *    --decision-seconds (30), each approval's lag the time from its answer until the standby shows
 *    it (target p95 < 1 s).
 * Loopback only, time-bounded; removes its clusters and data directories at the end, on error or on
 * Ctrl-C; appends to bench/RESULTS.md with --record at the full size.
 *
 * Run: npm run bench:scale -- [--ads N] [--base N] [--seconds S] [--connections N]
 *   [--replica-connections N] [--decision-rate N] [--decision-seconds S] [--skip-replica] [--record]
 *   [--keep (after a finished run, leaves the primary running with both databases and prints its URL,
 *   to measure a change such as partitioning on the same data)]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../server/src/db/client';
import { bulkSeedAds } from '../server/src/seed/bulk-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { findPgBin, type PgCluster } from '../server/test/support/pg-cluster';
import { startStandby } from '../server/test/support/pg-standby';
import { apiSignIn, startServer, tempDataDir, type ServerProcess } from '../e2e/support/server-process';
import { adListScenarios, asPagerAsks } from './ads-views';
import { streamExport, type ExportFigures } from './export-stream';
import { load, type LoadResult } from './load';
import { MILLION_AD_SETTINGS, startBenchCluster } from './pg-bench';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '10000000' },
    base: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'replica-connections': { type: 'string', default: '50' },
    'decision-rate': { type: 'string', default: '10' },
    'decision-seconds': { type: 'string', default: '30' },
    'skip-replica': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    record: { type: 'boolean', default: false },
  },
});
const ADS = Number(args.ads);
const BASE = Number(args.base);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const FULL = 10_000_000;

/** What each size is measured on besides the lists, with its target p95 in ms. */
const OTHERS: [string, string, number][] = [
  ['dashboard (as it opens: week)', '/api/dashboard', 100],
  ['dashboard (year)', '/api/dashboard?period=year', 100],
  ['users search "perera"', '/api/users?role=advertiser&q=perera', 50],
  ['users count "perera" (once per search)', '/api/users/count?role=advertiser&q=perera', 50],
];
const LIST_P95 = 50;
const LIST_RATIO = 1.5;

const NOT_RUN: LoadResult = { rps: NaN, p50: NaN, p95: NaN, p99: NaN, errors: 0, requests: 0 };

type Measured = { name: string; path: string; target: number; result: LoadResult };

const count = (n: number) => n.toLocaleString('en');
const minutes = (s: number) => (s < 120 ? `${s.toFixed(0)} s` : `${(s / 60).toFixed(1)} min`);
const met = (ok: boolean) => (ok ? 'yes' : 'no');
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/** A client of its own (a standby refuses the migrations openPostgres runs). */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** A database of the cluster by name (`postgres` is the cluster's own). */
const databaseUrl = (cluster: PgCluster, name: string) => cluster.url.replace(/\/postgres$/, `/${name}`);

async function seed(url: string, ads: number, dataDir: string): Promise<number> {
  const started = performance.now();
  const database = await openPostgres(url);
  try {
    await bulkSeedAds(database.db, new LocalDiskStorage(path.join(dataDir, 'uploads')), {
      count: ads,
      advertisers: Math.ceil(ads / 10),
      progress: (done) => console.log(`  ${count(done)} ads (${minutes((performance.now() - started) / 1000)})`),
    });
    await database.db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

async function measure(
  server: ServerProcess,
  cookie: string,
  pathname: string,
  connections = CONNECTIONS,
  warmSeconds = 1,
) {
  const url = `${server.url}${pathname}`;
  await load({ url, connections: 2, seconds: warmSeconds, headers: { cookie } }); // warm-up
  const result = await load({ url, connections, seconds: SECONDS, headers: { cookie } });
  // Requests still queued when the load stopped would slow the next scenario: one more waits behind them.
  await fetch(url, { headers: { cookie } }).then((res) => res.arrayBuffer());
  return result;
}

/** Every list scenario and the others, on one server. */
async function measureAll(server: ServerProcess, label: string): Promise<Measured[]> {
  const cookie = await apiSignIn(server.url);
  const out: Measured[] = [];
  for (const [name, query] of adListScenarios) {
    const asked = await asPagerAsks(server.url, cookie, query).catch((err: Error) => {
      // A trial at a small size has fewer ads than a deep page needs; the full sizes have them.
      if (ADS >= FULL) throw err;
      return undefined;
    });
    if (asked === undefined) {
      out.push({ name, path: '', target: LIST_P95, result: { ...NOT_RUN } });
      continue;
    }
    const pathname = `/api/advertisements/list?${asked}`;
    out.push({ name, path: pathname, target: LIST_P95, result: await measure(server, cookie, pathname) });
    console.log(label, name, out.at(-1)!.result);
  }
  for (const [name, pathname, target] of OTHERS) {
    out.push({ name, path: pathname, target, result: await measure(server, cookie, pathname) });
    console.log(label, name, out.at(-1)!.result);
  }
  return out;
}

/**
 * Approvals at `rate` a second for `seconds` through the server (on the primary), each one's lag the
 * time from its answer until the standby shows it decided, watched every 10 ms.
 */
async function decisionLag(
  server: ServerProcess,
  primaryUrl: string,
  standbyUrl: string,
  rate: number,
  seconds: number,
) {
  const primary = await connect(primaryUrl);
  const standby = await connect(standbyUrl);
  const cookie = await apiSignIn(server.url);
  try {
    const { rows } = await primary.query<{ id: string }>(
      `select id::text from advertisements where status = 'pending' order by random() limit $1`,
      [rate * seconds],
    );
    const pending = rows.map((r) => r.id);
    const answered = new Map<string, number>();
    const lags: number[] = [];
    let errors = 0;
    let sending = true;
    const watcher = (async () => {
      while (sending || answered.size) {
        const ids = [...answered.keys()];
        if (ids.length) {
          const { rows: seen } = await standby.query<{ id: string }>(
            `select id::text from advertisements where id = any($1::uuid[]) and status <> 'pending'`,
            [ids],
          );
          const now = performance.now();
          for (const { id } of seen) {
            lags.push(now - answered.get(id)!);
            answered.delete(id);
          }
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const started = performance.now();
    const sent: Promise<void>[] = [];
    for (const [i, id] of pending.entries()) {
      await new Promise((r) => setTimeout(r, Math.max(0, started + (i * 1000) / rate - performance.now())));
      sent.push(
        fetch(`${server.url}/api/advertisements/${id}/status`, {
          method: 'PUT',
          headers: { cookie, origin: server.url, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'approved' }),
        }).then(async (res) => {
          await res.arrayBuffer();
          if (res.ok) answered.set(id, performance.now());
          else errors++;
        }),
      );
    }
    await Promise.all(sent);
    sending = false;
    await watcher;
    const sorted = lags.sort((a, b) => a - b);
    return {
      decisions: sorted.length,
      errors,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.at(-1) ?? NaN,
    };
  } finally {
    await primary.end();
    await standby.end();
  }
}

async function main() {
  const bin = findPgBin();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const cluster = await startBenchCluster();
  const clusters: PgCluster[] = [cluster];
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let keepPrimary = false;
  const cleanup = () => {
    for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
    for (const c of clusters.reverse()) {
      if (keepPrimary && c === cluster) {
        console.log(`cluster kept: ${c.url} (databases postgres and base; ${c.dir}: pg_ctl stop -D it when done)`);
        continue;
      }
      c.stop();
      fs.rmSync(c.dir, { recursive: true, force: true });
    }
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  };
  const interrupted = () => {
    cleanup();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const serve = async (env: Record<string, string>) => {
    const dataDir = tempDataDir('bo-bench-scale-');
    dirs.push(dataDir);
    const server = await startServer({ dataDir, env: { SEED_DEMO: 'false', ...env } });
    servers.push(server);
    return server;
  };
  try {
    const seedDir = tempDataDir('bo-bench-scale-seed-');
    dirs.push(seedDir);
    const admin = await connect(cluster.url);
    await admin.query('create database base');
    await admin.end();
    const baseUrl = databaseUrl(cluster, 'base');
    console.log(`seeding ${count(BASE)} ads`);
    const baseSeconds = await seed(baseUrl, BASE, seedDir);
    console.log(`seeding ${count(ADS)} ads`);
    const seedSeconds = await seed(cluster.url, ADS, seedDir);

    let server = await serve({ DATABASE_URL: baseUrl });
    const base = await measureAll(server, `${count(BASE)}:`);
    await server.stop();
    server = await serve({ DATABASE_URL: cluster.url });
    const large = await measureAll(server, `${count(ADS)}:`);
    console.log('export of every ad');
    const exported: ExportFigures = await streamExport(server, await apiSignIn(server.url));
    console.log(exported);
    const listPath = large[0]!.path;
    let replica:
      { alone: LoadResult; withReplica: LoadResult; lag: Awaited<ReturnType<typeof decisionLag>> } | undefined;
    if (!args['skip-replica']) {
      const connections = Number(args['replica-connections']);
      // Each on a server started for it and warmed alike (the JIT, the database's caches).
      await server.stop();
      server = await serve({ DATABASE_URL: cluster.url });
      const alone = await measure(server, await apiSignIn(server.url), listPath, connections, 10);
      await server.stop();
      console.log('primary alone', alone);
      // A base backup needs full page writes, which the bench's clusters turn off.
      const primary = await connect(cluster.url);
      await primary.query('alter system set full_page_writes = on');
      await primary.query('select pg_reload_conf()');
      await primary.end();
      let started = performance.now();
      const standby = await startStandby(bin, cluster, MILLION_AD_SETTINGS);
      clusters.push(standby);
      console.log(`standby made in ${minutes((performance.now() - started) / 1000)}`);
      server = await serve({ DATABASE_URL: cluster.url, DATABASE_REPLICA_URL: standby.url });
      const withReplica = await measure(server, await apiSignIn(server.url), listPath, connections, 10);
      console.log('with the replica', withReplica);
      started = performance.now();
      const lag = await decisionLag(
        server,
        cluster.url,
        standby.url,
        Number(args['decision-rate']),
        Number(args['decision-seconds']),
      );
      console.log('lag', lag, `${minutes((performance.now() - started) / 1000)}`);
      replica = { alone, withReplica, lag };
    }
    await server.stop();

    const lists = large.slice(0, adListScenarios.length);
    const ratio = (i: number) => large[i]!.result.p95 / base[i]!.result.p95;
    const worstP95 = lists.reduce((w, m, i) => (m.result.p95 > lists[w]!.result.p95 ? i : w), 0);
    const worstRatio = lists.reduce((w, _m, i) => (ratio(i) > ratio(w) ? i : w), 0);
    const listsMet = lists.every((m, i) => m.result.p95 < LIST_P95 && ratio(i) <= LIST_RATIO && !m.result.errors);
    const other = (name: string) => large.find((m) => m.name === name)!;
    const rowsPerSecond = exported.rows / (exported.totalMs / 1000);
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const text = [
      `\n## ${new Date().toISOString().slice(0, 10)} — ${count(ADS)} ads beside ${count(BASE)}, a streaming replica (issue 37)`,
      '',
      `Command: \`npm run bench:scale -- ${process.argv.slice(2).join(' ')}\`. Machine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end.`,
      `PostgreSQL, one cluster, two databases seeded by the bulk path; requests at ${CONNECTIONS} connections, ${SECONDS} s each.`,
      '',
      '| figure | measured | target | met |',
      '| --- | --- | --- | --- |',
      `| seeding ${count(ADS)} ads (bulkSeedAds, vacuum analyze) | ${minutes(seedSeconds)} (${count(BASE)}: ${minutes(baseSeconds)}) | < 15 min for 10,000,000 | ${met(seedSeconds < 900 * (ADS / FULL))} |`,
      `| every ads list scenario p95 at ${count(ADS)} | worst ${lists[worstP95]!.result.p95} ms (${lists[worstP95]!.name}); worst ratio to ${count(BASE)} ${ratio(worstRatio).toFixed(2)}× (${lists[worstRatio]!.name}) | < ${LIST_P95} ms and ≤ ${LIST_RATIO}× | ${met(listsMet)} |`,
      ...OTHERS.map(
        ([name, , target]) =>
          `| ${name} p95 | ${other(name).result.p95} ms | < ${target} ms | ${met(other(name).result.p95 < target && !other(name).result.errors)} |`,
      ),
      `| export of every ad | ${count(exported.rows)} rows in ${minutes(exported.totalMs / 1000)}, ${count(Math.round(rowsPerSecond))} rows/s; RSS ${exported.rssBefore} → at most ${exported.rssMax} MB | ≥ 50,000 rows/s, RSS < 300 MB | ${met(rowsPerSecond >= 50_000 && exported.rssMax < 300)} |`,
      ...(replica
        ? [
            `| the list at ${args['replica-connections']} connections, primary alone → with the replica | ${replica.alone.rps} → ${replica.withReplica.rps} req/s (${(replica.withReplica.rps / replica.alone.rps).toFixed(2)}×); p95 ${replica.alone.p95} → ${replica.withReplica.p95} ms | — | — |`,
            `| replication lag, ${args['decision-rate']} approvals a second for ${args['decision-seconds']} s | p50 ${Math.round(replica.lag.p50)} ms, p95 ${Math.round(replica.lag.p95)} ms, max ${Math.round(replica.lag.max)} ms; ${replica.lag.decisions} seen, ${replica.lag.errors} refused | p95 < 1 s | ${met(replica.lag.p95 < 1000 && !replica.lag.errors)} |`,
          ]
        : []),
      '',
      `| request | ${count(BASE)} p95 ms | ${count(ADS)} req/s | ${count(ADS)} p50 ms | ${count(ADS)} p95 ms | ratio | errors |`,
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...large.map(
        (m, i) =>
          `| ${m.name} | ${base[i]!.result.p95} | ${m.result.rps} | ${m.result.p50} | ${m.result.p95} | ${ratio(i).toFixed(2)}× | ${m.result.errors + base[i]!.result.errors} |`,
      ),
      '',
    ].join('\n');
    if (ADS >= FULL && args.record) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
    console.log(text);
    keepPrimary = args.keep;
  } finally {
    cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
