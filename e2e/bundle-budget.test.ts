import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * Issue 9.2: the JavaScript a browser must download before a screen can show, gzipped, stays within
 * budget. It reads the chunk graph of the real build (`npm test` builds first): a screen's initial
 * JavaScript is the entry chunk, the lazy chunks its route loads (the shell, the page), and every
 * chunk those import statically. Charts and rarely used screens stay out because they are lazy.
 */
const dist = path.resolve(process.env.WEB_DIST ?? fileURLToPath(new URL('../web/dist', import.meta.url)));
const BUDGET = 200 * 1024;

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

function readManifest(): Record<string, Chunk> {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Chunk>;
}

/** The chunks `keys` need before they run: themselves and their static imports, transitively. */
function staticClosure(manifest: Record<string, Chunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the manifest`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const gzipped = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

function initialJs(manifest: Record<string, Chunk>, lazyModules: string[]) {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  const lazy = lazyModules.map((m) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(m));
    if (!key) throw new Error(`no chunk for ${m}: is it still a lazy route?`);
    return key;
  });
  const chunks = [...staticClosure(manifest, [entry, ...lazy])].map((k) => manifest[k]!.file);
  const sizes = Object.fromEntries(chunks.map((f) => [f, gzipped(f)]));
  return { total: Object.values(sizes).reduce((a, b) => a + b, 0), sizes };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe('JavaScript budget, gzipped (issue 9.2)', () => {
  const manifest = readManifest();

  it.each([
    ['sign-in page', []],
    ['ads directory', ['src/app/layout/app-shell.tsx', 'src/features/ads/ads-directory-page.tsx']],
  ] as const)('the %s loads at most 200 KB of JavaScript before it shows', (screen, lazy) => {
    const { total, sizes } = initialJs(manifest, [...lazy]);
    const detail = Object.entries(sizes)
      .sort((a, b) => b[1] - a[1])
      .map(([f, n]) => `${f} ${kb(n)}`)
      .join(', ');
    if (process.env.BUDGET_REPORT) console.log(`${screen}: ${kb(total)} (${detail})`);
    expect(total, `${kb(total)}: ${detail}`).toBeLessThanOrEqual(BUDGET);
    // The budget must be measuring something real: React alone is far above 20 KB.
    expect(total).toBeGreaterThan(20 * 1024);
  });

  it('keeps the chart library out of the initial JavaScript of both screens', () => {
    const { sizes } = initialJs(manifest, ['src/app/layout/app-shell.tsx', 'src/features/ads/ads-directory-page.tsx']);
    const chartChunk = Object.values(manifest).find((c) => c.file.includes('dashboard-charts'));
    expect(chartChunk, 'the charts are a chunk of their own').toBeDefined();
    expect(Object.keys(sizes)).not.toContain(chartChunk!.file);
  });
});
