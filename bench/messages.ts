/**
 * `npm run bench:messages` (issue 19): a burst of `--decisions` (1,000) approve/reject decisions
 * against the real server on PostgreSQL, with a real SMTP server (smtp-server) on loopback. Measures
 * the decisions' own latency in four modes, side by side on equal data in one run:
 *
 * - `off`: the outbox switched off (ADVERTISER_MESSAGES=false), the baseline;
 * - `in-server`: delivery by graphile-worker inside the server process (the default);
 * - `apart`: the server with MESSAGE_WORKER=false and `npm run worker` as its own process during the
 *   burst, as a deployment that separates them runs (here on the same cores);
 * - `queued`: the server with MESSAGE_WORKER=false and no worker during the burst: only the cost of
 *   writing the messages in the decisions' transactions; the worker starts after the burst.
 *
 * With the outbox on: the time until every message reached the SMTP server, and how many arrived
 * twice. Bounded: gives up on delivery after `--deadline` seconds (120).
 *
 * Options: --decisions N (1000), --concurrency C (20), --deadline S (120), --rounds R (2),
 * --modes off,in-server,apart,queued (all), --no-record.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../server/src/db/client';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { startBenchCluster } from './pg-bench';
import { startSmtpServer } from '../server/test/support/message-servers';
import { apiSignIn, startServer, tempDataDir } from '../e2e/support/server-process';

const MODES = ['off', 'in-server', 'apart', 'queued'] as const;
type Mode = (typeof MODES)[number];

const { values: args } = parseArgs({
  options: {
    decisions: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '20' },
    deadline: { type: 'string', default: '120' },
    rounds: { type: 'string', default: '2' },
    modes: { type: 'string', default: MODES.join(',') },
    'no-record': { type: 'boolean', default: false },
  },
});
const DECISIONS = Number(args.decisions);
const CONCURRENCY = Number(args.concurrency);
const DEADLINE_MS = Number(args.deadline) * 1000;
const ROUNDS = Number(args.rounds);
const modes = args.modes.split(',').map((m) => {
  if (!(MODES as readonly string[]).includes(m)) throw new Error(`unknown mode ${m} (${MODES.join(', ')})`);
  return m as Mode;
});
if (!modes.includes('off')) throw new Error('the modes must include off, the baseline');

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

type Round = {
  mode: Mode;
  p50: number;
  p95: number;
  wall: number;
  errors: number;
  delivered?: number;
  dup?: number;
  deliveredIn?: number | null;
  /** CPU time per decision during the burst, in ms: the server, the worker process, PostgreSQL, this process (client and SMTP server). */
  cpu: { server: number; worker: number; postgres: number; bench: number };
};

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** utime + stime of every process, by pid, with its parent: from /proc, so it works across processes. */
function cpuSnapshot(): Map<number, { ppid: number; ticks: number }> {
  const out = new Map<number, { ppid: number; ticks: number }>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** CPU ms between two snapshots of `pid` and, with `children`, of its child processes. */
function cpuBetween(
  a: ReturnType<typeof cpuSnapshot>,
  b: ReturnType<typeof cpuSnapshot>,
  pid: number | undefined,
  children = false,
): number {
  if (pid === undefined) return 0;
  let ticks = 0;
  for (const [p, e] of b) {
    if (p === pid || (children && e.ppid === pid)) ticks += e.ticks - (a.get(p)?.ticks ?? 0);
  }
  return ticks * TICK_MS;
}

/** `npm run worker`'s program, once it says it runs. */
async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/worker.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  while (!out.includes('Advertiser message worker running.')) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`worker did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
}

/** One database per round, so that every round decides equal, untouched pending ads. */
async function round(clusterUrl: string, postmaster: number, name: string, mode: Mode): Promise<Round> {
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
  const env = { DATABASE_URL: url, SMTP_URL: smtp.url, DATA_DIR: dataDir };
  const server = await startServer({
    dataDir,
    env: {
      ...env,
      SEED_DEMO: 'false',
      ADVERTISER_MESSAGES: String(mode !== 'off'),
      MESSAGE_WORKER: String(mode === 'in-server'),
    },
  });
  let worker: ChildProcess | undefined;
  try {
    if (mode === 'apart') worker = await startWorker(env);
    const cookie = await apiSignIn(server.url);
    const headers = { cookie, origin: server.url, 'content-type': 'application/json' };
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const cpu0 = cpuSnapshot();
    const bench0 = process.cpuUsage();
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
    const cpu1 = cpuSnapshot();
    const bench1 = process.cpuUsage(bench0);
    const perDecision = (ms: number) => ms / DECISIONS;
    const cpu = {
      server: perDecision(cpuBetween(cpu0, cpu1, server.proc.pid)),
      worker: perDecision(cpuBetween(cpu0, cpu1, worker?.pid)),
      postgres: perDecision(cpuBetween(cpu0, cpu1, postmaster, true)),
      bench: perDecision((bench1.user + bench1.system) / 1000),
    };
    latencies.sort((a, b) => a - b);
    const result: Round = { mode, p50: pct(latencies, 0.5), p95: pct(latencies, 0.95), wall, errors, cpu };
    if (mode !== 'off') {
      if (mode === 'queued') worker = await startWorker(env);
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
    if (worker && worker.exitCode === null) {
      const exited = new Promise((r) => worker!.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    }
    await server.stop();
    await smtp.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const LABEL: Record<Mode, string> = {
  off: 'off (baseline)',
  'in-server': 'on, delivery in the server',
  apart: 'on, `npm run worker` apart',
  queued: 'on, no delivery during the burst',
};

async function main() {
  const cluster = await startBenchCluster(['-c shared_buffers=256MB']);
  const postmaster = Number(fs.readFileSync(`${cluster.dir}/data/postmaster.pid`, 'utf8').split('\n')[0]);
  const rounds: Round[] = [];
  try {
    // Every mode once per round, the order rotated each round, so that a warmer (or busier) machine
    // favours none of them.
    for (let r = 0; r < ROUNDS; r++) {
      const order = modes.map((_, i) => modes[(i + r) % modes.length]!);
      for (const mode of order) {
        const res = await round(cluster.url, postmaster, `bench_${r}_${mode.replace('-', '_')}`, mode);
        console.log(JSON.stringify(res));
        rounds.push(res);
      }
    }
  } finally {
    cluster.stop();
    fs.rmSync(cluster.dir, { recursive: true, force: true });
  }
  const ms = (n: number) => n.toFixed(1);
  const cpuCells = (r: Round) =>
    [r.cpu.server, r.cpu.worker, r.cpu.postgres, r.cpu.bench].map((n) => n.toFixed(2)).join(' / ');
  const lines = rounds.map(
    (r) =>
      `| ${LABEL[r.mode]} | ${ms(r.p50)} | ${ms(r.p95)} | ${(r.wall / 1000).toFixed(1)} | ${r.errors} | ${cpuCells(r)} | ${
        r.mode !== 'off'
          ? `${r.delivered} | ${r.dup} | ${r.deliveredIn === null ? 'not within the deadline' : (r.deliveredIn! / 1000).toFixed(1)}`
          : '– | – | –'
      } |`,
  );
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const cpuTotal = (r: Round) => r.cpu.server + r.cpu.worker + r.cpu.postgres;
  const of = (m: Mode) => rounds.filter((r) => r.mode === m);
  const off = of('off');
  const ratios = modes
    .filter((m) => m !== 'off')
    .map(
      (m) =>
        `| ${LABEL[m]} | ${(mean(of(m).map((r) => r.p50)) / mean(off.map((r) => r.p50))).toFixed(2)} | ${(
          mean(of(m).map((r) => r.p95)) / mean(off.map((r) => r.p95))
        ).toFixed(2)} | ${(mean(of(m).map(cpuTotal)) / mean(off.map(cpuTotal))).toFixed(2)} |`,
    );
  const text = `
## ${new Date().toISOString().slice(0, 10)} — advertiser messages: ${DECISIONS.toLocaleString('en')} decisions in a burst (issue 19)

Command: \`npm run bench:messages -- --decisions ${DECISIONS} --concurrency ${CONCURRENCY} --rounds ${ROUNDS} --modes ${modes.join(',')}\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}. PostgreSQL 15, server, worker and SMTP server (smtp-server) on loopback on the same cores. Every round runs each mode once (order rotated), each on a fresh database with equal data.

| outbox | decision p50 ms | decision p95 ms | burst s | errors | CPU ms per decision: server / worker / PostgreSQL / bench | messages delivered | delivered twice | all delivered after s |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${lines.join('\n')}

Decisions' latency against the outbox off (mean of the rounds):

| outbox | p50 ratio | p95 ratio | CPU per decision in the burst (server + worker + PostgreSQL), ratio |
| --- | ---: | ---: | ---: |
${ratios.join('\n')}
`;
  console.log(text);
  if (!args['no-record']) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
}

await main();
