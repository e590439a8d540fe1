/**
 * What one approve costs (issue 37, part 5: an approve's p95 at 10 connections, target < 20 ms): the
 * server's process and PostgreSQL's CPU per approve, read from /proc over --seconds of approves at
 * --connections (each a pending ad nobody has decided, as bench/ads.ts sends them), less the same
 * time idle; the approves' p50/p95; the statements an approve ran (pg_stat_statements: calls per
 * approve, mean ms). With --profile, the server's self time by package and function.
 *
 * Run: npm run bench:approve-cost -- [--ads N (100000)] [--connections C (10)] [--seconds S (10)]
 *   [--rounds N (2)] [--profile] [--waits]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../server/src/db/client';
import { apiSignIn, startServer, tempDataDir } from '../e2e/support/server-process';
import { largestProfile, now, summarise, type Window } from './cpu-profile';
import { loadCalls } from './load';
import { COST_SETTINGS, startBenchCluster, removeBenchCluster, runBench, seedUnanalysed } from './pg-bench';
import { byRoleLine, measureCpu, postmasterOf, statementLines } from './proc-cpu';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    profile: { type: 'boolean', default: false },
    /** Samples what the busy backends wait on (pg_stat_activity every 5 ms) in the last round. */
    waits: { type: 'boolean', default: false },
  },
});
const ADS = Number(args.ads);
const SECONDS = Number(args.seconds);

/** What the active backends wait on, sampled every 5 ms on a connection of its own until stopped. */
function sampleWaits(url: string) {
  const seen = new Map<string, number>();
  let running = true;
  const done = (async () => {
    const own = await openPostgres(url);
    let samples = 0;
    while (running) {
      const rows = rowsOf<{ w: string }>(
        await own.db.execute(sql`select coalesce(wait_event_type || ':' || wait_event, 'CPU') || '  ' ||
          left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 50) as w
          from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend'`),
      );
      samples++;
      for (const r of rows) seen.set(r.w, (seen.get(r.w) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 5));
    }
    await own.close();
    return [...seen]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([w, n]) => `  ${(n / samples).toFixed(2).padStart(6)} backends  ${w}`)
      .join('\n');
  })();
  return {
    stop: () => {
      running = false;
      return done;
    },
  };
}

async function main() {
  const cluster = await startBenchCluster(COST_SETTINGS);
  const dataDir = tempDataDir('bo-bench-approve-cost-');
  const out = fs.mkdtempSync(path.join(dataDir, '..', 'bo-profile-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const database = await openPostgres(cluster.url);
    const db = database.db;
    await seedUnanalysed(db, dataDir, ADS);
    const pending = rowsOf<{ id: string }>(
      await db.execute(sql`select id from advertisements where status = 'pending' order by random()`),
    ).map((r) => r.id);
    server = await startServer({
      dataDir,
      env: { DATABASE_URL: cluster.url, SEED_DEMO: 'false' },
      ...(args.profile
        ? {
            command: [process.execPath, '--cpu-prof', `--cpu-prof-dir=${out}`, '--import', 'tsx', 'server/src/main.ts'],
          }
        : {}),
    });
    const url = server.url;
    const cookie = await apiSignIn(url);
    const approve = async () => {
      const id = pending.pop();
      if (!id) throw new Error('ran out of pending ads');
      const res = await fetch(`${url}/api/advertisements/${id}/status`, {
        method: 'PUT',
        headers: { cookie, origin: url, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'approved' }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`approve answered ${res.status}`);
    };
    const postmaster = postmasterOf(cluster.dir);
    const measure = <T>(work: () => Promise<T>) => measureCpu(server!.proc.pid!, postmaster, work);
    const approves = (seconds: number) => loadCalls({ concurrency: Number(args.connections), seconds, run: approve });
    await approves(3);
    const fmt = (n: number) => n.toFixed(3);
    const window: Window = { from: 0, to: 0 };
    let decided = 0;
    for (let round = 1; round <= Number(args.rounds); round++) {
      const idle = await measure(() => new Promise((r) => setTimeout(r, SECONDS * 1000)));
      await db.execute(sql`select pg_stat_statements_reset()`);
      window.from = now();
      const waits = args.waits && round === Number(args.rounds) ? sampleWaits(cluster.url) : undefined;
      const own = process.cpuUsage();
      const busy = await measure(() => approves(SECONDS));
      window.to = now();
      const ownMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(own));
      const wall = (window.to - window.from) / 1000;
      if (waits) console.log(await waits.stop());
      const r = busy.result;
      const n = r.requests - r.errors;
      decided = n;
      console.log(
        `round ${round}: ${n} approves (${r.errors} errors, ${r.rps.toFixed(0)}/s, p50 ${r.p50} ms, p95 ${r.p95} ms); ` +
          `per approve: node ${fmt((busy.node - idle.node) / n)} ms, postgres ${fmt((busy.pg - idle.pg) / n)} ms`,
      );
      const share = (ms: number) => `${((100 * ms) / wall).toFixed(0)} %`;
      console.log(
        `  cores busy during the round (of 200 %): server ${share(busy.node)}, postgres ${share(busy.pg)}, ` +
          `this bench (the client) ${share(ownMs)}`,
      );
      console.log(byRoleLine(busy.by, idle.by, n, 'approve'));
      for (const line of await statementLines(db, n, 15)) console.log(line);
    }
    await database.close();
    await server.stop();
    if (args.profile) {
      console.log(summarise(largestProfile(out).profile, window, decided, 40));
    }
  } finally {
    await server?.stop();
    fs.rmSync(out, { recursive: true, force: true });
    removeBenchCluster(cluster, dataDir);
  }
}

runBench(main);
