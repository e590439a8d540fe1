import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/repo-files';
import { firstTable, level2Sections } from '../support/markdown';

/**
 * docs/product.md lists every screen of the web app in "Screens and routes". The router
 * (web/src/app/routes.tsx, mounted by web/src/app/router.tsx) names each route through the paths
 * module (web/src/lib/paths.ts); this keeps the document's list and the router's the same.
 */
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** `name: '/path'` entries of the paths module. */
const paths = new Map([...read('web/src/lib/paths.ts').matchAll(/^\s+(\w+): '([^']*)'/gm)].map((m) => [m[1]!, m[2]!]));

/** Every `path:` of the router: `paths.name` resolved through the paths module, or a literal. */
const routerPaths = [...read('web/src/app/routes.tsx').matchAll(/\bpath: (?:paths\.(\w+)|'([^']*)')/g)].map(
  ([, name, literal]) => (name ? (paths.get(name) ?? `unknown paths.${name}`) : literal!),
);
/** Routes that show no screen of their own: the shell's parent route and the catch-all redirect. */
const notScreens = new Set([paths.get('app'), '*']);
const routerScreens = routerPaths.filter((p) => !notScreens.has(p)).sort();

const screensSection = level2Sections(read('docs/product.md')).find((s) => s.heading === 'Screens and routes');
const documentedScreens = firstTable(screensSection?.text ?? '')
  .map(([route]) => /^`([^`]+)`$/.exec(route ?? '')?.[1] ?? `not a route: ${route}`)
  .sort();

describe('docs/product.md "Screens and routes"', () => {
  it('reads the router and the paths module', () => {
    expect(paths.get('signIn')).toBe('/');
    expect(routerScreens.length).toBeGreaterThan(5);
    expect(routerScreens.filter((p) => p.startsWith('unknown'))).toEqual([]);
  });

  it('lists exactly the screens the router has', () => {
    expect(documentedScreens).toEqual(routerScreens);
  });

  it('has a section or a description for each screen', () => {
    const rows = firstTable(screensSection?.text ?? '');
    const bare = rows.filter(([, screen]) => !screen || screen.length < 3).map(([route]) => route);
    expect(bare).toEqual([]);
  });
});
