import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, repoPath, repoRoot } from '../support/repo-files';

/**
 * Services are built once, in buildApp's wiring (server/src/services.ts), and handed to the route
 * plugins as options (docs/decisions/0027-boundary-and-hygiene-checks.md, "Services built once").
 * A route file that builds its own would hold a second instance with caches of its own.
 */
const wiring = 'server/src/services.ts';
/** The demo seed writes its history at chosen past instants: it builds services on clocks of its own. */
const seed = /^server\/src\/seed\//;
const construction = /\bnew\s+([A-Z]\w*Service)\s*\(/g;

const sources = filesUnder(path.join(repoRoot, 'server/src'), (name) => name.endsWith('.ts'), new Set(['migrations']))
  .map((abs) => ({ rel: repoPath(abs), text: fs.readFileSync(abs, 'utf8') }))
  .map(({ rel, text }) => ({ rel, built: [...text.matchAll(construction)].map((m) => m[1]!) }));

describe('services are built once', () => {
  it('by no route file', () => {
    const routes = sources.filter((f) => f.rel.startsWith('server/src/modules/') && f.rel.endsWith('-routes.ts'));
    expect(routes.length).toBeGreaterThan(20);
    const building = routes.filter((f) => f.built.length).map((f) => `${f.rel}: ${f.built.join(', ')}`);
    expect(building, `take the service as an option; build it in ${wiring}`).toEqual([]);
  });

  it(`only in ${wiring} (the demo seed aside)`, () => {
    const elsewhere = sources
      .filter((f) => f.built.length && f.rel !== wiring && !seed.test(f.rel))
      .map((f) => `${f.rel}: ${f.built.join(', ')}`);
    expect(elsewhere, `build it in ${wiring} and pass it in`).toEqual([]);
  });

  it(`each once in ${wiring}`, () => {
    const built = sources.find((f) => f.rel === wiring)!.built;
    expect(built.length).toBeGreaterThan(10);
    expect(built.filter((name, i) => built.indexOf(name) !== i)).toEqual([]);
  });

  it('are found however the line is written', () => {
    const found = (text: string) => [...text.matchAll(construction)].map((m) => m[1]);
    expect(found('const a = new AdsService(db);\nconst b = new  UsersService (db)')).toEqual([
      'AdsService',
      'UsersService',
    ]);
    expect(found('new Date(); new LiveHub(db); renewAdsService(x); new Service()')).toEqual([]);
  });
});
