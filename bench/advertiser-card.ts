/**
 * The advertiser card (GET /api/advertisements/{id}/advertiser, issue 32) on PostgreSQL among
 * 1,000,000 ads, for an advertiser with 10,000 ads and for ordinary ones (about ten each), at 10
 * connections; beside it the ads list's overdue view and case-insensitive heading sort (the other
 * reads issue 32 changed). Target: the card's query p95 under 20 ms for the 10,000-ad advertiser at
 * 10 connections, measured on the repository's query over a pool of that size, then as requests.
 * Loopback only, time-bounded; appends to bench/RESULTS.md at the full size unless --no-record.
 *
 * Run: node --import tsx bench/advertiser-card.ts [--ads N (1000000)] [--advertiser-ads N (10000)]
 *   [--seconds S (5)] [--connections N[,N…] (10)] [--no-record] [--pg-url URL (seeded already)]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../server/src/db/client';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { startBenchCluster } from './pg-bench';
import { apiSignIn, startServer, tempDataDir } from '../e2e/support/server-process';
import { advertiserCardRow } from '../server/src/modules/ads/ads-read-repository';
import { load, loadCalls, type LoadResult } from './load';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '1000000' },
    'advertiser-ads': { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'no-record': { type: 'boolean', default: false },
    /** An already seeded database (bench/seed-million.ts): the heavy advertiser is added once. */
    'pg-url': { type: 'string' },
  },
});
const ADS = Number(args.ads);
const HEAVY = Number(args['advertiser-ads']);
const SECONDS = Number(args.seconds);
const CONNECTIONS = args.connections.split(',').map(Number);

/** A different ad on each request, from `ids`. */
const randomCard = (ids: string[]) => [
  {
    setupRequest: (req: Record<string, unknown>) => ({
      ...req,
      path: `/api/advertisements/${ids[Math.floor(Math.random() * ids.length)]}/advertiser`,
    }),
  },
];

/** One advertiser with HEAVY ads of every status, posted over the last two years. */
async function addHeavySeller(db: Awaited<ReturnType<typeof openPostgres>>['db']) {
  await db.execute(sql`insert into users (username, name, email, password_hash, is_verified)
      values ('heavy.seller', 'Heavy Seller', 'heavy.seller@bench.test', 'not-a-hash', true)`);
  await db.execute(sql`
      insert into advertisements (user_id, title, heading, details, username, category, district, status, posting_date, price)
      select u.id, 'Item ' || g, 'Heavy seller item ' || g, 'Details of item ' || g, u.username,
        (array['Vehicles', 'Land sale', 'Electronics'])[1 + g % 3], (array['Colombo', 'Kandy', 'Galle'])[1 + g % 3],
        (array['approved', 'approved', 'rejected', 'pending'])[1 + g % 4],
        now() - (g * interval '2 years' / ${HEAVY}::int), 1000 * g
      from users u, generate_series(1, ${HEAVY}::int) g where u.username = 'heavy.seller'`);
  // The bench's own ads, not new ones to analyse: their analysis jobs would compete with the
  // measured requests (the insert trigger queued one per ad).
  await db.execute(sql`delete from ad_analysis_queue`);
  const [jobs] = rowsOf<{ queue: boolean }>(
    await db.execute(sql`select to_regnamespace('graphile_worker') is not null as queue`),
  );
  if (jobs?.queue)
    await db.execute(sql`delete from graphile_worker._private_jobs j using graphile_worker._private_tasks t
      where t.id = j.task_id and t.identifier = 'analyse_ad'`);
}

async function main() {
  const cluster = args['pg-url'] ? undefined : await startBenchCluster();
  const pgUrl = args['pg-url'] ?? cluster!.url;
  const dataDir = tempDataDir('bo-bench-card-');
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const database = await openPostgres(pgUrl);
    const started = Date.now();
    if (cluster)
      await seedAds(database.db, new LocalDiskStorage(path.join(dataDir, 'uploads')), {
        count: ADS,
        advertisers: Math.ceil(ADS / 10),
      });
    const [heavy] = rowsOf(await database.db.execute(sql`select 1 from users where username = 'heavy.seller'`));
    if (!heavy) await addHeavySeller(database.db);
    await database.db.execute(sql`vacuum analyze`);
    const seconds = (Date.now() - started) / 1000;
    const ids = async (query: ReturnType<typeof sql>) =>
      rowsOf<{ id: string }>(await database.db.execute(query)).map((r) => r.id);
    const heavyIds = await ids(
      sql`select a.id from advertisements a join users u on u.id = a.user_id where u.username = 'heavy.seller' order by random() limit 5000`,
    );
    const typicalIds = await ids(
      sql`select id from advertisements where username <> 'heavy.seller' order by random() limit 5000`,
    );
    // The card's query itself (the figure), through the repository's code on a pool of
    // as many connections, before the server starts.
    const rows: ({ scenario: string; connections: number } & LoadResult)[] = [];
    const pick = (list: string[]) => list[Math.floor(Math.random() * list.length)]!;
    for (const connections of CONNECTIONS) {
      const pool = await openPostgres(pgUrl, connections);
      for (const [scenario, list] of [
        [`card query (SQL), ${HEAVY.toLocaleString('en')}-ad advertiser`, heavyIds],
        ['card query (SQL), typical advertiser', typicalIds],
      ] as const) {
        const run = () => advertiserCardRow(pool.db, pick(list));
        await loadCalls({ concurrency: 2, seconds: 1, run });
        const r = await loadCalls({ concurrency: connections, seconds: SECONDS, run });
        console.log(connections, scenario, r);
        rows.push({ scenario, connections, ...r });
      }
      await pool.close();
    }
    await database.close();

    server = await startServer({ dataDir, env: { DATABASE_URL: pgUrl, SEED_DEMO: 'false' } });
    const url = server.url;
    const cookie = await apiSignIn(url);
    const scenarios: [string, { path?: string; requests?: unknown[] }][] = [
      [
        `advertiser card, ${HEAVY.toLocaleString('en')}-ad advertiser (random ad of theirs)`,
        { requests: randomCard(heavyIds) },
      ],
      ['advertiser card, typical advertiser (random ad)', { requests: randomCard(typicalIds) }],
      ['ads list view=overdue (page 1)', { path: '/api/advertisements/list?view=overdue' }],
      [
        'ads list pending oldest first (page 1)',
        { path: '/api/advertisements/list?status=pending&sort=postingDate&order=asc' },
      ],
      ['ads list sort heading asc (page 1)', { path: '/api/advertisements/list?sort=heading&order=asc' }],
      ['ads count view=overdue', { path: '/api/advertisements/count?view=overdue' }],
    ];
    for (const connections of CONNECTIONS)
      for (const [scenario, opts] of scenarios) {
        const target = `${url}${opts.path ?? '/'}`;
        await load({ url: target, connections: 2, seconds: 1, headers: { cookie }, requests: opts.requests });
        const r = await load({
          url: target,
          connections,
          seconds: SECONDS,
          headers: { cookie },
          requests: opts.requests,
        });
        console.log(connections, scenario, r);
        rows.push({ scenario, connections, ...r });
      }

    const text = [
      `\n## ${new Date().toISOString().slice(0, 10)} — advertiser card and the ads list's views (issue 32)`,
      '',
      `Command: \`node --import tsx bench/advertiser-card.ts ${process.argv
        .slice(2)
        .join(' ')
        .replace(
          /--pg-url \S+/,
          '--pg-url URL',
        )}\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
      `PostgreSQL, ${ADS.toLocaleString('en')} ads (+${HEAVY.toLocaleString('en')} of one advertiser; seeded in ${seconds.toFixed(0)} s), ${SECONDS} s each. Target: the card's query p95 < 20 ms at 10 connections for the ${HEAVY.toLocaleString('en')}-ad advertiser (the SQL rows; the request rows add the session guard and HTTP).`,
      '',
      '| request | connections | req/s | p50 ms | p95 ms | p99 ms | errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) => `| ${r.scenario} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`,
      ),
      '',
    ].join('\n');
    if ((ADS >= 1_000_000 || args['pg-url']) && !args['no-record'])
      fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
    console.log(text);
  } finally {
    await server?.stop();
    cluster?.stop();
    if (cluster) fs.rmSync(cluster.dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
