import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries, checked on the import's text by ESLint's own rule (a resolving plugin such as
// eslint-plugin-import-x needs native bindings that this project's registry cannot lock for `npm ci`).
// Features and server modules are flat folders, so a sibling folder is `../<name>/`.
const boundaries = [
  {
    // A feature uses components/, lib/ and contract, never another feature or app/ (app/ composes the features).
    files: ['web/src/features/**/*.{ts,tsx}'],
    patterns: [
      {
        regex: '^\\.\\./(?!\\.\\.)[^/]+/|^(\\.\\./)+features/',
        message: 'A feature does not import another feature: move what both need to components/ or lib/.',
      },
      {
        regex: '^(\\.\\./)+app(/|$)',
        message: 'A feature does not import app/: move what it needs to lib/ or components/.',
      },
    ],
  },
  {
    // components/ and lib/ are shared by every feature, so they import none of them, nor app/.
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    patterns: [
      {
        regex: '^(\\.\\./)+(features|app)(/|$)',
        message: 'components/ and lib/ are shared: they import no feature and nothing from app/.',
      },
    ],
  },
  {
    // A server module reaches another module through its service, never through its repository.
    files: ['server/src/modules/**/*.ts'],
    patterns: [
      {
        regex: '^\\.\\./[^/.]+/[^/]+-repository(\\.ts|\\.js)?$|^(\\.\\./)+modules/[^/]+/[^/]+-repository',
        message: "A module does not import another module's repository: call that module's service.",
      },
    ],
  },
  {
    // domain/ is shared by every server module, so it imports none of them, nor plugins/ or the app's wiring.
    files: ['server/src/domain/**/*.ts'],
    patterns: [
      {
        regex: '^\\.\\./(modules|plugins)(/|$)|^\\.\\./(app|services)$',
        message: 'domain/ is shared by every module: it imports no module, plugin or app wiring.',
      },
    ],
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // dependency-cruiser (.dependency-cruiser.cjs) sees which file an import lands on, but not that a
    // service which also imports its repository re-exports part of it: that is checked here, on the syntax.
    files: ['server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ExportAllDeclaration[source.value=/-repository$/], ExportNamedDeclaration[source.value=/-repository$/]',
          message:
            'A module does not re-export its repository: another module would reach it through the re-export. Wrap the query in a service function.',
        },
      ],
    },
  },
  // Tests put the whole app together, so the boundaries hold for the shipped code only.
  ...boundaries.map(({ files, patterns }) => ({
    files,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
);
