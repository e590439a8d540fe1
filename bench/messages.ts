/**
 * `npm run bench:messages` (issue 19): a burst of `--decisions` (1,000) approve/reject decisions
 * against the real server on PostgreSQL, with a real SMTP server (smtp-server) on loopback. Measures
 * the decisions' own latency with the outbox on and with it switched off (ADVERTISER_MESSAGES=false),
 * side by side on equal data, and with it on: the time until every message reached the SMTP server,
 * and how many arrived twice. Bounded: gives up on delivery after `--deadline` seconds (120).
 *
 * Options: --decisions N (1000), --concurrency C (20), --deadline S (120), --rounds R (2), --no-record.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../server/src/db/client';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { findPgBin, startPgCluster } from '../server/test/support/pg-cluster';
import { startSmtpServer } from '../server/test/support/message-servers';
import { apiSignIn, startServer, tempDataDir } from '../e2e/support/server-process';

const { values: args } = parseArgs({
  options: {
    decisions: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '20' },
    deadline: { type: 'string', default: '120' },
    rounds: { type: 'string', default: '2' },
    'no-record': { type: 'boolean', default: false },
  },
});
const DECISIONS = Number(args.decisions);
const CONCURRENCY = Number(args.concurrency);
const DEADLINE_MS = Number(args.deadline) * 1000;
const ROUNDS = Number(args.rounds);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

type Round = {
  outbox: boolean;
  p50: number;
  p95: number;
  wall: number;
  errors: number;
  delivered?: number;
  dup?: number;
  deliveredIn?: number | null;
};

/** One database per round, so that every round decides equal, untouched pending ads. */
async function round(clusterUrl: string, name: string, outbox: boolean): Promise<Round> {
  const admin = await openPostgres(clusterUrl, 1);
  await admin.db.execute(sql.raw(`create database ${name}`));
  await admin.close();
  const url = clusterUrl.replace(/\/postgres$/, `/${name}`);
  const dataDir = tempDataDir('bo-bench-msg-');
  const database = await openPostgres(url);
  // Enough ads that a burst takes pending ones only (about 30 % of the demo data is pending).
  await seedAds(database.db, new LocalDiskStorage(`${dataDir}/uploads`), {
    count: Math.ceil(DECISIONS / 0.25),
    advertisers: Math.ceil(DECISIONS / 5),
  });
  const pending = rowsOf<{ id: string }>(
    await database.db.execute(
      sql`select id from advertisements where status = 'pending' order by id limit ${DECISIONS}`,
    ),
  ).map((r) => r.id);
  await database.db.execute(sql`vacuum analyze`);
  if (pending.length < DECISIONS) throw new Error(`only ${pending.length} pending ads`);

  const smtp = await startSmtpServer();
  const server = await startServer({
    dataDir,
    env: {
      DATABASE_URL: url,
      SEED_DEMO: 'false',
      SMTP_URL: smtp.url,
      ADVERTISER_MESSAGES: String(outbox),
    },
  });
  try {
    const cookie = await apiSignIn(server.url);
    const headers = { cookie, origin: server.url, 'content-type': 'application/json' };
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < pending.length; i = next++) {
          const body =
            i % 3 === 0
              ? { status: 'rejected', rejectionReason: 'Duplicate ad: the same vehicle is listed twice.' }
              : { status: 'approved' };
          const t0 = performance.now();
          const res = await fetch(`${server.url}/api/advertisements/${pending[i]}/status`, {
            method: 'PUT',
            headers,
            body: JSON.stringify(body),
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (res.status !== 200) errors++;
        }
      }),
    );
    const wall = performance.now() - started;
    latencies.sort((a, b) => a - b);
    const result: Round = { outbox, p50: pct(latencies, 0.5), p95: pct(latencies, 0.95), wall, errors };
    if (outbox) {
      // Every decided ad's advertiser has an email address: one message per decision.
      let deliveredIn: number | null = null;
      for (;;) {
        const ids = new Set(smtp.received.map((m) => m.messageId));
        if (ids.size >= DECISIONS) {
          deliveredIn = performance.now() - started;
          break;
        }
        if (performance.now() - started > DEADLINE_MS) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // Give a double delivery the chance to show before counting.
      await new Promise((r) => setTimeout(r, 3000));
      const ids = new Set(smtp.received.map((m) => m.messageId));
      Object.assign(result, { delivered: ids.size, dup: smtp.received.length - ids.size, deliveredIn });
    }
    return result;
  } finally {
    await server.stop();
    await smtp.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const bin = findPgBin();
  if (!bin) throw new Error('no PostgreSQL binaries');
  const cluster = await startPgCluster(bin, ['-c shared_buffers=256MB']);
  const rounds: Round[] = [];
  try {
    // Alternating on/off, so that a warmer machine favours neither.
    for (let r = 0; r < ROUNDS; r++) {
      for (const outbox of [true, false]) {
        const res = await round(cluster.url, `bench_${r}_${outbox ? 'on' : 'off'}`, outbox);
        console.log(JSON.stringify(res));
        rounds.push(res);
      }
    }
  } finally {
    cluster.stop();
    fs.rmSync(cluster.dir, { recursive: true, force: true });
  }
  const ms = (n: number) => n.toFixed(1);
  const lines = rounds.map(
    (r) =>
      `| ${r.outbox ? 'on' : 'off'} | ${ms(r.p50)} | ${ms(r.p95)} | ${(r.wall / 1000).toFixed(1)} | ${r.errors} | ${
        r.outbox
          ? `${r.delivered} | ${r.dup} | ${r.deliveredIn === null ? 'not within the deadline' : (r.deliveredIn! / 1000).toFixed(1)}`
          : '– | – | –'
      } |`,
  );
  const on = rounds.filter((r) => r.outbox);
  const off = rounds.filter((r) => !r.outbox);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const text = `
## ${new Date().toISOString().slice(0, 10)} — advertiser messages: ${DECISIONS.toLocaleString('en')} decisions in a burst (issue 19)

Command: \`npm run bench:messages -- --decisions ${DECISIONS} --concurrency ${CONCURRENCY} --rounds ${ROUNDS}\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}. PostgreSQL 15, server and SMTP server (smtp-server) on loopback, delivery by graphile-worker inside the server. Rounds alternate outbox on/off, each on a fresh database with equal data.

| outbox | decision p50 ms | decision p95 ms | burst s | errors | messages delivered | delivered twice | all delivered after s |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${lines.join('\n')}

Ratio of the decisions' p50, outbox on / off: ${(mean(on.map((r) => r.p50)) / mean(off.map((r) => r.p50))).toFixed(2)}; p95: ${(mean(on.map((r) => r.p95)) / mean(off.map((r) => r.p95))).toFixed(2)}.
`;
  console.log(text);
  if (!args['no-record']) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
}

await main();
