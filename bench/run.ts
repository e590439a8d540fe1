/**
 * `npm run bench`: loopback-only, time-bounded HTTP benchmarks against the real server process
 * (embedded PGlite on a fresh data directory). Figures are appended to bench/RESULTS.md.
 * Later issues add datasets (ads, users) and the bare-Fastify ceiling.
 */
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { apiSignIn, startServer } from '../e2e/support/server-process';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

type Row = { name: string; connections: number; rps: number; p50: number; p95: number; errors: number };

async function measure(
  name: string,
  url: string,
  connections: number,
  headers: Record<string, string> = {},
): Promise<Row> {
  const result = await autocannon({ url, connections, duration: DURATION, headers });
  return {
    name,
    connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
  try {
    const cookie = await apiSignIn(server.url);
    const rows: Row[] = [];
    for (const connections of [1, 10]) {
      rows.push(await measure('GET /api/health (public, one SQL)', `${server.url}/api/health`, connections));
      rows.push(
        await measure('GET /api/auth/session (session guard)', `${server.url}/api/auth/session`, connections, {
          cookie,
        }),
      );
    }
    const date = new Date().toISOString().slice(0, 10);
    const lines = [
      `\n## ${date} — session guard overhead (PGlite)`,
      '',
      `Command: \`npm run bench\` (BENCH_SECONDS=${DURATION}). Machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}.`,
      '',
      '| route | connections | req/s | p50 ms | p97.5 ms | errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map((r) => `| ${r.name} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.errors} |`),
    ];
    for (const c of [1, 10]) {
      const [health, guarded] = rows.filter((r) => r.connections === c);
      lines.push('', `Ratio at ${c} connection(s): guarded / public = ${(guarded!.rps / health!.rps).toFixed(2)}`);
    }
    const text = lines.join('\n') + '\n';
    fs.appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
    console.log(text);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
