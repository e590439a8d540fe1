// `npm test`: three Vitest processes at once: the browser tests (project e2e), the server-process
// tests (project process), and every other project on two workers.
//
// Vitest runs a project whose files must go one at a time (e2e: Chromium and a server per file;
// process: servers killed and restarted) in a group of its own after every other project has
// finished, so in one process those files ran alone on an otherwise idle machine. Separate processes
// keep one e2e file and one process file running from the start while two workers take the other
// projects. Why, and the measured effect: docs/decisions/0001-runtime-and-tooling.md ("Test runner").
//
// With arguments (`npm test -- <vitest options or files>`) it is a single `vitest run <arguments>`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const args = process.argv.slice(2);

const runs =
  args.length > 0
    ? [{ name: '', args }]
    : [
        { name: 'e2e', args: ['--project', 'e2e'] },
        { name: 'process', args: ['--project', 'process'] },
        {
          name: 'rest',
          args: [
            '--project',
            'unit',
            '--project',
            'web',
            '--project',
            'api-pglite',
            '--project',
            'api-postgres',
          ].concat(['--maxWorkers', '2']),
        },
      ];

// The children write to pipes; keep Vitest's colours when the terminal has them.
const env = { ...process.env };
if (process.stdout.isTTY && env.FORCE_COLOR === undefined && env.NO_COLOR === undefined) env.FORCE_COLOR = '1';

const children = runs.map(({ name, args: extra }) => {
  const child = spawn(process.execPath, [vitest, 'run', ...extra], {
    env,
    stdio: name ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  const kept = { lines: [], fromFailures: false };
  if (name) {
    const width = Math.max(...runs.map((r) => r.name.length));
    prefixLines(child.stdout, process.stdout, `${name.padEnd(width)} | `, kept);
    prefixLines(child.stderr, process.stderr, `${name.padEnd(width)} | `, kept);
  }
  return {
    name,
    child,
    kept,
    exited: new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal }))),
  };
});

let stopping = false;
function stopAll(signal) {
  stopping = true;
  for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(signal));

// A run that fails its tests lets the other finish (its results are still wanted); a run that is
// killed (by a signal, out of memory) takes the other with it.
for (const { child } of children) child.once('exit', (code, signal) => signal && stopAll('SIGTERM'));

const results = await Promise.all(children.map((c) => c.exited));
const failed = results.findIndex((r) => r.code !== 0);
if (children.length > 1)
  for (const [i, { name }] of children.entries()) {
    const { code, signal } = results[i];
    process.stdout.write(
      `${name}: ${signal ? `killed by ${signal}` : code === 0 ? 'passed' : `failed (exit ${code})`}\n`,
    );
  }
// The runs' outputs interleave and CI shows the tail: repeat each failed run's failures at the end.
for (const [i, { name, kept }] of children.entries())
  if (name && results[i].code !== 0 && kept.lines.length) {
    process.stdout.write(`\n${name}: its failures again\n`);
    process.stdout.write(kept.lines.map((l) => `${name} | ${l}\n`).join(''));
  }
process.exitCode = failed === -1 && !stopping ? 0 : 1;

/**
 * Copies a child's output line by line, each line prefixed, so the runs stay readable. Keeps the
 * lines from Vitest's "Failed Tests" (or "Unhandled Errors") onward, else the last 80 lines.
 */
function prefixLines(from, to, prefix, kept) {
  let rest = '';
  const keep = (line) => {
    // eslint-disable-next-line no-control-regex -- Vitest's colour codes
    const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
    if (!kept.fromFailures && /Failed Tests|Unhandled Error|Test Files/.test(plain)) {
      kept.fromFailures = true;
      kept.lines = [];
    }
    kept.lines.push(plain);
    if (kept.lines.length > (kept.fromFailures ? 600 : 80)) kept.lines.shift();
  };
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    lines.forEach(keep);
    if (lines.length) to.write(lines.map((l) => prefix + l + '\n').join(''));
  });
  from.on('end', () => {
    if (!rest) return;
    keep(rest);
    to.write(prefix + rest + '\n');
  });
}
