import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/repo-files';
import { firstTable, level2Sections } from '../support/markdown';

/**
 * bench/RESULTS.md opens with one table of the current figure of every benchmark; the dated runs
 * follow, appended by the bench scripts. This keeps the table from drifting: each row links to the
 * run it quotes, which must be the newest run of that benchmark (so appending a newer run fails
 * here until the row is brought up to date), must contain the row's command and date, and must
 * contain every number of the row's figure. Every benchmark with a run has a row.
 */
const results = fs.readFileSync(path.join(repoRoot, 'bench/RESULTS.md'), 'utf8');
const [head, ...runs] = level2Sections(results);
const HEAD = 'Current figures';

/** The command in a cell or a run's `Command:` line, and the benchmark it names (`bench:ads`, `bench/keyset-compare.ts`). */
function benchmarkOf(command: string): string | null {
  return /npm run (bench(?::[\w-]+)?)/.exec(command)?.[1] ?? /(bench\/[\w-]+\.ts)/.exec(command)?.[1] ?? null;
}
const firstCommand = (text: string) => /Command: `([^`]+)`/.exec(text)?.[1] ?? null;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The numbers of a text, thousands separators dropped: "1,000,000 ads in 20.6 s" → 1000000, 20.6. */
const numbers = (text: string) =>
  [...text.replace(/(\d),(?=\d{3})/g, '$1').matchAll(/\d+(?:\.\d+)?/g)].map((m) => m[0]);
const dateOf = (text: string) => /\d{4}-\d{2}-\d{2}/.exec(text)?.[0] ?? null;

const rows = firstTable(head?.text ?? '').map((cells) => {
  const [benchmark = '', command = '', , date = '', figure = ''] = cells;
  return { benchmark, command: /`([^`]+)`/.exec(command)?.[1] ?? '', date, figure };
});

describe('bench/RESULTS.md', () => {
  it(`opens with the "${HEAD}" table, one row per current figure`, () => {
    expect(head?.heading).toBe(HEAD);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(benchmarkOf(row.command), `${row.benchmark}: no bench command`).not.toBeNull();
  });

  it('has a row for every benchmark that has a run', () => {
    const withRuns = new Set(runs.map((run) => benchmarkOf(firstCommand(run.text) ?? '')));
    expect([...withRuns].filter((b) => b === null).length, 'a run without a `Command:` line').toBe(0);
    const inHead = new Set(rows.map((row) => benchmarkOf(row.command)));
    expect([...withRuns].filter((b) => !inHead.has(b))).toEqual([]);
  });

  it.each(rows.map((row) => [row.benchmark, row] as const))('%s: quotes the newest run of its benchmark', (_, row) => {
    const anchor = /\]\(#([\w-]+)\)/.exec(row.date)?.[1];
    const run = runs.find((r) => r.anchor === anchor);
    expect(run, `the date links to a run (#${anchor})`).toBeDefined();
    const benchmark = benchmarkOf(row.command);
    const newest = runs.findLast((r) => benchmarkOf(firstCommand(r.text) ?? '') === benchmark);
    expect(run!.anchor, `a newer run of ${benchmark} is below: update this row`).toBe(newest!.anchor);
    expect(dateOf(row.date)).toBe(dateOf(run!.heading));
    expect(oneLine(run!.text)).toContain(oneLine(row.command));
    const quoted = new Set(numbers(run!.text));
    expect(numbers(row.figure).filter((n) => !quoted.has(n))).toEqual([]);
  });
});
