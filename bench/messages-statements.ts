/**
 * Counts the SQL statements PostgreSQL runs per moderation decision (approve, reject, delete,
 * bulk by ids, bulk by match), with the outbox on and off: a throwaway cluster with
 * log_statement=all, the real server, one decision at a time, statements between markers.
 * `node --import tsx bench/messages-statements.ts [--worker]` (`--worker`: delivery in the server).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../server/src/db/client';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { findPgBin, startPgCluster } from '../server/test/support/pg-cluster';
import { startSmtpServer } from '../server/test/support/message-servers';
import { apiSignIn, startServer, tempDataDir } from '../e2e/support/server-process';

const { values: args } = parseArgs({ options: { worker: { type: 'boolean', default: false } } });

const cluster = await startPgCluster(findPgBin()!, [
  '-c log_statement=all',
  "-c log_line_prefix='%p '",
  '-c log_min_duration_statement=-1',
]);
const log = `${cluster.dir}/log.txt`;
try {
  for (const on of [false, true]) {
    const name = `prof_${on ? 'on' : 'off'}`;
    const admin = await openPostgres(cluster.url, 1);
    await admin.db.execute(sql.raw(`create database ${name}`));
    const url = cluster.url.replace(/\/postgres$/, `/${name}`);
    const dataDir = tempDataDir('bo-prof-');
    const database = await openPostgres(url, 1);
    await seedAds(database.db, new LocalDiskStorage(`${dataDir}/uploads`), { count: 200, advertisers: 40 });
    const pending = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from advertisements where status = 'pending' order by id limit 40`),
    ).map((r) => r.id);
    const smtp = await startSmtpServer();
    const server = await startServer({
      dataDir,
      env: {
        DATABASE_URL: url,
        SMTP_URL: smtp.url,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        ADVERTISER_MESSAGES: String(on),
        MESSAGE_WORKER: String(args.worker),
      },
    });
    const cookie = await apiSignIn(server.url);
    const headers = { cookie, origin: server.url, 'content-type': 'application/json' };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: body ? headers : { cookie, origin: server.url },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status}`);
    };
    const settle = () => new Promise((r) => setTimeout(r, 700));
    let n = 0;
    const cases: [string, () => Promise<void>][] = [
      ['approve', () => call('PUT', `/api/advertisements/${pending[n++]}/status`, { status: 'approved' })],
      [
        'reject',
        () =>
          call('PUT', `/api/advertisements/${pending[n++]}/status`, {
            status: 'rejected',
            rejectionReason: 'Duplicate ad: the same vehicle is listed twice.',
          }),
      ],
      ['delete', () => call('DELETE', `/api/advertisements/${pending[n++]}`)],
      [
        'bulk ids (5)',
        () => call('POST', '/api/advertisements/bulk-status', { status: 'approved', ids: pending.slice(n, (n += 5)) }),
      ],
      [
        'bulk match (5)',
        () =>
          call('POST', '/api/advertisements/bulk-status', { status: 'approved', match: { status: 'pending' }, max: 5 }),
      ],
    ];
    console.log(`\noutbox ${on ? 'on' : 'off'}${args.worker ? ', delivery in the server' : ''}`);
    await settle();
    for (const [label, run] of cases) {
      for (let rep = 0; rep < 2; rep++) {
        const marker = `prof-marker-${name}-${label}-${rep}`;
        await database.db.execute(sql.raw(`select '${marker}-a'`));
        await settle();
        await run();
        await settle();
        await database.db.execute(sql.raw(`select '${marker}-b'`));
        await settle();
        const text = fs.readFileSync(log, 'utf8');
        // One entry per log line that starts with a pid; a statement's further lines belong to it.
        const between = text
          .slice(text.indexOf(`${marker}-a`), text.indexOf(`${marker}-b`))
          .split(/\n(?=\d+ )/)
          .slice(1, -1);
        const stmts = between.filter((l) => /LOG:\s+(statement|execute)/.test(l));
        const pids = new Set(stmts.map((l) => l.split(' ')[0]));
        if (rep === 1) {
          console.log(`  ${label}: ${stmts.length} statements on ${pids.size} connections`);
          for (const s of stmts) console.log(`    ${s.replace(/\s+/g, ' ').slice(0, 160)}`);
        }
      }
    }
    await server.stop();
    await smtp.close();
    await database.close();
    await admin.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
} finally {
  cluster.stop();
  fs.rmSync(cluster.dir, { recursive: true, force: true });
}
