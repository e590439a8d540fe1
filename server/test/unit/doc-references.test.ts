import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, repoPath, repoRoot } from '../support/repo-files';

/**
 * Every pointer in the tree must lead somewhere inside the repository: the old numbered design
 * decisions and spec sections lived outside it, so they may no longer be cited (their content is
 * in docs/decisions/ and docs/product.md), and every docs/ path or anchor that code, tests and docs
 * mention must exist. History notes in docs ("Formerly …") may still name the old numbers.
 */
const root = repoRoot;
const extensions = new Set(['.ts', '.tsx', '.sql', '.md', '.js', '.mjs']);
const skippedDirs = new Set(['node_modules', 'dist', 'data', 'meta', 'test-results', 'coverage']);

const files = filesUnder(root, (name) => extensions.has(path.extname(name)), skippedDirs).map((abs) => ({
  rel: repoPath(abs),
  lines: fs.readFileSync(abs, 'utf8').split('\n'),
}));

const isHistoryNote = (rel: string, line: string) => rel.startsWith('docs/') && /\bFormerly\b/.test(line);

// Built from parts so that this file does not match itself.
const sectionSign = '\u00a7';
const oldDecision = new RegExp(String.raw`\bD(?:[1-9]|1\d|2[0-5])\b`);
const oldSection = new RegExp(`${sectionSign}\\s?\\d`);
const docsPath = /\bdocs\/[\w./-]*\w\.md(?:#[\w-]+)?/g;
const bareRecord = /\bdocs\/decisions\/(\d{4})(?![\w-])/g;
const markdownLink = /\]\(([^)\s]+)\)/g;

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    slugs.add(n === 0 ? base : `${base}-${n}`);
  }
  return slugs;
}

const slugCache = new Map<string, Set<string>>();
function targetProblem(target: string): string | null {
  const [file, anchor] = target.split('#') as [string, string | undefined];
  const abs = path.join(root, file);
  if (!fs.existsSync(abs)) return 'no such file';
  if (!anchor) return null;
  if (!slugCache.has(file)) slugCache.set(file, headingSlugs(fs.readFileSync(abs, 'utf8')));
  return slugCache.get(file)!.has(anchor) ? null : `no heading with the anchor #${anchor}`;
}

describe('references inside the repository', () => {
  it('computes anchors the way GitHub does', () => {
    const slugs = headingSlugs(
      '# 0003 Ads moderation\n## Calls\n## Calls\n```\n## Not a heading\n```\n### `GET` (beyond)',
    );
    expect([...slugs]).toEqual(['0003-ads-moderation', 'calls', 'calls-1', 'get-beyond']);
  });

  it('cites no old design decision or spec section number', () => {
    const found: string[] = [];
    for (const { rel, lines } of files)
      lines.forEach((line, i) => {
        if (isHistoryNote(rel, line)) return;
        if (oldDecision.test(line) || oldSection.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
    expect(found, 'point at docs/decisions/… or docs/product.md#… instead').toEqual([]);
  });

  it('points only at docs files and anchors that exist', () => {
    const broken: string[] = [];
    for (const { rel, lines } of files)
      lines.forEach((line, i) => {
        const where = `${rel}:${i + 1}`;
        for (const [target] of line.matchAll(docsPath)) {
          const problem = targetProblem(target);
          if (problem) broken.push(`${where}: ${target} (${problem})`);
        }
        for (const [text, number] of line.matchAll(bareRecord)) {
          const records = fs.readdirSync(path.join(root, 'docs/decisions'));
          if (!records.some((name) => name.startsWith(`${number}-`))) broken.push(`${where}: ${text} (no such record)`);
        }
        if (!rel.endsWith('.md')) return;
        for (const [, link] of line.matchAll(markdownLink)) {
          if (/^[a-z]+:/.test(link)) continue;
          const [file, anchor] = link.split('#') as [string, string | undefined];
          const target = path.posix.join(path.posix.dirname(rel), file || path.posix.basename(rel));
          const problem = targetProblem(anchor ? `${target}#${anchor}` : target);
          if (problem) broken.push(`${where}: ${link} (${problem})`);
        }
      });
    expect(broken).toEqual([]);
  });
});
