/**
 * What one public report costs in CPU (issue 35; docs/decisions/0034-reports.md): the server's
 * process and PostgreSQL's, read from /proc before and after --seconds of reports paced at --rate
 * with nothing else loading the server, less the same time idle, divided by the reports answered.
 * Beside it, the statements a report ran (pg_stat_statements: calls per report, mean ms). The
 * bench:reports figure is a ratio of the ads list under reports; this is its cause, per report, and
 * moves less with the machine's other work (CPU time, not latency). Reports as bench/reports.ts
 * sends them: a new reporter each, a random ad of a 20,000-ad sample.
 *
 * Run: npm run bench:report-cost -- [--ads N (100000)] [--rate N (200)] [--seconds S (20)]
 *   [--rounds N (2)] [--profile] [--perf] [--log-level L (warn)]
 * --perf records every process with `perf record -a -g` during the last round and prints
 * PostgreSQL's processes' functions by self time (perf reads the symbols Debian's postgres exports).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../server/src/db/client';
import { startServer, tempDataDir } from '../e2e/support/server-process';
import { largestProfile, now, summarise, type Window } from './cpu-profile';
import { paced } from './load';
import { COST_SETTINGS, startBenchCluster, removeBenchCluster, runBench, seedUnanalysed } from './pg-bench';
import { byRoleLine, measureCpu, postmasterOf, statementLines } from './proc-cpu';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '100000' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
    /** The server under --cpu-prof, the last round's self time printed (its CPU figures then include the profiler's). */
    profile: { type: 'boolean', default: false },
    /** PostgreSQL's processes under `perf record` in the last round, their functions by self time printed. */
    perf: { type: 'boolean', default: false },
    /** The server's LOG_LEVEL (the benches' servers log at warn; production's default is info). */
    'log-level': { type: 'string', default: 'warn' },
  },
});
const ADS = Number(args.ads);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const TOKEN = 'bench-report-token-0123456789abcdef';
async function main() {
  const cluster = await startBenchCluster(COST_SETTINGS);
  const dataDir = tempDataDir('bo-bench-report-cost-');
  const out = fs.mkdtempSync(path.join(dataDir, '..', 'bo-profile-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const database = await openPostgres(cluster.url);
    const db = database.db;
    await seedUnanalysed(db, dataDir, ADS);
    const adIds = rowsOf<{ id: string }>(
      await db.execute(sql`select id from advertisements tablesample system (20) limit 20000`),
    ).map((r) => r.id);
    server = await startServer({
      dataDir,
      env: {
        DATABASE_URL: cluster.url,
        SEED_DEMO: 'false',
        PUBLIC_REPORT_TOKENS: TOKEN,
        REPORTS_PER_MINUTE: String(Math.max(1200, RATE * 60 * 2)),
        REPORTS_PER_REPORTER: '1000',
        LOG_LEVEL: args['log-level'],
      },
      ...(args.profile
        ? {
            command: [process.execPath, '--cpu-prof', `--cpu-prof-dir=${out}`, '--import', 'tsx', 'server/src/main.ts'],
          }
        : {}),
    });
    const postmaster = postmasterOf(cluster.dir);
    const run = `cost-${Date.now().toString(36)}`;
    const intake = (seconds: number, tag: string) =>
      paced({
        url: `${server!.url}/api/public/reports`,
        rate: RATE,
        seconds,
        headers: { authorization: `Bearer ${TOKEN}` },
        post: (i) =>
          JSON.stringify({
            kind: 'ad',
            adId: adIds[Math.floor(Math.random() * adIds.length)],
            reason: 'scam',
            text: `Cost report ${i}`,
            reporter: { email: `${run}-${tag}${i}@bench.test`, address: `10.${(i >> 8) & 255}.${i & 255}.1` },
          }),
      });
    const measure = <T>(work: () => Promise<T>) => measureCpu(server!.proc.pid!, postmaster, work);
    await intake(3, 'w');
    const fmt = (n: number) => n.toFixed(3);
    const window: Window = { from: 0, to: 0 };
    let reports = 0;
    for (let round = 1; round <= Number(args.rounds); round++) {
      const idle = await measure(() => new Promise((r) => setTimeout(r, SECONDS * 1000)));
      await db.execute(sql`select pg_stat_statements_reset()`);
      window.from = now();
      const last = round === Number(args.rounds);
      const perf =
        args.perf && last
          ? spawn('perf', ['record', '-F', '499', '-a', '-g', '-o', path.join(out, 'perf.data')], { stdio: 'ignore' })
          : undefined;
      const busy = await measure(() => intake(SECONDS, `r${round}-`));
      window.to = now();
      if (perf) await new Promise((r) => perf.once('exit', r).kill('SIGINT'));
      const r = busy.result as Awaited<ReturnType<typeof intake>>;
      const n = r.requests - r.errors;
      reports = n;
      console.log(
        `round ${round}: ${n} reports (${r.errors} errors, p50 ${r.p50} ms, p95 ${r.p95} ms); per report: ` +
          `node ${fmt((busy.node - idle.node) / n)} ms, postgres ${fmt((busy.pg - idle.pg) / n)} ms ` +
          `(idle ${SECONDS} s: node ${idle.node} ms, postgres ${idle.pg} ms)`,
      );
      console.log(byRoleLine(busy.by, idle.by, n, 'report'));
      for (const line of await statementLines(db, n, 12)) console.log(line);
    }
    const [kinds] = rowsOf<{ reported: number; pending: number }>(
      await db.execute(sql`select (select count(*)::int from advertisements where signal_kinds @> array['reported'])
        as reported, (select count(*)::int from ad_reports where queue_priority is not null) as pending`),
    );
    console.log(`ads with the reported kind: ${kinds?.reported}; reported pending ads: ${kinds?.pending}`);
    if (args.perf) {
      const report = ['report', '-i', path.join(out, 'perf.data'), '--comm', 'postgres', '--no-children'].concat([
        '--sort',
        'sym',
        '--stdio',
        '--percentage',
        'relative',
        '--percent-limit',
        '0.7',
        '-g',
        'none',
      ]);
      const printed = spawnSync('perf', report, { encoding: 'utf8', maxBuffer: 1 << 26 });
      console.log(
        printed.stdout
          .split('\n')
          .filter((l) => l && !l.startsWith('#'))
          .slice(0, 70)
          .join('\n'),
      );
    }
    await database.close();
    await server.stop();
    if (args.profile) {
      console.log(summarise(largestProfile(out).profile, window, reports, 40));
    }
  } finally {
    await server?.stop();
    fs.rmSync(out, { recursive: true, force: true });
    removeBenchCluster(cluster, dataDir);
  }
}

runBench(main);
