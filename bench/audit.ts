/**
 * `npm run bench:audit`: the audit trail (docs/decisions/0016-audit-trail.md) on PostgreSQL with
 * 1,000,000 ads and 1,000,000 audit entries: the activity log's first page, filtered pages, an ad's
 * history, the moderation figures and the dashboard (week and year views: at 10 connections, where
 * the ads' figures are kept for ad_summary's version, and one at a time with the version moved before
 * each request, so every answer computes them), at 10 connections. Loopback only,
 * time-bounded; figures appended to bench/RESULTS.md unless --ads/--entries are below a million.
 *
 * Options: --ads N (1000000), --entries N (1000000), --seconds S (5), --connections N[,N…] (10),
 * --only TEXT (only scenarios whose name contains TEXT; not recorded).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf, type Database } from '../server/src/db/client';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { startBenchCluster } from './pg-bench';
import { ADMIN, apiSignIn, startServer, tempDataDir } from '../e2e/support/server-process';
import { hashPassword } from '../server/src/lib/passwords';
import { load } from './load';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '1000000' },
    entries: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});
const ADS = Number(args.ads);
const ENTRIES = Number(args.entries);
const SECONDS = Number(args.seconds);
const CONNECTIONS = args.connections.split(',').map(Number);
const ADMINS = 12;

/**
 * `count` entries in one statement, spread evenly over the past year, newest last: half about
 * ads (submissions and decisions by a dozen admins, rejections with a reason), the rest user edits,
 * packages, banners, duties and sign-ins. Labels are the ads' headings, so a search finds them.
 */
async function seedEntries(db: Database['db'], count: number): Promise<void> {
  // The server creates its admin only while there is none: this run's admin comes first.
  await db.execute(sql`insert into users (username, name, email, password_hash, is_admin)
    values ('bench-admin', 'Bench Admin', ${ADMIN.email}, ${await hashPassword(ADMIN.password)}, true)`);
  await db.execute(sql`insert into users (username, name, email, password_hash, is_admin)
    select 'moderator' || g, 'Moderator ' || g, 'moderator' || g || '@bench.test', 'not-a-hash', true
    from generate_series(1, ${ADMINS}) g`);
  await db.execute(sql`
    with a as (
      select id, heading, user_id, posting_date, (row_number() over ()) - 1 as rn from advertisements
    ), n as (select count(*) as n from a),
    admins as (
      select array_agg(id order by username) as ids, array_agg(name order by username) as names
      from users where is_admin and username like 'moderator%'
    ),
    g as (
      select i, i % 20 as kind, (i / 20) % 5 as step,
        now() - (${count}::bigint - i) * (interval '365 days' / ${count}::bigint) as at,
        1 + (i * 7) % ${ADMINS} as who
      from generate_series(1, ${count}::bigint) i
    )
    insert into audit_events (entity, entity_id, entity_label, action, actor_id, actor_name, at,
      rejection_reason, details, advertiser_id, submitted_at)
    select
      case when g.kind < 10 then 'ad' when g.kind < 14 then 'user' when g.kind = 14 then 'package'
        when g.kind = 15 then 'banner' when g.kind = 16 then 'duty' else 'session' end,
      case when g.kind < 10 then a.id when g.kind < 14 then a.user_id else null end,
      case when g.kind < 10 then a.heading when g.kind < 17 then 'item ' || (g.i % 5000) else 'moderator' || g.who end,
      case when g.kind < 10 then (array['submitted', 'approved', 'rejected', 'images_updated', 'deleted'])[g.step + 1]
        when g.kind < 17 then (array['created', 'updated', 'updated', 'updated', 'deleted'])[g.step + 1]
        else (array['sign_in', 'sign_out', 'sign_in_failed', 'sign_in', 'sign_out'])[g.step + 1] end,
      case when (g.kind < 10 and g.step = 0) or (g.kind >= 17 and g.step = 2) then null else admins.ids[g.who] end,
      case when (g.kind < 10 and g.step = 0) or (g.kind >= 17 and g.step = 2) then null else admins.names[g.who] end,
      g.at,
      case when g.kind < 10 and g.step = 2 then 'Duplicate advertisement' end,
      case when g.kind < 10 and g.step = 3 then '{"removed": 1}'::jsonb
        when g.kind >= 10 and g.kind < 17 and g.step between 1 and 3 then '{"fields": ["name"]}'::jsonb end,
      case when g.kind < 10 then a.user_id end,
      case when g.kind < 10 and g.step in (1, 2) then g.at - interval '5 hours' * (1 + g.i % 7) end
    from g cross join n cross join admins
    join a on a.rn = (g.i * 7919) % n.n`);
  await db.execute(sql`vacuum analyze`);
}

type Row = {
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
};

async function measure(
  url: string,
  name: string,
  connections: number,
  opts: { path?: string; requests?: unknown[] },
  cookie: string,
): Promise<Row> {
  const headers = { cookie };
  if (opts.path) await load({ url: `${url}${opts.path}`, connections: 2, seconds: 1, headers });
  const r = await load({
    url: `${url}${opts.path ?? '/'}`,
    connections,
    seconds: SECONDS,
    headers,
    requests: opts.requests,
  });
  console.log(connections, name, r);
  await fetch(`${url}${opts.path ?? '/api/health'}`, { headers }).then((res) => res.arrayBuffer());
  return { scenario: name, connections, ...r };
}

/**
 * `samples` requests one at a time, each after a change of ad_summary's version, so that the
 * dashboard computes its ads' figures every time: what the first request after a decision costs.
 */
async function measureComputed(
  url: string,
  name: string,
  path: string,
  cookie: string,
  bump: () => Promise<unknown>,
  samples = 30,
): Promise<Row> {
  const ms: number[] = [];
  let errors = 0;
  for (let i = 0; i < samples; i++) {
    await bump();
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { cookie } });
    await res.arrayBuffer();
    ms.push(performance.now() - started);
    if (!res.ok) errors++;
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => Math.round(ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)]! * 10) / 10;
  const total = ms.reduce((sum, x) => sum + x, 0) / 1000;
  const row = {
    scenario: name,
    connections: 1,
    rps: Math.round(samples / total),
    p50: at(50),
    p95: at(95),
    p99: at(99),
    errors,
  };
  console.log(1, name, row);
  return row;
}

/** A different ad's history on each request. */
const randomHistory = (ids: string[]) => [
  {
    setupRequest: (req: Record<string, unknown>) => ({
      ...req,
      path: `/api/advertisements/${ids[Math.floor(Math.random() * ids.length)]}/history`,
    }),
  },
];

async function main() {
  const cluster = await startBenchCluster();
  const dataDir = tempDataDir('bo-bench-audit-');
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const database = await openPostgres(cluster.url);
    const started = Date.now();
    await seedAds(database.db, new LocalDiskStorage(path.join(dataDir, 'uploads')), {
      count: ADS,
      advertisers: Math.ceil(ADS / 10),
    });
    const adsSeconds = (Date.now() - started) / 1000;
    console.log(`${ADS} ads seeded in ${adsSeconds} s`);
    const entriesStarted = Date.now();
    await seedEntries(database.db, ENTRIES);
    const entriesSeconds = (Date.now() - entriesStarted) / 1000;
    console.log(`${ENTRIES} entries seeded in ${entriesSeconds} s`);
    const [facts] = rowsOf<{ entries: string; actor: string; advertiser: string }>(
      await database.db.execute(sql`select (select count(*) from audit_events) as entries,
        (select id from users where username = 'moderator3') as actor,
        (select advertiser_id from audit_events where advertiser_id is not null order by id desc limit 1) as advertiser`),
    );
    const historyIds = rowsOf<{ id: string }>(
      await database.db.execute(
        sql`select distinct entity_id as id from audit_events where entity = 'ad' and id % 97 = 0 limit 5000`,
      ),
    ).map((r) => r.id);

    server = await startServer({ dataDir, env: { DATABASE_URL: cluster.url, SEED_DEMO: 'false' } });
    const url = server.url;
    const cookie = await apiSignIn(url);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const scenarios: [string, { path?: string; requests?: unknown[] }][] = [
      ['activity page 1', { path: '/api/activity' }],
      ['activity entity=ad&action=rejected', { path: '/api/activity?entity=ad&action=rejected' }],
      ['activity entity=user (page 50)', { path: '/api/activity?entity=user&page=50' }],
      ['activity actor', { path: `/api/activity?actor=${facts!.actor}` }],
      ['activity advertiser (user detail)', { path: `/api/activity?advertiser=${facts!.advertiser}&pageSize=20` }],
      ['activity from/to (a week, 2 months ago)', { path: `/api/activity?from=${day(67)}&to=${day(60)}` }],
      ['activity q=toyota', { path: '/api/activity?q=toyota' }],
      ['activity q=toyota + entity=ad&action=approved', { path: '/api/activity?q=toyota&entity=ad&action=approved' }],
      ['activity count entity=ad (once per filter)', { path: '/api/activity/count?entity=ad' }],
      ['activity count q=toyota (once per filter)', { path: '/api/activity/count?q=toyota' }],
      ['ad history (random ad)', { requests: randomHistory(historyIds) }],
      ['dashboard moderation figures', { path: '/api/dashboard/moderation' }],
      ['dashboard (as it opens: week)', { path: '/api/dashboard' }],
      ['dashboard (year)', { path: '/api/dashboard?period=year' }],
      ['notifications', { path: '/api/notifications' }],
    ];
    const rows: Row[] = [];
    for (const connections of CONNECTIONS)
      for (const [name, opts] of scenarios)
        if (!args.only || name.includes(args.only)) rows.push(await measure(url, name, connections, opts, cookie));
    const bump = () => database.db.execute(sql`update ad_summary_version set v = v + 1 where slot = 0`);
    for (const [name, path] of [
      ['dashboard (week), figures computed: version moved before each', '/api/dashboard'],
      ['dashboard (year), figures computed: version moved before each', '/api/dashboard?period=year'],
    ] as const)
      if (!args.only || name.includes(args.only)) rows.push(await measureComputed(url, name, path, cookie, bump));
    await database.close();

    const full = ADS >= 1_000_000 && ENTRIES >= 1_000_000 && !args.only;
    const text = [
      `\n## ${new Date().toISOString().slice(0, 10)} — audit trail: activity log, ad history, moderation figures (issue 24)`,
      '',
      `Command: \`npm run bench:audit -- ${process.argv.slice(2).join(' ')}\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
      `PostgreSQL, ${ADS.toLocaleString('en')} ads (seeded in ${adsSeconds.toFixed(0)} s), ${Number(facts!.entries).toLocaleString('en')} audit entries (${ENTRIES.toLocaleString('en')} generated in one statement in ${entriesSeconds.toFixed(0)} s), ${SECONDS} s each.`,
      '',
      '| request | connections | req/s | p50 ms | p95 ms | p99 ms | errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) => `| ${r.scenario} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`,
      ),
      '',
    ].join('\n');
    if (full) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
    console.log(text);
  } finally {
    await server?.stop();
    cluster.stop();
    fs.rmSync(cluster.dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
