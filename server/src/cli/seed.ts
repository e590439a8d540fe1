import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { seedAdvertisers } from '../seed/demo-users';

/** `npm run seed -- --users N [--seed S]`: deterministic demo data (D23). */
async function run() {
  const { values } = parseArgs({
    options: { users: { type: 'string', default: '100' }, seed: { type: 'string', default: '2026' } },
  });
  const n = Number(values.users);
  const seed = Number(values.seed);
  if (!Number.isInteger(n) || n < 0 || n > 10_000_000 || !Number.isInteger(seed)) {
    console.error('Usage: npm run seed -- --users N [--seed S]');
    return 2;
  }
  const database = await openConfiguredDatabase(loadConfig());
  try {
    const started = Date.now();
    await seedAdvertisers(database.db, n, { seed });
    console.log(`Seeded ${n} advertisers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
