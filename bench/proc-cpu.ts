/**
 * CPU time by process, read from /proc (bench/report-cost.ts, bench/approve-cost.ts): the server's
 * process and PostgreSQL's, by role, before and after a piece of work.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../server/src/db/client';

const TICK_MS = 1000 / 100; // USER_HZ

/** utime + stime of a process, in ms; 0 once it has gone. */
export function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The postmaster and its children (backends, background workers), by pid. */
export function pgPids(postmaster: number): number[] {
  const pids = [postmaster];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) pids.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return pids;
}

/** The postmaster's pid of a cluster's data directory. */
export const postmasterOf = (clusterDir: string) =>
  Number(fs.readFileSync(path.join(clusterDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);

/** CPU ms per pid now. A process that exits in a window loses its time: the pool keeps its connections busy. */
export const sample = (pids: number[]) => new Map(pids.map((p) => [p, cpuMs(p)]));

/** What a PostgreSQL process is: a backend, or its background role (walwriter, autovacuum worker …). */
function role(pid: number): string {
  try {
    const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    if (!title.startsWith('postgres: ')) return 'postmaster';
    if (/^postgres: \S+ \S+ \d/.test(title)) return 'backends';
    return title.split(' ').slice(1, 3).join(' ');
  } catch {
    return 'gone';
  }
}

/** CPU ms by role since `before`. */
export const spent = (before: Map<number, number>, pids: number[]) => {
  const by = new Map<string, number>();
  for (const p of pids) {
    const r = role(p);
    by.set(r, (by.get(r) ?? 0) + Math.max(0, cpuMs(p) - (before.get(p) ?? 0)));
  }
  return by;
};
export const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** CPU ms of the server and of PostgreSQL (by role) over `work`. */
export async function measureCpu<T>(serverPid: number, postmaster: number, work: () => Promise<T>) {
  const pids = pgPids(postmaster);
  const [pg0, node0] = [sample(pids), cpuMs(serverPid)];
  const result = await work();
  const by = spent(pg0, pgPids(postmaster));
  return { node: cpuMs(serverPid) - node0, pg: sum(by), by, result };
}

const fmt = (n: number) => n.toFixed(3);

/** PostgreSQL's CPU by role, per unit of work, less the same time idle. */
export const byRoleLine = (busy: Map<string, number>, idle: Map<string, number>, n: number, unit: string) =>
  `  postgres by process, ms per ${unit}: ` +
  [...busy]
    .filter(([, ms]) => ms > 0)
    .map(([k, ms]) => `${k} ${fmt((ms - (idle.get(k) ?? 0)) / n)}`)
    .join(', ');

/** The statements by total time since pg_stat_statements was reset: calls per unit of work, mean ms. */
export async function statementLines(db: Db, n: number, limit: number): Promise<string[]> {
  const statements = rowsOf<{ calls: number; ms: number; query: string }>(
    await db.execute(sql`select calls::int, round(mean_exec_time::numeric, 3)::float8 as ms,
      left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 110) as query
      from pg_stat_statements where query not like '%pg_stat_statements%'
      order by total_exec_time desc limit ${limit}`),
  );
  return statements.map((s) => `  ${(s.calls / n).toFixed(3).padStart(7)}  ${String(s.ms).padStart(7)}  ${s.query}`);
}
