/**
 * `npm run bench:backfill-pace` (issue 33): the text-only backfill's pace, for comparing a change
 * with the code before it on the same data and the same minutes. N ads are seeded once by
 * `seedUnanalysed` with bench/signals-speed.ts's changes (own words each, every 50th a repost), then
 * each round copies that database for each tree in turn (`--trees`, the current checkout first unless listed) and runs
 * the tree's own `backfill()` on its copy, the order turned each round so that the machine's drift
 * falls on both. Prints ads a second per tree and round, and each tree's median. Not recorded: the
 * full figure is bench/signals-speed.ts's at 1,000,000 ads.
 *
 * Run: node --import tsx bench/backfill-pace.ts [--ads N (200000)] [--rounds N (2)]
 *   [--trees DIR[,DIR…] (a git worktree of the code before, with its own npm ci)]
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres } from '../server/src/db/client';
import { LocalDiskStorage } from '../server/src/storage/file-storage';
import { tempDataDir } from '../e2e/support/server-process';
import { copyDatabase, removeBenchCluster, runBench, seedUnanalysed, startBenchCluster } from './pg-bench';
import { seedAdjust } from './signals-speed-data';
import { seeded } from './signals/random';

const { values: args } = parseArgs({
  options: {
    ads: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '2' },
    trees: { type: 'string', default: '' },
  },
});
const ADS = Number(args.ads);
const ROUNDS = Number(args.rounds);
const here = path.resolve(import.meta.dirname, '..');
const trees = [
  here,
  ...args.trees
    .split(',')
    .filter(Boolean)
    .map((t) => path.resolve(t)),
];

type Backfill = typeof import('../server/src/modules/signals/signals-backfill').backfill;
type Client = typeof import('../server/src/db/client');
/** A tree's own backfill and database client (its drizzle, its statements). */
const load = async (tree: string) => ({
  backfill: (
    (await import(path.join(tree, 'server/src/modules/signals/signals-backfill.ts'))) as { backfill: Backfill }
  ).backfill,
  open: ((await import(path.join(tree, 'server/src/db/client.ts'))) as Client).openPostgres,
});

async function main() {
  const cluster = await startBenchCluster();
  const dataDir = tempDataDir('bo-bench-backfill-');
  try {
    const database = await openPostgres(cluster.url);
    const started = performance.now();
    await seedUnanalysed(database.db, dataDir, ADS, seedAdjust(seeded(33)));
    await database.close();
    console.log(`${ADS} ads seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);

    const code = await Promise.all(trees.map(load));
    const rates: number[][] = trees.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      const order = trees.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const name = `pace_${round}_${i}`;
        const copy = await code[i]!.open(await copyDatabase(cluster.url, name));
        await copy.db.execute('checkpoint');
        const begun = performance.now();
        const done = await code[i]!.backfill(
          { db: copy.db, storage: new LocalDiskStorage(path.join(dataDir, 'uploads')), clock: () => new Date() },
          { textOnly: true },
        );
        const rate = done.analysed / ((performance.now() - begun) / 1000);
        rates[i]!.push(rate);
        console.log(`round ${round + 1}, ${trees[i]}: ${done.analysed} ads at ${rate.toFixed(0)}/s`);
        await copy.close();
        const admin = new pg.Client({ connectionString: cluster.url });
        await admin.connect();
        await admin.query(`drop database ${name}`);
        await admin.end();
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
    console.log(`\n${ADS} ads, ${ROUNDS} rounds, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
    for (const [i, tree] of trees.entries())
      console.log(
        `${tree}: median ${median(rates[i]!).toFixed(0)} ads/s (${rates[i]!.map((r) => r.toFixed(0)).join(', ')})`,
      );
  } finally {
    removeBenchCluster(cluster, dataDir);
  }
}

runBench(main);
