import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite } from '../db/client';

/**
 * `npm run check:openapi` writes the API's OpenAPI document with this, then lints it: the app is
 * built on a throwaway in-memory database and never listens (docs/decisions/0021-openapi.md).
 * Usage: node --import tsx server/src/cli/openapi.ts OUTPUT.json
 */
async function run(): Promise<number> {
  const output = process.argv[2];
  if (!output) {
    console.error('Usage: node --import tsx server/src/cli/openapi.ts OUTPUT.json');
    return 2;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-openapi-'));
  const database = await openPglite(undefined);
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    fs.mkdirSync(path.dirname(output), { recursive: true });
    fs.writeFileSync(output, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    return 0;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

run().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
