/**
 * `npm run bench:live`: the live queue across instances (docs/decisions/0017-live-queue-and-claims.md).
 * Two server processes on one PostgreSQL with N ads, STREAMS admins' event streams on each; DECISIONS
 * approvals per second for S seconds on instance A. Measures, for every stream on instance B, the
 * time from each approval's 2xx to its `moderated` event arriving (p50/p95/max), counts events lost
 * or received twice, and the RSS instance B grows by per 100 more open streams. Figures appended to
 * bench/RESULTS.md unless --no-record.
 *
 * Options: --ads N (1000000), --seconds S (60), --streams K (20), --rate R (10), --no-record.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPostgres, rowsOf } from '../server/src/db/client';
import { seedAds } from '../server/src/seed/demo-ads';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { startBenchCluster } from './pg-bench';
import { apiSignIn, startServer, tempDataDir, type ServerProcess } from '../e2e/support/server-process';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '60' },
    streams: { type: 'string', default: '20' },
    rate: { type: 'string', default: '10' },
    'no-record': { type: 'boolean', default: false },
  },
});
const ADS = Number(args.ads);
const SECONDS = Number(args.seconds);
const STREAMS = Number(args.streams);
const RATE = Number(args.rate);
/** After the last decision, how long events may still arrive before the missing ones count as lost. */
const GRACE_MS = 10_000;

type Stream = {
  /** Arrival time of each `moderated` event by ad id, and how many times it came. */
  arrived: Map<string, number>;
  seen: Map<string, number>;
  close(): void;
};

function openStream(base: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const arrived = new Map<string, number>();
    const seen = new Map<string, number>();
    const request = http.get(`${base}/api/events`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (!data) continue;
          const event = JSON.parse(data.slice(6)) as { type: string; id: string };
          if (event.type !== 'moderated') continue;
          seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
          if (!arrived.has(event.id)) arrived.set(event.id, now);
        }
      });
      res.on('error', () => {});
      resolve({ arrived, seen, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

async function run(): Promise<string> {
  const cluster = await startBenchCluster(['-c shared_buffers=512MB', '-c max_wal_size=4GB']);
  const dirs = [tempDataDir('bo-live-a-'), tempDataDir('bo-live-b-')];
  const servers: ServerProcess[] = [];
  const streams: Stream[] = [];
  try {
    const database = await openPostgres(cluster.url);
    const started = Date.now();
    await seedAds(database.db, new LocalDiskStorage(`${dirs[0]}/uploads`), {
      count: ADS,
      advertisers: Math.ceil(ADS / 10),
    });
    await database.db.execute(sql`vacuum analyze`);
    const seeded = (Date.now() - started) / 1000;
    const pending = rowsOf<{ id: string }>(
      await database.db.execute(
        sql`select id from advertisements where status = 'pending' order by random() limit ${RATE * SECONDS + 100}`,
      ),
    ).map((r) => r.id);
    await database.close();

    // One admin's session holds every stream here: lift its bound (docs/decisions/0026-live-streams-and-sessions.md).
    const env = { DATABASE_URL: cluster.url, SEED_DEMO: 'false', LIVE_SESSION_STREAMS: String(STREAMS + 100) };
    // One after the other: both would run the migrations.
    servers.push(await startServer({ dataDir: dirs[0], env }));
    servers.push(await startServer({ dataDir: dirs[1], env }));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const cookieA = await apiSignIn(a.url);
    const cookieB = await apiSignIn(b.url);
    const rssBefore = rssMb(b.proc.pid!);
    for (let i = 0; i < STREAMS; i++) streams.push(await openStream(a.url, cookieA));
    const onB: Stream[] = [];
    for (let i = 0; i < STREAMS; i++) onB.push(await openStream(b.url, cookieB));
    streams.push(...onB);

    const decided = new Map<string, number>();
    let failed = 0;
    const inFlight: Promise<void>[] = [];
    const t0 = performance.now();
    for (let i = 0; i < RATE * SECONDS; i++) {
      const due = t0 + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const id = pending[i]!;
      inFlight.push(
        fetch(`${a.url}/api/advertisements/${id}/status`, {
          method: 'PUT',
          headers: { cookie: cookieA, origin: a.url, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'approved' }),
        }).then(async (res) => {
          await res.arrayBuffer();
          if (res.ok) decided.set(id, performance.now());
          else failed++;
        }),
      );
    }
    await Promise.all(inFlight);
    const graceEnd = performance.now() + GRACE_MS;
    while (performance.now() < graceEnd && !onB.every((s) => [...decided.keys()].every((id) => s.arrived.has(id)))) {
      await new Promise((r) => setTimeout(r, 100));
    }

    const latencies: number[] = [];
    let lost = 0;
    let duplicated = 0;
    for (const s of onB) {
      for (const [id, at] of decided) {
        const arrival = s.arrived.get(id);
        if (arrival === undefined) lost++;
        else latencies.push(Math.max(0, arrival - at));
        if ((s.seen.get(id) ?? 0) > 1) duplicated++;
      }
    }
    const onA = streams.slice(0, STREAMS);
    const lostOnA = onA.reduce((n, s) => n + [...decided.keys()].filter((id) => !s.arrived.has(id)).length, 0);
    latencies.sort((x, y) => x - y);

    // Memory: 100 more idle streams on B.
    const rssWith = rssMb(b.proc.pid!);
    for (let i = 0; i < 100; i++) streams.push(await openStream(b.url, cookieB));
    await new Promise((r) => setTimeout(r, 2_000));
    const rssWithMore = rssMb(b.proc.pid!);
    const fmt = (n: number) => n.toFixed(1);
    return [
      `PostgreSQL, ${ADS.toLocaleString('en')} ads (seeded in ${seeded.toFixed(0)} s); ${STREAMS} streams on each of two instances; ${RATE} approvals/s for ${SECONDS} s on A (${decided.size} answered 2xx, ${failed} not).`,
      '',
      '| events expected on B | p50 ms | p95 ms | max ms | lost on B | duplicated on B | lost on A | RSS of B: no streams / with ' +
        `${STREAMS} / +100 more | MB per 100 streams |`,
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      `| ${decided.size * onB.length} | ${fmt(percentile(latencies, 50))} | ${fmt(percentile(latencies, 95))} | ${fmt(latencies.at(-1) ?? NaN)} | ${lost} | ${duplicated} | ${lostOnA} | ${fmt(rssBefore)} / ${fmt(rssWith)} / ${fmt(rssWithMore)} | ${fmt(rssWithMore - rssWith)} |`,
      '',
    ].join('\n');
  } finally {
    for (const s of streams) s.close();
    for (const server of servers.reverse()) await server.stop();
    cluster.stop();
    fs.rmSync(cluster.dir, { recursive: true, force: true });
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const section = await run();
  const command = `npm run bench:live -- ${process.argv.slice(2).join(' ')}`.trim();
  const text = [
    `\n## ${new Date().toISOString().slice(0, 10)} — live queue across two instances (issue 18)`,
    '',
    `Command: \`${command}\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Servers, PostgreSQL and the streams' client on the same machine (loopback). Latency: from an approval's 2xx on A to its event on each stream on B.`,
    '',
    section,
  ].join('\n');
  if (!args['no-record']) fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
  console.log(text);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
