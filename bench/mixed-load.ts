/**
 * `npm run bench:load` (issue 8.7, 9.3): mixed admin traffic against the real server on PostgreSQL
 * and on PGlite, each seeded with the same ads. After a warm-up, `--seconds` (60) of traffic at
 * `--connections` (50): ads lists with filters, searches and pages, the dashboard, user lists and
 * user details, moderation (each approve/reject on an ad nobody has moderated yet, so every answer
 * must be 200), image edits and banner uploads. Counts errors (anything but 2xx) and samples the
 * server's resident memory once a second. Loopback only, bounded in time; figures appended to
 * bench/RESULTS.md.
 *
 * Options: --ads N (100000), --seconds S (60), --warmup S (15), --connections C (50), --skip-pg,
 * --skip-pglite, --no-record.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, rowsOf, type Database } from '../server/src/db/client';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { startBenchCluster } from './pg-bench';
import { formParts, multipart, validFields } from '../server/test/support/banner-factories';
import { images } from '../server/test/support/banner-images';
import { apiSignIn, startServer, tempDataDir, type ServerProcess } from '../e2e/support/server-process';
import { rssMb } from './export-stream';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    'skip-pg': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'no-record': { type: 'boolean', default: false },
  },
});
const ADS = Number(args.ads);
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);

type Targets = { pending: Array<{ id: string; images: string[] }>; users: string[] };

/** What the traffic needs to know about the data: ads nobody has moderated, and some advertisers. */
async function targets(database: Database): Promise<Targets> {
  const pending = rowsOf<{ id: string; images: string[] }>(
    await database.db.execute(sql`select id, images from advertisements where status = 'pending' order by random()`),
  );
  const users = rowsOf<{ id: string }>(
    await database.db.execute(sql`select id from users where not is_admin order by random() limit 2000`),
  ).map((r) => r.id);
  return { pending, users };
}

async function seed(database: Database, dataDir: string): Promise<{ seconds: number; targets: Targets }> {
  const started = Date.now();
  await seedAds(database.db, new LocalDiskStorage(path.join(dataDir, 'uploads')), {
    count: ADS,
    advertisers: Math.ceil(ADS / 10),
  });
  await database.db.execute(sql`vacuum analyze`);
  return { seconds: (Date.now() - started) / 1000, targets: await targets(database) };
}

const listQueries = [
  '',
  'status=pending',
  'status=approved&category=Vehicles',
  'district=Kandy',
  'q=toyota',
  'q=land',
  'sort=heading&order=asc',
  'status=rejected&sort=username&order=desc',
];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

type Kind = 'list' | 'count' | 'dashboard' | 'users' | 'user' | 'moderate' | 'images' | 'upload';
/** Share of each kind of request, in percent. */
const mix: Array<[Kind, number]> = [
  ['list', 40],
  ['count', 5],
  ['dashboard', 10],
  ['users', 8],
  ['user', 12],
  ['moderate', 15],
  ['images', 5],
  ['upload', 5],
];

/** A request generator over the data: every moderation takes the next ad nobody has moderated yet. */
function traffic(t: Targets, url: string, cookie: string) {
  let nextPending = 0;
  const banner = multipart(formParts(validFields({ name: 'Load test banner' }), { data: images.png() }));
  const json = { cookie, origin: url, 'content-type': 'application/json' };
  const read = { cookie };
  const stats = Object.fromEntries(mix.map(([k]) => [k, { sent: 0, ok: 0, failed: {} as Record<string, number> }]));
  const total = mix.reduce((a, [, w]) => a + w, 0);

  function kindOf(): Kind {
    let r = Math.random() * total;
    for (const [kind, weight] of mix) if ((r -= weight) < 0) return kind;
    return 'list';
  }

  function request(kind: Kind): {
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: string | Buffer;
  } {
    switch (kind) {
      case 'list':
        return {
          method: 'GET',
          path: `/api/advertisements/list?page=${1 + Math.floor(Math.random() * 20)}&${pick(listQueries)}`,
          headers: read,
        };
      case 'count':
        return {
          method: 'GET',
          path: `/api/advertisements/count?q=${pick(['toyota', 'land', 'nimal', 'colombo'])}`,
          headers: read,
        };
      case 'dashboard':
        return { method: 'GET', path: `/api/dashboard?period=${pick(['week', 'month', 'year'])}`, headers: read };
      case 'users':
        return {
          method: 'GET',
          path: `/api/users?role=advertiser&page=${1 + Math.floor(Math.random() * 50)}`,
          headers: read,
        };
      case 'user':
        return { method: 'GET', path: `/api/users/${pick(t.users)}`, headers: read };
      case 'moderate': {
        const ad = t.pending[nextPending++];
        if (!ad) return request('list');
        const reject = Math.random() < 0.3;
        return {
          method: 'PUT',
          path: `/api/advertisements/${ad.id}/status`,
          headers: json,
          body: JSON.stringify(
            reject ? { status: 'rejected', rejectionReason: 'Duplicate advertisement' } : { status: 'approved' },
          ),
        };
      }
      case 'images': {
        const ad = t.pending[t.pending.length - 1 - Math.floor(Math.random() * Math.min(1000, t.pending.length))];
        if (!ad) return request('list');
        return {
          method: 'PUT',
          path: `/api/advertisements/${ad.id}/images`,
          headers: json,
          body: JSON.stringify({ images: ad.images }),
        };
      }
      case 'upload':
        return {
          method: 'POST',
          path: '/api/banner-ads',
          headers: { ...read, origin: url, 'content-type': banner.contentType },
          body: banner.payload,
        };
    }
  }

  return {
    stats,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
          const kind = kindOf();
          context.kind = kind;
          stats[kind]!.sent++;
          return { ...req, ...request(kind) };
        },
        onResponse: (status: number, body: string, context: Record<string, unknown>) => {
          const s = stats[context.kind as Kind]!;
          if (status >= 200 && status < 300) s.ok++;
          else {
            const key = `${status} ${body.slice(0, 80)}`;
            s.failed[key] = (s.failed[key] ?? 0) + 1;
          }
        },
      },
    ],
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function run(url: string, seconds: number, requests: unknown[]): Promise<autocannon.Result> {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error('load tests target loopback only');
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: seconds, requests: requests as autocannon.Request[] },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function measure(server: ServerProcess, t: Targets, label: string): Promise<string> {
  const cookie = await apiSignIn(server.url);
  const pid = server.proc.pid!;
  const started = rssMb(pid);
  const warm = traffic(t, server.url, cookie);
  await run(server.url, WARMUP, warm.requests);
  const afterWarmup = rssMb(pid);

  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(pid)), 1000);
  const main = traffic({ ...t, pending: t.pending.slice(warm.stats.moderate!.sent + 10) }, server.url, cookie);
  const result = await run(server.url, SECONDS, main.requests);
  clearInterval(sampler);
  const last = rssMb(pid);
  const peak = Math.max(...samples, last);
  // One sample can fall in a garbage collector's trough or peak: compare the medians of the first
  // and the last 10 s of the run instead.
  const early = median(samples.slice(0, 10));
  const end = median(samples.slice(-10));
  const growth = Math.round(((end - early) / early) * 1000) / 10;
  const errors = result.errors + result.non2xx + result.timeouts;
  console.log(label, { rps: result.requests.average, errors, started, afterWarmup, early, end, peak }, main.stats);

  const failures = Object.entries(main.stats)
    .flatMap(([kind, s]) => Object.entries(s.failed).map(([k, n]) => `${kind}: ${n} × ${k}`))
    .join('; ');
  return [
    `### ${label}`,
    '',
    `| requests | req/s | p50 ms | p97.5 ms | p99 ms | max ms | errors | RSS at start | after warm-up | first 10 s (median) | last 10 s (median) | peak | growth (last / first 10 s) |`,
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${result.requests.total} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p97_5} | ${result.latency.p99} | ${result.latency.max} | ${errors} | ${started} MB | ${afterWarmup} MB | ${early} MB | ${end} MB | ${peak} MB | ${growth}% |`,
    '',
    `Requests by kind (sent / 2xx): ${Object.entries(main.stats)
      .map(([kind, s]) => `${kind} ${s.sent}/${s.ok}`)
      .join(', ')}.${failures ? ` Failures: ${failures}.` : ''}`,
    '',
  ].join('\n');
}

async function onPostgres(): Promise<string> {
  const cluster = await startBenchCluster(['-c shared_buffers=512MB', '-c max_wal_size=4GB']);
  const dataDir = tempDataDir('bo-load-pg-');
  try {
    const database = await openPostgres(cluster.url);
    const seeded = await seed(database, dataDir);
    await database.close();
    const server = await startServer({ dataDir, env: { DATABASE_URL: cluster.url, SEED_DEMO: 'false' } });
    try {
      return await measure(
        server,
        seeded.targets,
        `PostgreSQL 15, ${ADS.toLocaleString('en')} ads (seeded in ${seeded.seconds.toFixed(0)} s), ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP} s warm-up`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    cluster.stop();
    fs.rmSync(cluster.dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite(): Promise<string> {
  const dataDir = tempDataDir('bo-load-lite-');
  try {
    const database = await openPglite(path.join(dataDir, 'db'));
    const seeded = await seed(database, dataDir);
    await database.close();
    const server = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
    try {
      return await measure(
        server,
        seeded.targets,
        `PGlite, ${ADS.toLocaleString('en')} ads (seeded in ${seeded.seconds.toFixed(0)} s), ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP} s warm-up`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const sections: string[] = [];
  if (!args['skip-pg']) sections.push(await onPostgres());
  if (!args['skip-pglite']) sections.push(await onPglite());
  const command = `npm run bench:load -- ${process.argv.slice(2).join(' ')}`.trim();
  const text = [
    `\n## ${new Date().toISOString().slice(0, 10)} — mixed admin traffic (issues 8.7, 9.3)`,
    '',
    `Command: \`${command}\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Load generator on the same machine (loopback). Mix: ${mix.map(([k, w]) => `${k} ${w}%`).join(', ')}.`,
    '',
    ...sections,
  ].join('\n');
  if (!args['no-record']) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
  console.log(text);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
