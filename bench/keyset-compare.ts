/**
 * Keyset paging against the code before it, on the same data (docs/decisions/0020-keyset-paging.md):
 *
 *   node --import tsx bench/keyset-compare.ts --old-tree DIR (--old-url URL --new-url URL | --seed N)
 *     [--same] [--seconds S] [--rounds R] [--only TEXT]
 *
 * `--old-tree` is a checkout of the earlier commit (its own node_modules); `--old-url` and `--new-url`
 * are two copies of one seeded database (e.g. `createdb -T`), so each server migrates its own.
 * `--seed N` makes them instead: a throwaway PostgreSQL cluster, N ads seeded by the old tree's code
 * (as bench:ads seeds them, then VACUUM ANALYZE), copied with CREATE DATABASE … TEMPLATE.
 * `--same` measures the comparison itself: this tree is both "old" and "new" (two processes, two
 * database copies, the same interleaved order, both asked the new paths), so the table shows the
 * difference the method reports between identical servers, the noise any real difference must exceed. Both
 * servers run at once and every scenario is measured old, new, new, old (× rounds), so a machine
 * that slows down during the run slows both alike; the table gives each side's medians. Deep
 * pages: the old code asks page N by number; the new one asks it as its pager does, after the last
 * row of page N-1 (that cursor is fetched once beforehand). The last page: by number, or as its
 * last rows. Prints a Markdown table.
 */
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { apiSignIn, ADMIN, tempDataDir } from '../e2e/support/server-process';
import { freePort } from '../server/test/support/pg-cluster';
import { startBenchCluster } from './pg-bench';
import { load, type LoadResult } from './load';
import { adListViews } from './ads-views';

const { values: args } = parseArgs({
  options: {
    'old-tree': { type: 'string' },
    'old-url': { type: 'string' },
    'new-url': { type: 'string' },
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    same: { type: 'boolean', default: false },
    seed: { type: 'string' },
  },
});
const NEW_TREE = fileURLToPath(new URL('..', import.meta.url));
const OLD_TREE = args.same ? NEW_TREE : path.resolve(args['old-tree'] ?? '');
if (!args.same && !args['old-tree']) throw new Error('--old-tree DIR, or --same');
if (!args.seed && !(args['old-url'] && args['new-url'])) throw new Error('--old-url and --new-url, or --seed N');
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const DEEP_PAGE = 5000;

type Server = { url: string; cookie: string; stop: () => void };

async function start(tree: string, databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: tree,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tempDataDir('bo-keyset-'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`server in ${tree} exited`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 1200) throw new Error(`server in ${tree} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, cookie: await apiSignIn(url), stop: () => proc.kill('SIGTERM') };
}

async function getJson<T>(server: Server, pathAndQuery: string): Promise<T> {
  const res = await fetch(`${server.url}${pathAndQuery}`, { headers: { cookie: server.cookie } });
  if (!res.ok) throw new Error(`${pathAndQuery}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type List = { total: number | null; advertisements: { _id: string }[]; cursors: { end: string | null } };

/** The paths old and new ask for each scenario: page 1, a deep page, the last page. */
async function scenarios(fresh: Server): Promise<[string, string, string][]> {
  const out: [string, string, string][] = [];
  for (const [name, query] of adListViews) {
    const base = `/api/advertisements/list?${query}${query ? '&' : ''}`;
    out.push([`${name}, page 1`, base.slice(0, -1), base.slice(0, -1)]);
    const first = await getJson<List>(fresh, `${base}page=1`);
    const total = first.total ?? (await getJson<{ total: number }>(fresh, `/api/advertisements/count?${query}`)).total;
    const pages = Math.ceil(total / 10);
    const deep = Math.min(DEEP_PAGE, pages - 1);
    if (deep < 3) continue;
    const before = await getJson<List>(fresh, `${base}page=${deep - 1}`);
    out.push([
      `${name}, page ${deep.toLocaleString('en')}`,
      args.same ? `${base}page=${deep}&after=${encodeURIComponent(before.cursors.end!)}` : `${base}page=${deep}`,
      `${base}page=${deep}&after=${encodeURIComponent(before.cursors.end!)}`,
    ]);
    if (name === 'default (newest first)' || name === 'sort heading asc' || name === 'status=pending')
      out.push([
        `${name}, last page (${pages.toLocaleString('en')})`,
        args.same ? `${base}page=${pages}&last=${total - (pages - 1) * 10}` : `${base}page=${pages}`,
        `${base}page=${pages}&last=${total - (pages - 1) * 10}`,
      ]);
  }
  return out.filter(([name]) => !args.only || name.includes(args.only));
}

async function measure(server: Server, pathAndQuery: string): Promise<LoadResult> {
  const headers = { cookie: server.cookie };
  const url = `${server.url}${pathAndQuery}`;
  await load({ url, connections: 2, seconds: 1, headers });
  const r = await load({ url, connections: CONNECTIONS, seconds: SECONDS, headers });
  if (r.errors) throw new Error(`${pathAndQuery}: ${r.errors} errors`);
  await fetch(url, { headers }).then((res) => res.arrayBuffer());
  return r;
}

/**
 * A throwaway cluster with `count` ads seeded by `tree`'s code (the old one: the new server migrates
 * its copy at start, while the old code could not read a database the new migrations have changed),
 * and two copies of it.
 */
async function seeded(tree: string, count: number) {
  const cluster = await startBenchCluster(['-c shared_buffers=1GB', '-c max_wal_size=4GB', '-c work_mem=16MB']);
  const script = `
    import path from 'node:path';
    import { sql } from 'drizzle-orm';
    import { openPostgres } from './server/src/db/client.ts';
    import { seedAds } from './server/src/seed/demo-ads.ts';
    import { LocalDiskStorage } from './server/src/storage/file-storage.ts';
    const database = await openPostgres(process.env.SEED_URL);
    await seedAds(database.db, new LocalDiskStorage(path.join(process.env.SEED_DIR, 'uploads')), {
      count: ${count}, advertisers: ${Math.ceil(count / 10)},
    });
    await database.db.execute(sql\`vacuum analyze\`);
    await database.close();`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: tree,
    env: { ...process.env, SEED_URL: cluster.url, SEED_DIR: tempDataDir('bo-keyset-seed-') },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) {
    cluster.stop('fast');
    throw new Error(`seeding in ${tree} failed`);
  }
  // From template1: the copy's source must have no connection open, ours included.
  const admin = new pg.Client({ connectionString: cluster.url.replace(/\/postgres$/, '/template1') });
  try {
    await admin.connect();
    await admin.query('create database keyset_new template postgres');
  } catch (err) {
    cluster.stop('fast');
    throw err;
  } finally {
    await admin.end().catch(() => {});
  }
  const copy = cluster.url.replace(/\/postgres$/, '/keyset_new');
  return { cluster, oldUrl: cluster.url, newUrl: copy };
}

async function main() {
  const made = args.seed ? await seeded(OLD_TREE, Number(args.seed)) : undefined;
  const servers = await Promise.allSettled([
    start(OLD_TREE, made?.oldUrl ?? args['old-url']!),
    start(NEW_TREE, made?.newUrl ?? args['new-url']!),
  ]);
  const [oldServer, newServer] = servers.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
  try {
    if (!oldServer || !newServer) throw new Error('a server did not start');
    const list = await scenarios(newServer);
    // Both must show the same ads: otherwise the comparison is of different work.
    for (const [name, oldPath, newPath] of list) {
      const [a, b] = await Promise.all([getJson<List>(oldServer, oldPath), getJson<List>(newServer, newPath)]);
      const ids = (l: List) => l.advertisements.map((x) => x._id).join();
      if (ids(a) !== ids(b)) throw new Error(`${name}: old and new show different ads`);
    }
    const lines = [
      `${args.same ? 'Same code as both old and new (--same). ' : ''}Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; ${CONNECTIONS} connections, ${SECONDS} s each, old/new/new/old × ${args.rounds}, medians of the runs.`,
      '',
      '| request | old req/s | new req/s | new / old | old p95 ms | new p95 ms |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
    ];
    for (const [name, oldPath, newPath] of list) {
      const olds: LoadResult[] = [];
      const news: LoadResult[] = [];
      for (let round = 0; round < Number(args.rounds); round++) {
        olds.push(await measure(oldServer, oldPath));
        news.push(await measure(newServer, newPath));
        news.push(await measure(newServer, newPath));
        olds.push(await measure(oldServer, oldPath));
      }
      // Medians: on a machine shared with other work one run in four can be half as fast.
      const median = (xs: number[]) => {
        const s = [...xs].sort((a, b) => a - b);
        return (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
      };
      const rps = (rs: LoadResult[]) => Math.round(median(rs.map((r) => r.rps)));
      const p95 = (rs: LoadResult[]) => Math.round(median(rs.map((r) => r.p95)) * 10) / 10;
      const line = `| ${name} | ${rps(olds)} | ${rps(news)} | ${Math.round((rps(news) / rps(olds)) * 100)}% | ${p95(olds)} | ${p95(news)} |`;
      console.error(line);
      lines.push(line);
    }
    console.log(lines.join('\n'));
  } finally {
    oldServer?.stop();
    newServer?.stop();
    made?.cluster.stop('fast');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
