/**
 * Where a request's time goes (issue 37, part 5): the server under load with `--cpu-prof`, then the
 * profile's self time summed by package and by function. Seeds N ads on a throwaway PostgreSQL,
 * signs in, loads one path at C connections for S seconds, stops the server (which writes the
 * profile) and prints the table. Loopback only, time-bounded, removes its cluster at the end.
 *
 * Run: node --import tsx bench/profile-list.ts [--ads N (20000)] [--path P] [--seconds S (15)]
 *   [--connections C (10)] [--out DIR]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../server/src/db/client';
import { apiSignIn, spawnServer, startServer, tempDataDir } from '../e2e/support/server-process';
import { MILLION_AD_SETTINGS, startBenchCluster, removeBenchCluster, runBench, seedUnanalysed } from './pg-bench';
import { load } from './load';
import { largestProfile, now, summarise } from './cpu-profile';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '20000' },
    path: { type: 'string', default: '/api/advertisements/list?status=pending' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '10' },
    /** Profile bench/ceiling-server.ts (the bare route) instead of our server. */
    ceiling: { type: 'boolean', default: false },
    out: { type: 'string', default: '' },
  },
});

async function main() {
  // pg_stat_statements: the statements a request runs, counted over the load.
  const cluster = await startBenchCluster([...MILLION_AD_SETTINGS, '-c shared_preload_libraries=pg_stat_statements']);
  const dataDir = tempDataDir('bo-bench-profile-');
  const out = args.out || fs.mkdtempSync(path.join(dataDir, '..', 'bo-profile-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const database = await openPostgres(cluster.url);
    const ads = Number(args.ads);
    await seedUnanalysed(database.db, dataDir, ads);
    server = await startServer({
      dataDir,
      env: { DATABASE_URL: cluster.url, SEED_DEMO: 'false' },
      command: [process.execPath, '--cpu-prof', `--cpu-prof-dir=${out}`, '--import', 'tsx', 'server/src/main.ts'],
    });
    const cookie = await apiSignIn(server.url);
    const url = `${server.url}${args.path}`;
    if (args.ceiling) {
      // The bare route on our server's port, once ours has stopped (its profile removed).
      await server.stop();
      for (const f of fs.readdirSync(out)) fs.rmSync(path.join(out, f));
      const proc = spawnServer(dataDir, server.port, { DATABASE_URL: cluster.url }, [
        process.execPath,
        '--cpu-prof',
        `--cpu-prof-dir=${out}`,
        '--import',
        'tsx',
        'bench/ceiling-server.ts',
      ]);
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      server = { ...server, proc, stop: async () => (proc.kill('SIGTERM'), exited) } as typeof server;
      for (let i = 0; ; i++) {
        const ok = await fetch(url, { headers: { cookie } }).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (i > 300 || proc.exitCode !== null) throw new Error('ceiling server did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await load({ url, connections: 2, seconds: 2, headers: { cookie } });
    await database.db.execute(sql`select pg_stat_statements_reset()`);
    const window = { from: now(), to: 0 };
    const result = await load({
      url,
      connections: Number(args.connections),
      seconds: Number(args.seconds),
      headers: { cookie },
    });
    window.to = now();
    console.log(args.path, result);
    const statements = rowsOf<{ calls: number; ms: number; query: string }>(
      await database.db.execute(sql`select calls::int, round(mean_exec_time::numeric, 3)::float8 as ms,
        left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 140) as query
        from pg_stat_statements where calls >= ${Math.floor(result.requests / 10)} order by calls desc limit 15`),
    );
    console.log('statements per request (calls / requests), mean ms, statement:');
    for (const s of statements)
      console.log(`${(s.calls / result.requests).toFixed(2).padStart(6)}  ${String(s.ms).padStart(7)}  ${s.query}`);
    await database.close();
    await server.stop();
    server = undefined;
    const { file, profile } = largestProfile(out);
    console.log(`profile: ${file}`);
    console.log(summarise(profile, window, result.requests));
  } finally {
    if (server?.proc.exitCode === null) server.proc.kill('SIGKILL');
    removeBenchCluster(cluster, dataDir);
  }
}

runBench(main);
