/**
 * The reports' figures of issue 35 (docs/decisions/0034-reports.md), in one run on PostgreSQL:
 * 1. the intake: --rate (200) reports a second for --seconds (60) through POST /api/public/reports
 *    with a token, from many reporters (one address each, so the throttles accept them: the
 *    per-token window is set above the rate), about --ads (1,000,000) ads, while the ads list (the
 *    request bench/rules.ts measures) is loaded at --connections (10); the same list load alone
 *    before and after (their mean p95 the baseline: the machine's drift falls on both sides). Targets: the list's p95 with the intake ≤ 1.1× without; no report lost or doubled
 *    (the 201s against the rows stored).
 * 2. the inbox with --reports (1,000,000) reports seeded set-based (spread over the ads and 50,000
 *    reporters over a year, one row per reporter, ad and day as the intake groups them, most of them
 *    closed): the first page and each filter's first page at --connections, through the repository's
 *    functions on a pool of that size (the page and its total, as the list asks them), then as
 *    requests, one at a time (a moderator opening the inbox) and at --connections. Target: p95 < 30 ms
 *    one at a time (ADR 0034, "The inbox's figure"); the loaded figures are for the record.
 * Loopback only, time-bounded; removes its cluster and data directory at the end, on error or on
 * Ctrl-C; appends to bench/RESULTS.md only with --record.
 *
 * Run: npm run bench:reports -- [--ads N (1000000)] [--rate N (200)] [--seconds S (60)]
 *   [--reports N (1000000)] [--inbox-seconds S (10)] [--connections N (10)] [--record]
 *   [--pg-url URL (seeded already: bench/seed-million.ts; the bench's reports and their effects on the
 *   ads are removed at the end)]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { reportListQuery } from '@backoffice/contract';
import { openPostgres, rowsOf } from '../server/src/db/client';
import { rebuildSummary } from '../server/src/modules/ads/ads-repository';
import { listReports } from '../server/src/modules/reports/reports-repository';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { apiSignIn, startServer, tempDataDir } from '../e2e/support/server-process';
import { load, loadCalls, paced, type LoadResult } from './load';
import { startBenchCluster } from './pg-bench';
import { INBOX, REASONS, removeBenchReports, seedReports } from './reports-data';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '1000000' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    reports: { type: 'string', default: '1000000' },
    'inbox-seconds': { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    record: { type: 'boolean', default: false },
    'pg-url': { type: 'string' },
  },
});
const ADS = Number(args.ads);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const REPORTS = Number(args.reports);
const INBOX_SECONDS = Number(args['inbox-seconds']);
const CONNECTIONS = Number(args.connections);
const LIST = '/api/advertisements/list';
const TOKEN = 'bench-report-token-0123456789abcdef';
/** Every reporter key of the bench starts so (the intake's `email:` + this; the seeded ones too). */
const RUN = `bench-${Date.now().toString(36)}`;

const fixed = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '—');
const met = (ok: boolean) => (ok ? 'yes' : 'no');

async function main() {
  const cluster = args['pg-url'] ? undefined : await startBenchCluster();
  const pgUrl = args['pg-url'] ?? cluster!.url;
  const dataDir = tempDataDir('bo-bench-reports-');
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
  try {
    database = await openPostgres(pgUrl);
    const db = database.db;
    const started = performance.now();
    if (!args['pg-url']) {
      // No analysis queued by the seed: the ads are the bench's, not new ones to analyse.
      await db.execute(sql`alter table advertisements disable trigger user`);
      await seedAds(db, new LocalDiskStorage(path.join(dataDir, 'uploads')), {
        count: ADS,
        advertisers: Math.ceil(ADS / 10),
      });
      await db.execute(sql`alter table advertisements enable trigger user`);
      if (ADS <= 20_000) await rebuildSummary(db); // seedAds rebuilds it above that
      await db.execute(sql`vacuum analyze`);
    }
    const seedSeconds = (performance.now() - started) / 1000;
    const adIds = rowsOf<{ id: string }>(
      await db.execute(sql`select id from advertisements tablesample system (1) limit 20000`),
    ).map((r) => r.id);
    const [{ ads } = { ads: 0 }] = rowsOf<{ ads: number }>(
      await db.execute(sql`select count(*)::int as ads from advertisements`),
    );

    server = await startServer({
      dataDir,
      env: {
        DATABASE_URL: pgUrl,
        SEED_DEMO: 'false',
        PUBLIC_REPORT_TOKENS: TOKEN,
        // Many reporters, one token: the token's window above the bench's rate, each address far below its own.
        REPORTS_PER_MINUTE: String(Math.max(1200, RATE * 60 * 2)),
        REPORTS_PER_REPORTER: '1000',
      },
    });
    const url = server.url;
    const cookie = await apiSignIn(url);
    const list = (seconds: number, connections = CONNECTIONS): Promise<LoadResult> =>
      load({ url: `${url}${LIST}`, connections, seconds, headers: { cookie } });
    /** The i-th report: a reporter and an address of its own, a random ad. */
    const report = (tag: string, i: number) =>
      JSON.stringify({
        kind: 'ad',
        adId: adIds[Math.floor(Math.random() * adIds.length)],
        reason: REASONS[i % REASONS.length],
        text: `Bench report ${i}`,
        reporter: {
          email: `${RUN}-${tag}${i}@bench.test`,
          address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
      });
    /** The intake's errors by status (or network error). */
    const refused = new Map<number | string, number>();
    const intake = (seconds: number, tag: string) =>
      paced({
        onError: (status) => refused.set(status, (refused.get(status) ?? 0) + 1),
        url: `${url}/api/public/reports`,
        rate: RATE,
        seconds,
        headers: { authorization: `Bearer ${TOKEN}` },
        post: (i) => report(tag, i),
      });

    await list(3, 2); // warm-up
    await intake(1, 'w'); // warm-up of the intake's path (its reporters are apart: `w`)
    refused.clear();
    // Without, with, without: the machine's drift over the three minutes falls on the baseline too.
    console.log(`ads list at ${CONNECTIONS} connections, ${SECONDS} s, without reports`);
    const before = await list(SECONDS);
    console.log(before);
    console.log(`… with ${RATE} reports a second`);
    const [withReports, intakeResult] = await Promise.all([list(SECONDS), intake(SECONDS, 'i')]);
    console.log(withReports, intakeResult, refused);
    console.log('… without reports again');
    const after = await list(SECONDS);
    console.log(after);
    const baseline = (before.p95 + after.p95) / 2;
    const errorsBy = [...refused].map(([status, n]) => `${n} × ${status}`).join(', ');
    const ratio = withReports.p95 / baseline;
    // Lost or doubled: every 201 is one row of its own reporter (each report's reporter is new).
    const [stored = { rows: 0, counted: 0 }] = rowsOf<{ rows: number; counted: number }>(
      await db.execute(sql`select count(*)::int as rows, coalesce(sum(count), 0)::int as counted from reports
        where reporter_key like ${`email:${RUN}-i%`}`),
    );
    const accepted = intakeResult.requests - intakeResult.errors;
    const lost = Math.max(0, accepted - stored.rows);
    const doubled = Math.max(0, stored.counted - accepted);

    console.log(`seeding ${REPORTS} reports`);
    const s0 = performance.now();
    await db.execute(sql`delete from reports where reporter_key like ${`email:${RUN}-%`}`);
    await seedReports(db, REPORTS, RUN);
    const reportSeconds = (performance.now() - s0) / 1000;
    const [{ reports } = { reports: 0 }] = rowsOf<{ reports: number }>(
      await db.execute(sql`select count(*)::int as reports from reports`),
    );

    const rows: { page: string; via: string; r: LoadResult }[] = [];
    const pool = await openPostgres(pgUrl, CONNECTIONS);
    for (const [page, filter] of INBOX) {
      const q = reportListQuery.parse(filter);
      const run = () => listReports(pool.db, q, undefined);
      await loadCalls({ concurrency: 2, seconds: 1, run });
      const r = await loadCalls({ concurrency: CONNECTIONS, seconds: INBOX_SECONDS, run });
      console.log('repository', page, r);
      rows.push({ page, via: 'repository (page + total)', r });
    }
    await pool.close();
    for (const [page, filter] of INBOX) {
      const target = `${url}/api/reports?${new URLSearchParams(filter as Record<string, string>).toString()}`;
      await load({ url: target, connections: 2, seconds: 1, headers: { cookie } });
      const one = await load({ url: target, connections: 1, seconds: INBOX_SECONDS, headers: { cookie } });
      const r = await load({ url: target, connections: CONNECTIONS, seconds: INBOX_SECONDS, headers: { cookie } });
      console.log('request', page, one, r);
      rows.push({ page, via: 'GET /api/reports, one at a time', r: one });
      rows.push({ page, via: `GET /api/reports at ${CONNECTIONS} connections`, r });
    }
    // The figure is a moderator's page, one request at a time (ADR 0034, "The inbox's figure").
    const worst = Math.max(...rows.filter((x) => x.via.endsWith('one at a time')).map((x) => x.r.p95));
    const worstLoaded = Math.max(...rows.filter((x) => x.via.includes('connections')).map((x) => x.r.p95));

    const command = process.argv
      .slice(2)
      .join(' ')
      .replace(/--pg-url \S+/, '--pg-url URL');
    const text = [
      `\n## ${new Date().toISOString().slice(0, 10)} — reports: the intake under the ads list, the inbox at ${reports.toLocaleString('en')} reports (issue 35)`,
      '',
      `Command: \`npm run bench:reports -- ${command}\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end.`,
      `PostgreSQL, ${ads.toLocaleString('en')} ads ${args['pg-url'] ? 'seeded before (--pg-url)' : `seeded in ${fixed(seedSeconds, 0)} s`}; the list is \`${LIST}\` at ${CONNECTIONS} connections, ${SECONDS} s each; ${reports.toLocaleString('en')} reports seeded in ${fixed(reportSeconds, 0)} s for the inbox, ${INBOX_SECONDS} s per page.`,
      '',
      '| figure | measured | target | met |',
      '| --- | --- | --- | --- |',
      `| ads list p95, without (before and after, mean) → with ${RATE} reports a second | ${before.p95} and ${after.p95} ms → ${withReports.p95} ms (${fixed(ratio)}×) | ≤ 1.1× | ${met(ratio <= 1.1)} |`,
      `| reports accepted, lost, doubled | ${accepted.toLocaleString('en')} of ${intakeResult.requests.toLocaleString('en')} (${intakeResult.rps}/s)${errorsBy ? `, refused: ${errorsBy}` : ''}, ${lost} lost, ${doubled} doubled | all, 0, 0 | ${met(intakeResult.errors === 0 && lost === 0 && doubled === 0)} |`,
      `| the intake's p95 | ${intakeResult.p95} ms (p50 ${intakeResult.p50}, p99 ${intakeResult.p99}) | — | — |`,
      `| the inbox's first page and filters, worst p95, one request at a time | ${worst} ms | < 30 ms | ${met(worst < 30)} |`,
      `| … at ${CONNECTIONS} connections (both cores busy), for the record | ${worstLoaded} ms | — | — |`,
      '',
      '| request | when | req/s | p50 ms | p95 ms | p99 ms | errors |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
      `| ads list | without reports, before | ${before.rps} | ${before.p50} | ${before.p95} | ${before.p99} | ${before.errors} |`,
      `| ads list | ${RATE} reports a second | ${withReports.rps} | ${withReports.p50} | ${withReports.p95} | ${withReports.p99} | ${withReports.errors} |`,
      `| ads list | without reports, after | ${after.rps} | ${after.p50} | ${after.p95} | ${after.p99} | ${after.errors} |`,
      `| POST /api/public/reports | paced at ${RATE}/s | ${intakeResult.rps} | ${intakeResult.p50} | ${intakeResult.p95} | ${intakeResult.p99} | ${intakeResult.errors} |`,
      '',
      '| inbox page | through | req/s | p50 ms | p95 ms | p99 ms | errors |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        ({ page, via, r }) => `| ${page} | ${via} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`,
      ),
      '',
    ].join('\n');
    if (args.record) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
    console.log(text);
  } finally {
    if (args['pg-url'] && database) await removeBenchReports(database.db, RUN).catch((e: unknown) => console.error(e));
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
