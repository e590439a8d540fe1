/**
 * A V8 CPU profile (`node --cpu-prof`) summed over a window: self time by package and by function,
 * and the process's CPU time per request (bench/profile-list.ts, bench/report-cost.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
export type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };
/** A span of CLOCK_MONOTONIC in microseconds, the clock of V8's profiles on Linux. */
export type Window = { from: number; to: number };
export const now = () => Number(process.hrtime.bigint() / 1000n);

/** The package a frame belongs to: node_modules' name, our workspace, or node's own. */
function owner(url: string): string {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.includes('/server/src/')) return 'ours: ' + url.slice(url.indexOf('/server/src/') + 12).split('/')[0];
  if (url.includes('/contract/')) return 'ours: contract';
  if (url.startsWith('node:')) return 'node: ' + url.slice(5).split('/')[0];
  return url ? 'other' : '(vm)';
}

/** Self time by package and by function over the load's window, and the CPU time a request took. */
export function summarise(profile: Profile, window: Window, requests: number, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < window.from || at > window.to) continue;
    self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...self].reduce((a, [id, t]) => a + (byId.get(id)!.callFrame.functionName === '(idle)' ? 0 : t), 0);
  const byOwner = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const [id, t] of self) {
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const o = owner(url);
    byOwner.set(o, (byOwner.get(o) ?? 0) + t);
    const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/server\/src\//, 'server/')}:${lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + t);
  }
  const pct = (t: number) => `${((100 * t) / total).toFixed(1)} %`;
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, t]) => `${pct(t).padStart(7)}  ${k}`);
  return [
    `${(total / 1000 / requests).toFixed(3)} ms of the process's time per request (idle left out)`,
    'self time by package:',
    ...rows(byOwner),
    '',
    'self time by function:',
    ...rows(byFn),
  ].join('\n');
}

/** The server's own profile in `dir`: the largest (tsx's loader thread writes one too). */
export function largestProfile(dir: string): { file: string; profile: Profile } {
  const [file] = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  return { file: file!, profile: JSON.parse(fs.readFileSync(file!, 'utf8')) as Profile };
}
