/**
 * `npm run bench:ads`: the ads list (docs/decisions/0014-ad-moderation-rules.md) on 1,000,000 ads in PostgreSQL and 100,000 in PGlite,
 * at 10 concurrent connections, beside the spec's original approach (one request returning every
 * ad). Loopback only, time-bounded; figures appended to bench/RESULTS.md.
 *
 * Every list scenario, the dashboard, a user detail and moderation writes run at each of
 * --connections (1,10,50). On PostgreSQL the same run measures a bare Fastify route with the same SQL
 * (bench/ceiling-server.ts) beside ours, so our overhead is a ratio (target ≥ 70%).
 *
 * Options: --pg-ads N[,N…] (100000,1000000), --pglite-ads N (100000), --seconds S (5), --skip-pglite, --skip-pg,
 * --pg-url URL (measure an already seeded PostgreSQL database instead of seeding one; not recorded),
 * --only TEXT (only scenarios whose name contains TEXT, the dashboard and users ones too, or `browser` or
 * `ceiling` with --pg-url; not recorded), --ceiling-passes N (3: pairs of passes, ours then the bare route, per
 * ceiling scenario; the figure is the median of the pairs' ratios), --skip-browser (no Chromium
 * benchmark, which otherwise runs on the largest PostgreSQL dataset: bench/browser.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openPglite, openPostgres, rowsOf, type Database } from '../server/src/db/client';
import { advertisements } from '../server/src/db/schema';
import { toAdvertisement } from '../server/src/modules/ads/ads-service';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { freePort } from '../server/test/support/pg-cluster';
import { startBenchCluster } from './pg-bench';
import { apiSignIn, startServer, tempDataDir } from '../e2e/support/server-process';
import { browserBench } from './browser';
import { load } from './load';
import { adListScenarios, asPagerAsks } from './ads-views';

const { values: args } = parseArgs({
  options: {
    'pg-ads': { type: 'string', default: '100000,1000000' },
    'pglite-ads': { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '5' },
    'skip-pg': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'pg-url': { type: 'string' },
    only: { type: 'string' },
    connections: { type: 'string', default: '1,10,50' },
    'skip-browser': { type: 'boolean', default: false },
    /** Pairs of passes (ours, then the bare route) per ceiling scenario. */
    'ceiling-passes': { type: 'string', default: '3' },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = args.connections.split(',').map(Number);
const PASSES = Number(args['ceiling-passes']);

const allScenarios = adListScenarios;

const scenarios = allScenarios.filter(([name]) => !args.only || name.includes(args.only));

type Row = {
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
};

async function seed(database: Database, count: number, dataDir: string) {
  const started = Date.now();
  await seedAds(database.db, new LocalDiskStorage(path.join(dataDir, 'uploads')), {
    count,
    advertisers: Math.ceil(count / 10),
  });
  // As autovacuum would after a bulk load: statistics and the visibility map (index-only scans).
  await database.db.execute(sql`vacuum analyze`);
  return { seconds: (Date.now() - started) / 1000, targets: await targets(database) };
}

/**
 * The spec's approach: every ad in one response. Timed as query + mapping + JSON, no network.
 * Answers a sentence for RESULTS.md; `p50` is the default page's, for the ratio.
 */
async function everyAdAtOnce(database: Database): Promise<(p50: number) => string> {
  const started = performance.now();
  const rows = await database.db.select().from(advertisements);
  try {
    const body = JSON.stringify({ advertisements: rows.map(toAdvertisement) });
    const ms = Math.round(performance.now() - started);
    const mb = Math.round(body.length / 1e5) / 10;
    return (p50) =>
      `Spec's approach, every ad in one response (query + JSON, no network): ${ms} ms and ${mb} MB per request, ${Math.round(ms / p50)}× the default page's p50.`;
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    const ms = Math.round(performance.now() - started);
    return () =>
      `Spec's approach, every ad in one response: impossible here; after ${ms} ms the JSON outgrew the longest string V8 allows (${err.message}).`;
  }
}

type Targets = { pending: string[]; users: string[] };

async function targets(database: Database): Promise<Targets> {
  const pending = rowsOf<{ id: string }>(
    await database.db.execute(
      sql`select id from advertisements where status = 'pending' order by random() limit 200000`,
    ),
  ).map((r) => r.id);
  const users = rowsOf<{ id: string }>(
    await database.db.execute(sql`select id from users where not is_admin order by random() limit 2000`),
  ).map((r) => r.id);
  return { pending, users };
}

/** Requests that change each time: a random user's detail, or the next ad nobody has moderated. */
function generated(kind: 'user' | 'moderate', t: Targets, url: string, cookie: string) {
  return [
    {
      setupRequest: (req: Record<string, unknown>) => {
        if (kind === 'user')
          return { ...req, path: `/api/users/${t.users[Math.floor(Math.random() * t.users.length)]}` };
        const id = t.pending.pop();
        if (!id) throw new Error('ran out of pending ads to moderate');
        return {
          ...req,
          method: 'PUT',
          path: `/api/advertisements/${id}/status`,
          headers: { cookie, origin: url, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'approved' }),
        };
      },
    },
  ];
}

async function measure(
  url: string,
  name: string,
  connections: number,
  opts: { path?: string; requests?: unknown[] },
  cookie: string,
) {
  const headers = { cookie };
  // A short warm-up so the first figures are not cold-cache outliers.
  if (opts.path) await load({ url: `${url}${opts.path}`, connections: 2, seconds: 1, headers });
  const r = await load({
    url: `${url}${opts.path ?? '/'}`,
    connections,
    seconds: SECONDS,
    headers,
    requests: opts.requests,
  });
  console.log(connections, name, r);
  // Requests still queued when the load stopped would slow the next scenario (at 50 connections a
  // slow one leaves seconds of work behind): one more request waits behind them, FIFO.
  await fetch(`${url}${opts.path ?? '/api/health'}`, { headers }).then((res) => res.arrayBuffer());
  return { scenario: name, connections, ...r };
}

async function measureServer(url: string, t: Targets): Promise<Row[]> {
  const cookie = await apiSignIn(url);
  type Load = Parameters<typeof measure>[3];
  const others: [string, () => Load][] = [
    ['dashboard (as it opens: week)', () => ({ path: '/api/dashboard' })],
    ['dashboard (year)', () => ({ path: '/api/dashboard?period=year' })],
    ['users list page 1', () => ({ path: '/api/users?role=advertiser' })],
    ['users list search "perera"', () => ({ path: '/api/users?role=advertiser&q=perera' })],
    ['users count "perera" (once per search)', () => ({ path: '/api/users/count?role=advertiser&q=perera' })],
    ['users list page 500', () => ({ path: '/api/users?role=advertiser&page=500' })],
    ['user detail (random)', () => ({ requests: generated('user', t, url, cookie) })],
    ['approve (PUT status, each a new ad)', () => ({ requests: generated('moderate', t, url, cookie) })],
  ];
  const rows: Row[] = [];
  for (const connections of CONNECTIONS) {
    for (const [scenario, query] of scenarios) {
      const path = `/api/advertisements/list?${await asPagerAsks(url, cookie, query)}`;
      rows.push(await measure(url, scenario, connections, { path }, cookie));
    }
    for (const [scenario, load] of others)
      if (!args.only || scenario.includes(args.only))
        rows.push(await measure(url, scenario, connections, load(), cookie));
  }
  return rows;
}

const ceilingScenarios = allScenarios.filter(([name]) =>
  ['default (newest first)', 'status=pending', 'search "toyota"', 'deep page 5000'].includes(name),
);

/** Ours and the bare route, alternately, on the same database and session: throughput as a ratio. */
async function measureCeiling(ours: string, databaseUrl: string): Promise<string> {
  const port = await freePort();
  const ceiling = spawn(process.execPath, ['--import', 'tsx', 'bench/ceiling-server.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: 'inherit',
  });
  const bare = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${bare}/`).then(
          () => true,
          () => false,
        )
      )
        break;
      if (i > 200) throw new Error('ceiling server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const cookie = await apiSignIn(ours);
    // Each pair of passes (ours, then the bare route) gives a ratio; the median of the pairs' ratios
    // is the figure, so that the machine's drift between pairs falls on both sides of each.
    const lines = [
      `Ours and the bare route alternated, ${PASSES} pairs of ${SECONDS} s passes; req/s and p95 are medians.`,
      '',
      '| list request | connections | ours req/s | bare req/s | ours / bare, each pair | ours / bare, median | ours p95 ms | bare p95 ms |',
      '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
    ];
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const percent = (x: number) => `${Math.round(x * 100)}%`;
    for (const connections of CONNECTIONS)
      for (const [scenario, query] of ceilingScenarios) {
        const path = `/api/advertisements/list?${await asPagerAsks(ours, cookie, query)}`;
        const pairs: { a: Row; b: Row }[] = [];
        for (let i = 0; i < PASSES; i++) {
          const a = await measure(ours, scenario, connections, { path }, cookie);
          const b = await measure(bare, `${scenario} (bare)`, connections, { path }, cookie);
          if (b.errors) throw new Error(`bare route answered ${b.errors} errors`);
          pairs.push({ a, b });
        }
        const ratios = pairs.map(({ a, b }) => a.rps / b.rps);
        const of = (side: 'a' | 'b', key: 'rps' | 'p95') => median(pairs.map((p) => p[side][key]));
        lines.push(
          `| ${scenario} | ${connections} | ${of('a', 'rps')} | ${of('b', 'rps')} | ${ratios.map(percent).join(', ')} | ` +
            `${percent(median(ratios))} | ${of('a', 'p95')} | ${of('b', 'p95')} |`,
        );
      }
    return lines.join('\n');
  } finally {
    ceiling.kill('SIGTERM');
  }
}

function table(title: string, rows: Row[], extra: string[]): string {
  return [
    `### ${title}`,
    '',
    ...extra,
    '',
    '| request (ads list page 1 unless said) | connections | req/s | p50 ms | p95 ms | p99 ms | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) => `| ${r.scenario} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`,
    ),
    '',
  ].join('\n');
}

async function benchPostgres(count: number): Promise<string> {
  const cluster = await startBenchCluster();
  const dataDir = tempDataDir('bo-bench-');
  try {
    const database = await openPostgres(cluster.url);
    const { seconds, targets: t } = await seed(database, count, dataDir);
    const all = await everyAdAtOnce(database);
    await database.close();
    const server = await startServer({ dataDir, env: { DATABASE_URL: cluster.url, SEED_DEMO: 'false' } });
    try {
      const rows = await measureServer(server.url, t);
      const largest = Math.max(...args['pg-ads'].split(',').map(Number));
      const browser = args.only || args['skip-browser'] || count !== largest ? '' : await browserBench(server.url);
      const ceiling = args.only ? '' : await measureCeiling(server.url, cluster.url);
      const p50 = rows.find((r) => r.connections === 10)?.p50 ?? rows[0]!.p50;
      return table(`PostgreSQL 15, ${count.toLocaleString('en')} ads, ${SECONDS} s each`, rows, [
        `Seeding ${count.toLocaleString('en')} ads (+${Math.ceil(count / 10).toLocaleString('en')} advertisers): ${seconds.toFixed(0)} s.`,
        all(p50),
        '',
        'Our server beside the bare Fastify route with the same SQL and session look-up (bench/ceiling-server.ts):',
        '',
        ceiling,
        '',
        browser,
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
    const { seconds, targets: t } = await seed(database, count, dataDir);
    const all = await everyAdAtOnce(database);
    await database.close();
    const server = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
    try {
      const rows = await measureServer(server.url, t);
      return table(`PGlite, ${count.toLocaleString('en')} ads, ${SECONDS} s each`, rows, [
        `Seeding: ${seconds.toFixed(0)} s.`,
        all(rows.find((r) => r.connections === 10)?.p50 ?? rows[0]!.p50),
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
    const database = await openPostgres(url);
    const t = await targets(database);
    await database.close();
    if (args.only === 'browser') return console.log(await browserBench(server.url));
    if (args.only === 'ceiling') return console.log(await measureCeiling(server.url, url));
    const rows = await measureServer(server.url, t);
    const ceiling = args.only ? '' : await measureCeiling(server.url, url);
    console.log(table(`existing database, ${SECONDS} s each`, rows, [ceiling]));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (args['pg-url']) return measureExisting(args['pg-url']);
  const sections: string[] = [];
  // A dataset that fails is recorded as failed; the others still run and are recorded.
  const attempt = async (name: string, run: () => Promise<string>) =>
    sections.push(
      await run().catch((err: unknown) => {
        console.error(err);
        return `### ${name}\n\nFailed: ${err instanceof Error ? err.message : String(err)}\n`;
      }),
    );
  if (!args['skip-pg'])
    for (const n of args['pg-ads'].split(',').map(Number))
      await attempt(`PostgreSQL 15, ${n.toLocaleString('en')} ads`, () => benchPostgres(n));
  if (!args['skip-pglite']) {
    const n = Number(args['pglite-ads']);
    await attempt(`PGlite, ${n.toLocaleString('en')} ads`, () => benchPglite(n));
  }
  const command = `npm run bench:ads -- ${process.argv.slice(2).join(' ')}`.trim();
  const text = [
    `\n## ${new Date().toISOString().slice(0, 10)} — ads list, dashboard, detail and writes at 1/10/50 connections, with the bare-route ceiling (issues 3, 9)`,
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
