import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { V8_FLAGS } from '../../src/lib/heap-tuning';
import { repoRoot } from '../support/repo-files';

/**
 * lib/heap-tuning.ts turns V8's allocation-site pretenuring off for the server (it let a long export
 * fill the old generation with garbage, docs/decisions/0018-exports-and-bulk.md). Two ways it could
 * silently stop working: main.ts no longer evaluates it first, or a Node upgrade drops the flag,
 * which V8 then only reports on stderr.
 */
describe('heap tuning', () => {
  it('is the first module main.ts evaluates', () => {
    const main = fs.readFileSync(path.join(repoRoot, 'server/src/main.ts'), 'utf8');
    const imports = [...main.matchAll(/^import .*?['"]([^'"]+)['"];?$/gm)].map((m) => m[1]);
    expect(imports[0]).toBe('./lib/heap-tuning');
  });

  const stderrOf = (flag: string) =>
    spawnSync(process.execPath, ['-e', `require('node:v8').setFlagsFromString(${JSON.stringify(flag)})`], {
      encoding: 'utf8',
    }).stderr;

  it('sets a flag this Node knows', () => {
    expect(V8_FLAGS).toBe('--no-allocation-site-pretenuring');
    expect(stderrOf(V8_FLAGS)).toBe('');
    // The check can fail: V8 names a flag it does not know.
    expect(stderrOf('--no-allocation-site-pretenuring-renamed')).toMatch(/unrecognized flag/);
  });
});
