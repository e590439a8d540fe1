import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { createStorage } from '../storage/create-storage';
import { bulkSeedAds } from '../seed/bulk-ads';
import { seedAds } from '../seed/demo-ads';
import { seedAdvertisers } from '../seed/demo-users';

/** `npm run seed -- [--users M] [--ads N] [--seed S]`: deterministic demo data (docs/decisions/0015-demo-data-and-admins.md). */
const BULK_FROM = 20_000;
const usage = 'Usage: npm run seed -- [--users M] [--ads N] [--seed S]';

async function run() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '0' },
      ads: { type: 'string', default: '0' },
      seed: { type: 'string', default: '2026' },
    },
  });
  const [users, ads, seed] = [Number(values.users), Number(values.ads), Number(values.seed)];
  const valid = (n: number) => Number.isInteger(n) && n >= 0 && n <= 10_000_000;
  if (!valid(users) || !valid(ads) || !Number.isInteger(seed) || users + ads === 0) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const started = Date.now();
    const storage = createStorage(config);
    if (users) await seedAdvertisers(database.db, users, { seed, storage });
    // Large sets in PostgreSQL's own bulk path (bulk-ads.ts); small ones ad by ad with files of their own.
    if (ads > BULK_FROM)
      await bulkSeedAds(database.db, storage, {
        count: ads,
        seed,
        progress: (done) => console.log(`${done} ads…`),
      });
    else if (ads) await seedAds(database.db, storage, { count: ads, seed });
    console.log(`Seeded ${users} advertisers and ${ads} ads in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
