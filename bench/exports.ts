/**
 * `npm run bench:exports`: streaming CSV exports and select all matching
 * (docs/decisions/0018-exports-and-bulk.md), against the server as a child process.
 *
 * PostgreSQL with --pg-ads ads (1,000,000): time to first byte and to the whole file, the server's
 * RSS sampled every 50 ms during the export, and the ads list's p50/p95 at 10 connections alone, while
 * exports run and alone again (side by side, after a warm-up); then select all matching over 1,000 pending ads.
 * PGlite with --pglite-ads ads (100,000): the same export figures and list latencies.
 *
 * Options: --pg-ads N, --pglite-ads N, --seconds S (list load per period, 5), --rounds R (periods
 * during exports, each between two periods alone; 1), --rate R (the list's open load, req/s, while
 * one export runs from start to end; 50), --skip-pg, --skip-pglite,
 * --print-only (do not append to bench/RESULTS.md; for trial runs at a small scale), --match-only
 * (only select all matching, `--match-runs` times on fresh copies of the seeded ads).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../server/src/db/client';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { startBenchCluster } from './pg-bench';
import { apiSignIn, startServer, tempDataDir, type ServerProcess } from '../e2e/support/server-process';
import { load, paced, type LoadResult } from './load';
import { streamExport, type ExportFigures } from './export-stream';

const { values: args } = parseArgs({
  options: {
    'pg-ads': { type: 'string', default: '1000000' },
    'pglite-ads': { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '5' },
    'skip-pg': { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'print-only': { type: 'boolean', default: false },
    'match-only': { type: 'boolean', default: false },
    'match-runs': { type: 'string', default: '1' },
    rounds: { type: 'string', default: '1' },
    rate: { type: 'string', default: '50' },
  },
});
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const RATE = Number(args.rate);

async function seed(database: Database, count: number, dataDir: string): Promise<number> {
  const started = Date.now();
  await seedAds(database.db, new LocalDiskStorage(path.join(dataDir, 'uploads')), {
    count,
    advertisers: Math.ceil(count / 10),
  });
  await database.db.execute(sql`vacuum analyze`);
  return (Date.now() - started) / 1000;
}

/** Rows received by every export so far: how far exports got while the list ran. */
let rowsReceived = 0;
const timeExport = (server: ServerProcess, cookie: string, query = '') =>
  streamExport(server, cookie, query, (n) => (rowsReceived += n));

/** The list the benchmark loads: the moderation queue's first page. */
const listRequest = (server: ServerProcess, cookie: string) => ({
  url: `${server.url}/api/advertisements/list?status=pending`,
  headers: { cookie },
});

type During = LoadResult & { exportRows: number };
type SideBySide = { alone: LoadResult[]; during: During[] };

/**
 * The list at 10 connections: alone, then `--rounds` times while exports run back to back and
 * alone again. The list is still warming up over the first seconds (a run without exports answered
 * faster in its second period than in its first), so a single "alone" before would flatter the
 * export; each period during exports is compared with the periods alone on either side of it.
 */
async function listSideBySide(server: ServerProcess, cookie: string): Promise<SideBySide> {
  const { url, headers } = listRequest(server, cookie);
  const measure = () => load({ url, connections: 10, seconds: SECONDS, headers });
  await measure(); // warm-up, not reported
  const side: SideBySide = { alone: [await measure()], during: [] };
  for (let round = 0; round < ROUNDS; round++) {
    let running = true;
    const exporting = (async () => {
      while (running) await timeExport(server, cookie);
    })();
    // Let the export start streaming before measuring.
    await new Promise((r) => setTimeout(r, 500));
    const rowsBefore = rowsReceived;
    const during = await measure();
    side.during.push({ ...during, exportRows: rowsReceived - rowsBefore });
    running = false;
    await exporting;
    side.alone.push(await measure());
  }
  return side;
}

type UnderLoad = { alone: LoadResult; during: LoadResult; export: ExportFigures };

/**
 * An export gives way to the list (docs/decisions/0018): under the closed load above it crawls. Here
 * the list runs at a steady --rate, as a team at work would send it, alone and then while one
 * export runs from start to end: how long the export takes, and what the list sees meanwhile.
 */
async function exportUnderLoad(server: ServerProcess, cookie: string): Promise<UnderLoad> {
  const { url, headers } = listRequest(server, cookie);
  const alone = await paced({ url, rate: RATE, seconds: SECONDS, headers });
  const exported = timeExport(server, cookie);
  const during = await paced({ url, rate: RATE, seconds: 3600, headers, until: exported });
  return { alone, during, export: await exported };
}

async function selectAllMatching(server: ServerProcess, cookie: string): Promise<string> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/advertisements/bulk-status`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'approved', match: { status: 'pending' }, max: 1000 }),
  });
  const body = (await res.json()) as { ok: number; failed: number; remaining: number };
  const ms = Math.round(performance.now() - started);
  return `Select all matching, one call of max 1,000 pending ads: ${ms} ms (ok ${body.ok}, failed ${body.failed}, remaining ${body.remaining}).`;
}

/** Select all matching alone, `--match-runs` calls one after another (each takes the next 1,000 pending ads). */
async function matchRuns(server: ServerProcess, cookie: string): Promise<string[]> {
  const lines: string[] = [];
  for (let i = 0; i < Number(args['match-runs']); i++) lines.push(`- ${await selectAllMatching(server, cookie)}`);
  return lines;
}

function report(title: string, seeded: number, e: ExportFigures, side: SideBySide, u: UnderLoad) {
  const f = (n: number) => Math.round(n).toLocaleString('en');
  const row = (name: string, r: LoadResult, extra = '') =>
    `| ${name} | ${f(r.rps)} | ${r.p50} | ${r.p95} | ${r.errors} | ${extra} |`;
  const ratios = side.during.map((d, i) => {
    const [a, b] = [side.alone[i]!, side.alone[i + 1]!];
    return {
      p50: (2 * d.p50) / (a.p50 + b.p50),
      p95: (2 * d.p95) / (a.p95 + b.p95),
      rps: (2 * d.rps) / (a.rps + b.rps),
    };
  });
  const mean = (k: 'p50' | 'p95' | 'rps') => ratios.reduce((t, r) => t + r[k], 0) / ratios.length;
  const x = (n: number) => `×${n.toFixed(2)}`;
  const rows = side.alone.flatMap((a, i) => {
    const d = side.during[i];
    const lines = [row(i === 0 ? 'alone' : 'alone again', a)];
    if (d) {
      const r = ratios[i]!;
      const progress = `${f(d.exportRows / SECONDS)} export rows/s; p50 ${x(r.p50)}, p95 ${x(r.p95)}, req/s ${x(r.rps)}`;
      lines.push(row(`while exports run (round ${i + 1})`, d, progress));
    }
    return lines;
  });
  return [
    `### ${title}`,
    '',
    `Seeding: ${f(seeded)} s.`,
    '',
    `Export of every ad (${f(e.rows)} rows, ${e.mb.toFixed(1)} MB): first byte ${f(e.ttfbMs)} ms, whole file ${(e.totalMs / 1000).toFixed(1)} s; server RSS ${f(e.rssBefore)} MB before, at most ${f(e.rssMax)} MB during (sampled every 50 ms).`,
    '',
    `| list ?status=pending, 10 connections, ${SECONDS} s each, after ${SECONDS} s of warm-up | req/s | p50 ms | p95 ms | errors | against the periods alone either side |`,
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    `While exports run, against the mean of the periods alone either side (mean of ${ratios.length} round${ratios.length === 1 ? '' : 's'}): p50 ${x(mean('p50'))}, p95 ${x(mean('p95'))}, req/s ${x(mean('rps'))}.`,
    '',
    `| list at a steady ${RATE} req/s | req/s | p50 ms | p95 ms | errors | export |`,
    '| --- | ---: | ---: | ---: | ---: | --- |',
    row(`alone, ${SECONDS} s`, u.alone),
    row(
      'while one export runs',
      u.during,
      `whole file ${(u.export.totalMs / 1000).toFixed(1)} s (${f(u.export.rows)} rows)`,
    ),
    '',
  ];
}

async function benchPostgres(count: number): Promise<string[]> {
  const cluster = await startBenchCluster(['-c shared_buffers=1GB', '-c max_wal_size=4GB', '-c work_mem=16MB']);
  const dataDir = tempDataDir('bo-bench-exports-');
  try {
    const database = await openPostgres(cluster.url);
    const seeded = await seed(database, count, dataDir);
    await database.close();
    const server = await startServer({ dataDir, env: { DATABASE_URL: cluster.url, SEED_DEMO: 'false' } });
    try {
      const cookie = await apiSignIn(server.url);
      if (args['match-only'])
        return [`### PostgreSQL, ${count.toLocaleString('en')} ads`, '', ...(await matchRuns(server, cookie)), ''];
      const e = await timeExport(server, cookie);
      const side = await listSideBySide(server, cookie);
      const under = await exportUnderLoad(server, cookie);
      const match = await selectAllMatching(server, cookie);
      return [...report(`PostgreSQL, ${count.toLocaleString('en')} ads`, seeded, e, side, under), match, ''];
    } finally {
      await server.stop();
    }
  } finally {
    cluster.stop();
    fs.rmSync(cluster.dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPglite(count: number): Promise<string[]> {
  const dataDir = tempDataDir('bo-bench-exports-lite-');
  try {
    const database = await openPglite(path.join(dataDir, 'db'));
    const seeded = await seed(database, count, dataDir);
    await database.close();
    const server = await startServer({ dataDir, env: { SEED_DEMO: 'false' } });
    try {
      const cookie = await apiSignIn(server.url);
      if (args['match-only'])
        return [`### PGlite, ${count.toLocaleString('en')} ads`, '', ...(await matchRuns(server, cookie)), ''];
      const e = await timeExport(server, cookie);
      const side = await listSideBySide(server, cookie);
      const under = await exportUnderLoad(server, cookie);
      const match = await selectAllMatching(server, cookie);
      return [...report(`PGlite, ${count.toLocaleString('en')} ads`, seeded, e, side, under), match, ''];
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const sections: string[] = [];
  if (!args['skip-pg']) sections.push(...(await benchPostgres(Number(args['pg-ads']))));
  if (!args['skip-pglite']) sections.push(...(await benchPglite(Number(args['pglite-ads']))));
  const command = `npm run bench:exports -- ${process.argv.slice(2).join(' ')}`.trim();
  const text = [
    `\n## ${new Date().toISOString().slice(0, 10)} — streaming CSV exports and select all matching (issue 20)`,
    '',
    `Command: \`${command}\`. Machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Server as a child process, client on loopback.`,
    '',
    ...sections,
  ].join('\n');
  if (!args['print-only']) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
  console.log(text);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
