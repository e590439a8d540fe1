/**
 * Import boundaries, checked on resolved paths (`npm run check:deps`; docs/decisions/0027-boundary-and-hygiene-checks.md).
 * ESLint's no-restricted-imports (eslint.config.js) reads an import's text only, so it sees neither a
 * re-export nor a path that resolves elsewhere; these rules see the file each import lands on.
 * Type-only imports count too (tsPreCompilationDeps): a circle through types is still a circle.
 */
const feature = '^web/src/features/([^/]+)/';
const serverModule = '^server/src/modules/([^/]+)/';
// Tests and their helpers beside the code (`*.test.tsx`, `users-test-data.ts`, web/src/test/) put
// the whole app together, so the layer rules hold for the shipped code only (as in eslint.config.js).
const testCode = '\\.test\\.tsx?$|-test-[a-z-]+\\.tsx?$|^web/src/test/|^(server|contract)/test/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No circle of imports: a circle has no layer to start reading or testing from.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-no-app',
      severity: 'error',
      comment: 'contract/ is the layer both sides build on: it imports neither server/ nor web/.',
      from: { path: '^contract/src/' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'server-and-web-apart',
      severity: 'error',
      comment: 'server/ and web/ share only contract/ (@backoffice/contract).',
      from: { path: '^(server|web)/src/' },
      to: { path: '^(server|web)/', pathNot: ['^$1/'] },
    },
    {
      name: 'feature-imports-no-other-feature',
      severity: 'error',
      comment: 'A feature does not import another feature: move what both need to components/ or lib/.',
      from: { path: feature, pathNot: testCode },
      to: { path: '^web/src/features/', pathNot: `${feature.replace('([^/]+)', '$1')}` },
    },
    {
      name: 'feature-imports-no-app',
      severity: 'error',
      comment: 'A feature does not import app/: app/ composes the features.',
      from: { path: '^web/src/features/', pathNot: testCode },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'shared-web-imports-no-feature',
      severity: 'error',
      comment: 'components/ and lib/ are shared by every feature, so they import no feature and nothing from app/.',
      from: { path: '^web/src/(components|lib)/', pathNot: testCode },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'module-imports-no-other-repository',
      severity: 'error',
      comment: "A server module does not import another module's repository: it calls that module's service.",
      from: { path: serverModule, pathNot: testCode },
      to: {
        path: '^server/src/modules/[^/]+/[^/]+-repository\\.ts$',
        pathNot: `${serverModule.replace('([^/]+)', '$1')}`,
      },
    },
    {
      name: 'domain-imports-no-module',
      severity: 'error',
      comment:
        'server/src/domain/ holds the pieces several modules share (the audit writer, the calendar, the acting ' +
        'admin): any module may import it, and it imports no module, plugin or app wiring, so it stays a layer below them.',
      from: { path: '^server/src/domain/' },
      to: { path: '^server/src/(modules|plugins)/|^server/src/(app|services)\\.ts$' },
    },
    {
      name: 'no-repository-re-export',
      severity: 'error',
      comment:
        "A repository is not re-exported (`export { x } from './x-repository'`): another module would reach it " +
        'through the re-export. A service that offers a query wraps it in a function of its own.',
      from: { path: '^server/src/' },
      to: { path: '-repository\\.ts$', dependencyTypes: ['export'] },
    },
    {
      name: 'not-to-test-code',
      severity: 'error',
      comment: 'Shipped code does not import test code.',
      from: { path: '^(contract|server|web)/src/', pathNot: testCode },
      to: { path: testCode },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves to a file or an installed package.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|data|node_modules)/|^server/src/db/migrations/' },
    // Type-only imports are dependencies too (they are what closes a circle most often).
    tsPreCompilationDeps: true,
    // The base config has no paths of its own; `@backoffice/contract` resolves as the workspace
    // package it is, through node_modules and contract/package.json's "exports".
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
