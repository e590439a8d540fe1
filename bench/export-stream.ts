import fs from 'node:fs';
import type { ServerProcess } from '../e2e/support/server-process';

/** The resident set of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

export type ExportFigures = {
  ttfbMs: number;
  totalMs: number;
  mb: number;
  rows: number;
  rssBefore: number;
  rssMax: number;
};

/**
 * Downloads a whole CSV export of the ads (`query` its filters), counting its lines, while sampling
 * the server's RSS every 50 ms; `onRows` hears of the rows as they arrive.
 */
export async function streamExport(
  server: ServerProcess,
  cookie: string,
  query = '',
  onRows: (n: number) => void = () => undefined,
): Promise<ExportFigures> {
  const pid = server.proc.pid!;
  const rssBefore = rssMb(pid);
  let rssMax = rssBefore;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMb(pid))), 50);
  try {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/advertisements/export${query}`, { headers: { cookie } });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
    let ttfbMs = 0;
    let bytes = 0;
    let lines = 0;
    const reader = res.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (!ttfbMs) ttfbMs = performance.now() - started;
      bytes += chunk.value.length;
      // indexOf, not a loop over bytes: this process may also run a list's load, and must not slow it.
      const before = lines;
      for (let at = chunk.value.indexOf(10); at >= 0; at = chunk.value.indexOf(10, at + 1)) lines++;
      onRows(lines - before);
    }
    const totalMs = performance.now() - started;
    // Quoted cells may hold newlines: lines count rows only approximately, which is all a figure needs.
    return { ttfbMs, totalMs, mb: bytes / 1e6, rows: lines - 1, rssBefore, rssMax };
  } finally {
    clearInterval(sampler);
  }
}
