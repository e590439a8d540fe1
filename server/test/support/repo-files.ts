import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, from server/test/support. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every file under `dir` whose name passes `wanted`, skipping hidden entries and the `skipped` folders. */
export function filesUnder(dir: string, wanted: (name: string) => boolean, skipped: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) out.push(...filesUnder(full, wanted, skipped));
    } else if (wanted(entry.name)) out.push(full);
  }
  return out;
}

/** A path relative to the repository's root, with forward slashes. */
export const repoPath = (abs: string) => path.relative(repoRoot, abs).split(path.sep).join('/');
