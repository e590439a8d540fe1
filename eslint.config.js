import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;
const dirsIn = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

// Web: a feature uses components/, lib/ and contract, never another feature or app/ (app/ composes
// the features); components/ and lib/ are shared by all, so they import neither.
const features = dirsIn('web/src/features');
const webZones = [
  ...features.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to components/ or lib/.',
  })),
  {
    target: 'web/src/features',
    from: 'web/src/app',
    message: 'A feature does not import app/: move what it needs to lib/ or components/.',
  },
  {
    target: ['web/src/components', 'web/src/lib'],
    from: ['web/src/features', 'web/src/app'],
    message: 'components/ and lib/ are shared: they import no feature and nothing from app/.',
  },
];

// Server: a module reaches another module through its service, never through its repository.
const modules = dirsIn('server/src/modules');
const filesOf = (dir) => fs.readdirSync(path.join(root, dir)).map((f) => `${dir}/${f}`);
const serverZones = modules.flatMap((owner) =>
  filesOf(`server/src/modules/${owner}`)
    .filter((file) => file.endsWith('-repository.ts'))
    .map((repository) => ({
      target: modules.filter((m) => m !== owner).map((m) => `server/src/modules/${m}`),
      from: repository,
      message: "A module does not import another module's repository: call that module's service.",
    })),
);

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
    // Tests put the whole app together, so the boundaries hold for the shipped code only.
    files: ['web/src/**/*.{ts,tsx}', 'server/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...webZones, ...serverZones] }],
    },
  },
);
