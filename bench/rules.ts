/**
 * The moderation rules' figures of issue 34 (docs/decisions/0030-moderation-rules.md), in one run:
 * 1. evaluation, in process: 100 live rules of mixed conditions (bench/rules-data.ts) over the facts
 *    of --eval-ads new ads. Per ad, every rule's test in run order (no deciding rule ends the run
 *    early: the bound), the rules compiled once per batch of BATCH ads as the live run does on the
 *    embedded database (rules-apply.ts), the compile's share added to each ad; beside it the compile
 *    paid by one ad (PostgreSQL analyses one ad per job). Target: p95 < 2 ms.
 * 2. a backtest over --limit (100,000) decided ads on PostgreSQL among --ads (1,000,000) ads: the plan
 *    of a batch's statement (EXPLAIN ANALYZE at the start and halfway), one backtest alone, then the
 *    ads list at --connections (10) for --seconds without a backtest and with backtests running back
 *    to back. Targets: the backtest < 60 s; the list's p95 with them ≤ 1.1× without.
 * Loopback only, time-bounded; removes its cluster and data directory at the end, on error or on
 * Ctrl-C; appends to bench/RESULTS.md only with --record.
 *
 * Run: npm run bench:rules -- [--ads N (1000000)] [--limit N (100000)] [--seconds S (60)]
 *   [--connections N (10)] [--eval-ads N (20000)] [--record] [--pg-url URL (seeded already: bench/seed-million.ts;
 *   its rule and backtests are deleted at the end)] [--batch N] [--rest-ratio R (the server's BACKTEST_BATCH and
 *   BACKTEST_REST_RATIO; unset: its defaults)]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Backtest } from '@backoffice/contract';
import { openPostgres, rowsOf, type Db } from '../server/src/db/client';
import { rebuildSummary } from '../server/src/modules/ads/ads-repository';
import { decidedBatch } from '../server/src/modules/rules/rules-backtest-repository';
import { compileRule, inRunOrder } from '../server/src/rules/evaluate';
import { seedAds } from '../server/src/seed/demo-ads';
import { createRng } from '../server/src/seed/random';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { apiSignIn, startServer, tempDataDir } from '../e2e/support/server-process';
import { load, type LoadResult } from './load';
import { startBenchCluster } from './pg-bench';
import { adFacts, BACKTEST_RULE, mixedRules, seedAdjust } from './rules-data';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '1000000' },
    limit: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '10' },
    'eval-ads': { type: 'string', default: '20000' },
    record: { type: 'boolean', default: false },
    'pg-url': { type: 'string' },
    // The server's BACKTEST_BATCH and BACKTEST_REST_RATIO (unset: the server's defaults).
    batch: { type: 'string' },
    'rest-ratio': { type: 'string' },
  },
});
const ADS = Number(args.ads);
const LIMIT = Number(args.limit);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const RULES = 100;
/** Ads the live run judges with one read of the rules (the analysis's batch). */
const BATCH = 10;
const LIST = '/api/advertisements/list';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const fixed = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '—');
const met = (ok: boolean) => (ok ? 'yes' : 'no');

/**
 * Part 1: the evaluation of 100 live rules, per new ad: the tests alone, and with the compile of the
 * rules shared by a batch of BATCH ads (the embedded database's analysis batch) or paid by one ad
 * alone (PostgreSQL's analysis runs one job per ad).
 */
function evaluation(count: number) {
  const r = createRng(341);
  const facts = Array.from({ length: count }, () => adFacts(r));
  const stored = mixedRules(RULES);
  const tests: number[] = [];
  const shared: number[] = [];
  const alone: number[] = [];
  let matches = 0;
  for (let pass = 0; pass < 2; pass++) {
    // The first pass warms the JIT up; the second is measured.
    for (const a of [tests, shared, alone]) a.length = 0;
    matches = 0;
    for (let i = 0; i < facts.length; i += BATCH) {
      const c0 = performance.now();
      const rules = inRunOrder(stored).map(compileRule);
      const compile = performance.now() - c0;
      for (const f of facts.slice(i, i + BATCH)) {
        const t0 = performance.now();
        for (const rule of rules) if (rule.test(f)) matches++;
        const t = performance.now() - t0;
        tests.push(t);
        shared.push(t + compile / BATCH);
        alone.push(t + compile);
      }
    }
  }
  const figures = (a: number[]) => {
    a.sort((x, y) => x - y);
    return { p50: pct(a, 0.5), p95: pct(a, 0.95), max: a.at(-1)! };
  };
  return { tests: figures(tests), shared: figures(shared), alone: figures(alone), matchesPerAd: matches / count };
}

/** EXPLAIN ANALYZE of a batch's statement, at the start and `depth` decided ads in. */
async function plans(db: Db, depth: number) {
  const [key] = rowsOf<{ at: string; id: string }>(
    await db.execute(sql`select moderated_at::text as at, id::text as id from advertisements
      where status in ('approved', 'rejected') and moderated_at is not null
      order by moderated_at desc, id desc offset ${depth} limit 1`),
  );
  const out: { where: string; text: string }[] = [];
  for (const [where, after] of [
    ['first batch', undefined],
    [`after ${depth.toLocaleString('en')} decided ads`, key],
  ] as const) {
    const rows = rowsOf<{ 'QUERY PLAN': string }>(
      await db.execute(sql`explain (analyze, buffers, costs off) ${decidedBatch(after, 500)}`),
    );
    out.push({ where, text: rows.map((r) => r['QUERY PLAN']).join('\n') });
  }
  // Both statuses read backwards from the index, nothing sorted but the two branches' rows.
  const indexed = out.every(
    (p) =>
      (p.text.match(/Index Scan Backward using ads_status_moderated_at_idx/g) ?? []).length === 2 &&
      !/Seq Scan|Bitmap/.test(p.text),
  );
  return { plans: out, indexed };
}

async function main() {
  console.log(`evaluation: ${RULES} live rules over ${args['eval-ads']} ads' facts`);
  const evaluated = evaluation(Number(args['eval-ads']));
  console.log(evaluated);

  const cluster = args['pg-url'] ? undefined : await startBenchCluster();
  const pgUrl = args['pg-url'] ?? cluster!.url;
  const dataDir = tempDataDir('bo-bench-rules-');
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const cleanup = () => {
    if (server?.proc.exitCode === null) server.proc.kill('SIGKILL');
    cluster?.stop();
    if (cluster) fs.rmSync(cluster.dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const interrupted = () => {
    cleanup();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let database: Awaited<ReturnType<typeof openPostgres>> | undefined;
  let ruleId: string | undefined;
  try {
    database = await openPostgres(pgUrl);
    const db = database.db;
    const started = performance.now();
    if (!args['pg-url']) {
      // No analysis queued by the seed (the ads come analysed: risk and signals set by seedAdjust).
      await db.execute(sql`alter table advertisements disable trigger user`);
      await seedAds(db, new LocalDiskStorage(path.join(dataDir, 'uploads')), {
        count: ADS,
        advertisers: Math.ceil(ADS / 10),
        adjust: seedAdjust(),
      });
      await db.execute(sql`alter table advertisements enable trigger user`);
      if (ADS <= 20_000) await rebuildSummary(db); // seedAds rebuilds it above that
      await db.execute(sql`vacuum analyze`);
    }
    const seedSeconds = (performance.now() - started) / 1000;
    const [{ ads, decided } = { ads: 0, decided: 0 }] = rowsOf<{ ads: number; decided: number }>(
      await db.execute(sql`select count(*)::int as ads, count(*) filter (where status <> 'pending')::int as decided
        from advertisements`),
    );
    const limit = Math.min(LIMIT, decided);
    const planned = await plans(db, Math.floor(limit / 2));
    for (const p of planned.plans) console.log(`plan, ${p.where}:\n${p.text}`);
    [{ id: ruleId }] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into moderation_rules (name, sort_order, conditions, action)
        values (${`Bench: fee from a new seller, ${new Date().toISOString()}`}, 0, ${JSON.stringify(BACKTEST_RULE.conditions)}::jsonb,
          ${JSON.stringify(BACKTEST_RULE.action)}::jsonb) returning id`),
    );

    const pace = {
      ...(args.batch ? { BACKTEST_BATCH: args.batch } : {}),
      ...(args['rest-ratio'] ? { BACKTEST_REST_RATIO: args['rest-ratio'] } : {}),
    };
    server = await startServer({ dataDir, env: { DATABASE_URL: pgUrl, SEED_DEMO: 'false', ...pace } });
    const url = server.url;
    const cookie = await apiSignIn(url);
    const api = async (method: string, pathname: string, body?: unknown) => {
      const res = await fetch(`${url}${pathname}`, {
        method,
        headers: { cookie, origin: url, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Backtest;
    };
    const base = `/api/moderation-rules/${ruleId}`;
    /** One backtest to its end (or until `stop`, when it is cancelled): its seconds from the server's times. */
    const backtest = async (stop?: { now: boolean }) => {
      let b = await api('POST', `${base}/backtest`, { limit });
      while (b.state === 'running') {
        await new Promise((r) => setTimeout(r, 500));
        b = await api('GET', `${base}/backtests/${b._id}`);
        if (stop?.now && b.state === 'running') b = await api('POST', `${base}/backtests/${b._id}/cancel`);
      }
      return { ...b, seconds: (Date.parse(b.finishedAt!) - Date.parse(b.startedAt)) / 1000 };
    };
    const list = (seconds: number, connections = CONNECTIONS): Promise<LoadResult> =>
      load({ url: `${url}${LIST}`, connections, seconds, headers: { cookie } });

    console.log(`backtest of ${limit} decided ads, alone`);
    const alone = await backtest();
    console.log(alone);

    await list(3, 2); // warm-up
    console.log(`ads list at ${CONNECTIONS} connections, ${SECONDS} s, without a backtest`);
    const without = await list(SECONDS);
    console.log(without);
    console.log('… with backtests back to back');
    const stop = { now: false };
    const during: (Backtest & { seconds: number })[] = [];
    const backtests = (async () => {
      while (!stop.now) during.push(await backtest(stop));
    })();
    const withBacktests = await list(SECONDS);
    stop.now = true;
    await backtests;
    console.log(withBacktests, during);
    const finished = during.filter((b) => b.state === 'done');
    const slowest = finished.reduce<(typeof finished)[number] | undefined>(
      (a, b) => (a && a.seconds >= b.seconds ? a : b),
      undefined,
    );
    const ratio = withBacktests.p95 / without.p95;
    const per100k = (b: { seconds: number; scanned: number }) => (b.seconds * 100_000) / Math.max(1, b.scanned);

    const size = ads.toLocaleString('en');
    const command = process.argv
      .slice(2)
      .join(' ')
      .replace(/--pg-url \S+/, '--pg-url URL');
    const text = [
      `\n## ${new Date().toISOString().slice(0, 10)} — moderation rules: evaluation and backtest (issue 34)`,
      '',
      `Command: \`npm run bench:rules -- ${command}\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end.`,
      `PostgreSQL, ${size} ads ${args['pg-url'] ? 'seeded before (--pg-url)' : `seeded in ${fixed(seedSeconds, 0)} s`} (${decided.toLocaleString('en')} decided); the list is \`${LIST}\` at ${CONNECTIONS} connections, ${SECONDS} s each.`,
      '',
      '| figure | measured | target | met |',
      '| --- | --- | --- | --- |',
      `| a new ad's ${RULES} live rules, per ad, compiled once per ${BATCH} ads | p50 ${fixed(evaluated.shared.p50, 3)} ms, p95 ${fixed(evaluated.shared.p95, 3)} ms, max ${fixed(evaluated.shared.max, 2)} ms over ${args['eval-ads']} ads (${fixed(evaluated.matchesPerAd, 1)} rules match an ad) | p95 < 2 ms | ${met(evaluated.shared.p95 < 2)} |`,
      `| … compiled for the one ad | p50 ${fixed(evaluated.alone.p50, 3)} ms, p95 ${fixed(evaluated.alone.p95, 3)} ms | p95 < 2 ms | ${met(evaluated.alone.p95 < 2)} |`,
      `| … the tests alone | p50 ${fixed(evaluated.tests.p50, 3)} ms, p95 ${fixed(evaluated.tests.p95, 3)} ms | — | — |`,
      `| backtest of ${limit.toLocaleString('en')} decided ads, alone | ${fixed(alone.seconds, 1)} s (${alone.scanned.toLocaleString('en')} scanned, ${alone.matched.toLocaleString('en')} matched; ${fixed(per100k(alone), 1)} s per 100,000) | — | — |`,
      `| backtest while the list is under load | ${finished.length} finished in ${SECONDS} s${slowest ? `, slowest ${fixed(slowest.seconds, 1)} s (${fixed(per100k(slowest), 1)} s per 100,000)` : ''} | < 60 s for 100,000 | ${met(!!slowest && per100k(slowest) < 60)} |`,
      `| ads list p95, without → with backtests running | ${without.p95} ms → ${withBacktests.p95} ms (${fixed(ratio)}×) | ≤ 1.1× | ${met(ratio <= 1.1)} |`,
      `| a batch's statement reads ads_status_moderated_at_idx backwards for both statuses, no table sort | ${planned.indexed ? 'yes' : 'no (plans below)'} | yes | ${met(planned.indexed)} |`,
      '',
      '| request | when | req/s | p50 ms | p95 ms | p99 ms | errors |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
      `| ads list | without a backtest | ${without.rps} | ${without.p50} | ${without.p95} | ${without.p99} | ${without.errors} |`,
      `| ads list | backtests running | ${withBacktests.rps} | ${withBacktests.p50} | ${withBacktests.p95} | ${withBacktests.p99} | ${withBacktests.errors} |`,
      '',
      ...(planned.indexed ? [] : planned.plans.map((p) => `Plan, ${p.where}:\n\n\`\`\`\n${p.text}\n\`\`\`\n`)),
    ].join('\n');
    if (args.record) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
    console.log(text);
  } finally {
    // A database seeded before is left as it was: the rule goes, its backtests with it.
    if (args['pg-url'] && ruleId)
      await database?.db.execute(sql`delete from moderation_rules where id = ${ruleId}::uuid`);
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
