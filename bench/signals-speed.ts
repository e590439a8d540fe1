/**
 * The trust signals' speed figures of issue 33 on PostgreSQL among N ads (1,000,000), side by side
 * in one run (docs/decisions/0029-trust-signals.md):
 * 1. a new ad's signals while 20 ads a second arrive for 60 s (plain SQL inserts; the trigger queues
 *    the job, the server's worker analyses them): p50/p95/max from commit to analysis; target p95 ≤ 5 s;
 * 2. the ads list with `risk` and `signals` at 10 connections, p95 without analysis (today's list)
 *    and with it: the seeded database is copied before the backfill, a server serves each copy, and
 *    after the backfill their passes alternate (so that the machine's drift falls on both); target ≤ 1.1×
 *    (a signal filter's against today's page 1, and not run on the copy, which has no kind indexes);
 * 3. the backfill of the N ads, text only (the module's function, as `npm run signals:backfill --
 *    --text-only` runs it, while the server serves): ads/s and the time for 1,000,000; target < 30 min;
 * 4. the duplicate lookup of random analysed ads, one request at a time (a moderator opening an ad):
 *    p95 < 20 ms; at 10 connections beside it, for the record (docs/decisions/0029-trust-signals.md,
 *    "The duplicate lookup's figure").
 * (The image hash rate is bench/signals.ts's.) Seeded with seedAds, each ad with words of its own and
 * every 50th a repost (bench/signals-speed-data.ts). Loopback only, time-bounded, removes its
 * cluster and data directory at the end, on error or on Ctrl-C; appends to bench/RESULTS.md at the
 * full size unless --no-record.
 *
 * Run: node --import tsx bench/signals-speed.ts [--ads N (1000000)] [--seconds S (60)] [--rate N (20)]
 *   [--grace S (30)] [--photos N (2)] [--list-seconds S (10)] [--passes N (5)] [--connections N (10)] [--no-record]
 *   [--keep (leaves the cluster running after the run and prints its URL, to study a statement)]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../server/src/db/client';
import { rebuildSummary } from '../server/src/modules/ads/ads-repository';
import { backfill } from '../server/src/modules/signals/signals-backfill';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { copyDatabase, KIND_INDEXES, startBenchCluster } from './pg-bench';
import { apiSignIn, startServer, tempDataDir } from '../e2e/support/server-process';
import { load, type LoadResult } from './load';
import { arrivals } from './signals-arrivals';
import { LISTS, ownBaseline, randomDuplicates, seedAdjust } from './signals-speed-data';
import { seeded } from './signals/random';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '20' },
    grace: { type: 'string', default: '30' },
    photos: { type: 'string', default: '2' },
    'list-seconds': { type: 'string', default: '10' },
    passes: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'no-record': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const ADS = Number(args.ads);
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const LIST_SECONDS = Number(args['list-seconds']);
const PASSES = Number(args.passes);
const CONNECTIONS = Number(args.connections);
const FULL = 1_000_000;

const ms = (n: number) => (Number.isFinite(n) ? `${n}` : '—');
const secs = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)} s` : 'not analysed');
const duration = (s: number) => (s < 120 ? `${s.toFixed(0)} s` : `${(s / 60).toFixed(1)} min`);
const met = (ok: boolean) => (ok ? 'yes' : 'no');

type Side = 'before' | 'after';
const BEFORE_DB = 'not_analysed';

async function main() {
  const cluster = await startBenchCluster();
  const dataDir = tempDataDir('bo-bench-signals-');
  const beforeDir = tempDataDir('bo-bench-signals-before-');
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let beforeServer: Awaited<ReturnType<typeof startServer>> | undefined;
  const cleanup = () => {
    for (const s of [server, beforeServer]) if (s?.proc.exitCode === null) s.proc.kill('SIGKILL');
    if (args.keep) return console.log(`cluster kept: ${cluster.url} (${cluster.dir}; pg_ctl stop -D it when done)`);
    cluster.stop();
    fs.rmSync(cluster.dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(beforeDir, { recursive: true, force: true });
  };
  const interrupted = () => {
    cleanup();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let database: Awaited<ReturnType<typeof openPostgres>> | undefined;
  /** PostgreSQL's dirty pages written (checkpoint), then the kernel's (sync). */
  const settle = async () => {
    await database!.db.execute(sql`checkpoint`);
    execFileSync('sync');
  };
  try {
    database = await openPostgres(cluster.url);
    let db = database.db;
    const storage = new LocalDiskStorage(path.join(dataDir, 'uploads'));
    let started = performance.now();
    // Nothing queued by the seed at any size (seedAds bypasses the triggers above 20,000 ads only):
    // the backfill analyses every seeded ad, and the worker has nothing to do before the arrivals.
    await db.execute(sql`alter table advertisements disable trigger user`);
    await seedAds(db, storage, { count: ADS, advertisers: Math.ceil(ADS / 10), adjust: seedAdjust(seeded(33)) });
    await db.execute(sql`alter table advertisements enable trigger user`);
    if (ADS <= 20_000) await rebuildSummary(db); // seedAds rebuilds it above that
    await db.execute(sql`vacuum analyze`);
    const seedSeconds = (performance.now() - started) / 1000;
    // Today's list is served from a copy of the seeded database that is never analysed, without the
    // kind indexes (migration 0039) it did not have. No connection may stay on the source meanwhile.
    await database.close();
    const beforeUrl = await copyDatabase(cluster.url, BEFORE_DB, KIND_INDEXES);
    database = await openPostgres(cluster.url);
    db = database.db;
    // The pages the seed, its vacuum and the copy dirtied written now, not by a checkpoint or the
    // kernel's writeback during the lists (the same after the backfill).
    await settle();

    // The bench signs in with a password alone (PostgreSQL asks admins for a second factor by default).
    const serve = (url: string, dir: string) =>
      startServer({ dataDir: dir, env: { DATABASE_URL: url, SEED_DEMO: 'false', REQUIRE_2FA: 'false' } });
    server = await serve(cluster.url, dataDir);
    beforeServer = await serve(beforeUrl, beforeDir);
    const servers = { before: beforeServer, after: server };
    // Signed in after the backfill: at 1,000,000 ads it outlasts the 30 idle minutes of a session.
    const cookies = { before: '', after: '' };
    const signIn = async () => {
      cookies.before = await apiSignIn(beforeServer!.url);
      cookies.after = await apiSignIn(server!.url);
    };
    const run = async (
      pathname: string,
      requests?: unknown[],
      connections = CONNECTIONS,
      side: Side = 'after',
    ): Promise<LoadResult> => {
      const url = `${servers[side].url}${pathname}`;
      const headers = { cookie: cookies[side] };
      await load({ url, connections: 2, seconds: 1, headers, requests });
      return load({ url, connections, seconds: LIST_SECONDS, headers, requests });
    };
    // A signal's page is compared with today's page 1, so it is not run on today's copy: without
    // the kind indexes, each of its requests would walk every ad and hold the cores for the passes after.
    const lists = async (side: Side) => {
      const out: LoadResult[] = [];
      for (const [name, pathname] of LISTS) {
        if (side === 'before' && !ownBaseline(pathname)) {
          out.push(out[0]!); // keeps the indexes of LISTS; never read (its figure is page 1's)
          continue;
        }
        out.push(await run(pathname, undefined, CONNECTIONS, side));
        console.log(side, name, out.at(-1));
      }
      return out;
    };

    console.log('backfill, text only');
    started = performance.now();
    let shown = 0;
    const filled = await backfill(
      { db, storage, clock: () => new Date() },
      {
        textOnly: true,
        onProgress: (p) => {
          if (performance.now() - shown < 10_000) return;
          shown = performance.now();
          console.log(`  ${p.done} / ${p.total} ads, ${Math.round(p.done / ((shown - started) / 1000))}/s`);
        },
      },
    );
    const backfillSeconds = (performance.now() - started) / 1000;
    const backfillRate = filled.analysed / backfillSeconds;
    started = performance.now();
    await db.execute(sql`vacuum analyze`);
    const vacuumSeconds = (performance.now() - started) / 1000;
    await settle();
    const [counts] = rowsOf<{ analysed: number; duplicates: number }>(
      await db.execute(sql`select (select count(*)::int from ad_analysis) as analysed,
        (select count(*)::int from ad_signals where kind = 'duplicate_text') as duplicates`),
    );
    console.log(filled, counts, `${backfillSeconds.toFixed(1)} s`);

    await signIn();
    // A warm-up pass on each (the first pass after a start pays for compiling and cold caches), then
    // PASSES rounds, the order turned each round (before, after; after, before; …). Each list's
    // figures are those of its pass with the median p95: one pass of 10 s moves by up to 20 %.
    console.log('warm-up');
    await lists('before');
    await lists('after');
    const passes: Record<Side, LoadResult[][]> = { before: [], after: [] };
    for (let i = 0; i < PASSES; i++) {
      const order: Side[] = i % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
      for (const side of order) passes[side].push(await lists(side));
    }
    const median = (side: Side) =>
      LISTS.map((_, j) => {
        const sorted = passes[side].map((p) => p[j]!).sort((a, b) => a.p95 - b.p95);
        return sorted[Math.floor((sorted.length - 1) / 2)]!;
      });
    const before = median('before');
    const after = median('after');
    await beforeServer.stop();

    const ids = async (query: ReturnType<typeof sql>) =>
      rowsOf<{ id: string }>(await db.execute(query)).map((r) => r.id);
    const anyAd = await ids(sql`select ad_id::text as id from ad_analysis order by random() limit 5000`);
    const reposts = await ids(
      sql`select ad_id::text as id from ad_signals where kind = 'duplicate_text' order by random() limit 5000`,
    );
    // [name, connections, result]: the figure is one request at a time; 10 connections for the record.
    const lookups: [string, number, LoadResult][] = [];
    for (const connections of [1, CONNECTIONS]) {
      lookups.push(['random analysed ad', connections, await run('/', randomDuplicates(anyAd), connections)]);
      if (reposts.length)
        lookups.push([
          'random ad flagged duplicate_text',
          connections,
          await run('/', randomDuplicates(reposts), connections),
        ]);
    }
    for (const [name, connections, r] of lookups) console.log('duplicates,', name, connections, r);

    console.log(`arrivals: ${RATE}/s for ${SECONDS} s`);
    const live = await arrivals(db, storage, seeded(34), {
      rate: RATE,
      seconds: SECONDS,
      grace: Number(args.grace),
      photos: Number(args.photos),
    });
    console.log(live);

    const projected = FULL / backfillRate;
    const size = ADS.toLocaleString('en');
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const text = [
      `\n## ${new Date().toISOString().slice(0, 10)} — trust signals' speed on PostgreSQL (issue 33)`,
      '',
      `Command: \`node --import tsx bench/signals-speed.ts ${process.argv.slice(2).join(' ')}\`. Machine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end.`,
      `${size} ads seeded in ${duration(seedSeconds)} (own words each, every 50th a repost of an earlier one); lists at ${CONNECTIONS} connections on a copy of the seeded database never analysed (before) and on the analysed one (after), served by a server each; after a warm-up pass on each, ${PASSES} rounds alternating their order, each list's figure the pass with the median p95; lookups one at a time and at ${CONNECTIONS}; ${LIST_SECONDS} s each.`,
      '',
      '| figure | measured | target | met |',
      '| --- | --- | --- | --- |',
      `| a new ad's signals, ${RATE} ads/s for ${SECONDS} s (${args.photos} own photos each), commit → analysed | p50 ${secs(live.p50)}, p95 ${secs(live.p95)}, max ${secs(live.max)}; ${live.analysed} of ${live.inserted} analysed, ${live.missing} not within ${args.grace} s after the last; insert p95 ${live.insertP95} ms | p95 ≤ 5 s | ${met(live.p95 <= 5 && live.missing === 0)} |`,
      // docs/decisions/0029-trust-signals.md, "The list's figure".
      ...LISTS.map(([name, pathname], i) => {
        const base = ownBaseline(pathname) ? i : 0;
        const today = base === i ? 'the same list' : "today's page 1";
        return `| ads list (${name}) p95, ${today} not analysed → analysed | ${before[base]!.p95} ms → ${after[i]!.p95} ms (${(after[i]!.p95 / before[base]!.p95).toFixed(2)}×) | ≤ 1.1× | ${met(after[i]!.p95 <= 1.1 * before[base]!.p95)} |`;
      }),
      `| backfill, text only, while the server serves | ${filled.analysed.toLocaleString('en')} ads in ${duration(backfillSeconds)}, ${Math.round(backfillRate)} ads/s → 1,000,000 in ${duration(projected)}${ADS >= FULL ? '' : ' (projected)'}; vacuum analyze after it ${duration(vacuumSeconds)} | < 30 min for 1,000,000 | ${met(projected < 1800)} |`,
      ...lookups.map(([name, connections, r]) =>
        connections === 1
          ? `| duplicate lookup p95 (${name}), one at a time | ${ms(r.p95)} ms | < 20 ms | ${met(r.p95 < 20 && r.errors === 0)} |`
          : `| duplicate lookup p95 (${name}) at ${connections} connections, for the record | ${ms(r.p95)} ms | — | — |`,
      ),
      '',
      `Backfill: ${counts!.analysed.toLocaleString('en')} ads analysed in all, ${counts!.duplicates.toLocaleString('en')} flagged duplicate_text.`,
      '',
      '| request | when | req/s | p50 ms | p95 ms | p99 ms | errors |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
      ...LISTS.flatMap(([name, pathname], i) => [
        ...(ownBaseline(pathname)
          ? [
              `| ads list (${name}) | analysis columns empty | ${before[i]!.rps} | ${before[i]!.p50} | ${before[i]!.p95} | ${before[i]!.p99} | ${before[i]!.errors} |`,
            ]
          : []),
        `| ads list (${name}) | analysed | ${after[i]!.rps} | ${after[i]!.p50} | ${after[i]!.p95} | ${after[i]!.p99} | ${after[i]!.errors} |`,
      ]),
      ...lookups.map(
        ([name, connections, r]) =>
          `| duplicates (${name}), ${connections} connection${connections === 1 ? '' : 's'} | analysed | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`,
      ),
      '',
    ].join('\n');
    if (ADS >= FULL && !args['no-record']) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
    console.log(text);
  } finally {
    await database?.close();
    await server?.stop();
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
