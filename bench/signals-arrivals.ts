import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../server/src/db/client';
import type { FileStorage } from '../server/src/storage/file-storage';
import { arrival, noisePhoto } from './signals-speed-data';
import type { Random } from './signals/random';

export type ArrivalsResult = {
  inserted: number;
  analysed: number;
  /** Not analysed by the end of the grace period. */
  missing: number;
  p50: number;
  p95: number;
  max: number;
  insertP95: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const pgUuids = (ids: string[]) => `{${ids.join(',')}}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * New ads inserted with plain SQL, as the public site writes them, `rate` a second for `seconds`
 * (each insert its own transaction: the trigger queues its analyse_ad job), while the server's
 * worker analyses them. Each ad's time runs from its insert's commit (the statement's answer) to the
 * first poll (every 100 ms) that sees its ad_analysis row, so it may be up to 100 ms high. After the
 * last insert it waits at most `grace` seconds for the rest.
 */
export async function arrivals(
  db: Db,
  storage: FileStorage,
  r: Random,
  opts: { rate: number; seconds: number; grace: number; photos: number },
): Promise<ArrivalsResult> {
  const total = Math.round(opts.rate * opts.seconds);
  const templates = rowsOf<{
    heading: string;
    title: string;
    details: string;
    category: string;
    price: number | null;
    district: string;
    user_id: string;
    username: string;
  }>(
    await db.execute(sql`select heading, title, details, category, price, district, user_id, username
      from advertisements order by random() limit ${total}`),
  );
  const photoKeys: string[][] = [];
  for (let i = 0; i < total; i++) {
    const keys = Array.from({ length: opts.photos }, (_, k) => `ads/live/${i}-${k}.jpg`);
    for (const key of keys) await storage.write(key, await noisePhoto(r));
    photoKeys.push(keys);
  }

  const committed = new Map<string, number>();
  const seen = new Map<string, number>();
  const insertMs: number[] = [];
  let inserting = true;
  const poll = (async () => {
    let deadline = Infinity;
    while (inserting || (committed.size > seen.size && performance.now() < deadline)) {
      if (!inserting && deadline === Infinity) deadline = performance.now() + opts.grace * 1000;
      const waiting = [...committed.keys()].filter((id) => !seen.has(id));
      if (waiting.length) {
        const done = rowsOf<{ id: string }>(
          await db.execute(
            sql`select ad_id::text as id from ad_analysis where ad_id = any(${pgUuids(waiting)}::uuid[])`,
          ),
        );
        const now = performance.now();
        for (const { id } of done) seen.set(id, now);
      }
      await sleep(100);
    }
  })();

  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    await sleep(Math.max(0, started + (i * 1000) / opts.rate - performance.now()));
    const t = templates[i % templates.length]!;
    const ad = arrival(r, i, t, { id: t.user_id, username: t.username }, photoKeys[i]!);
    inFlight.push(
      (async () => {
        const sent = performance.now();
        const [row] = rowsOf<{ id: string }>(
          await db.execute(sql`insert into advertisements
            (user_id, username, title, heading, details, category, district, price, images, status)
            values (${ad.userId}, ${ad.username}, ${ad.title}, ${ad.heading}, ${ad.details}, ${ad.category},
              ${t.district}, ${ad.price}, ${`{${ad.images.join(',')}}`}::text[], 'pending')
            returning id::text as id`),
        );
        const now = performance.now();
        insertMs.push(now - sent);
        committed.set(row!.id, now);
      })(),
    );
  }
  await Promise.all(inFlight);
  inserting = false;
  await poll;

  // An ad not analysed by the end counts as slower than any: p95 and max say so.
  const latencies = [...committed]
    .map(([id, at]) => (seen.has(id) ? seen.get(id)! - at : Infinity))
    .sort((a, b) => a - b);
  insertMs.sort((a, b) => a - b);
  const s = (ms: number) => Math.round(ms / 10) / 100;
  return {
    inserted: committed.size,
    analysed: seen.size,
    missing: committed.size - seen.size,
    p50: s(percentile(latencies, 50)),
    p95: s(percentile(latencies, 95)),
    max: s(latencies[latencies.length - 1] ?? NaN),
    insertP95: Math.round(percentile(insertMs, 95) * 10) / 10,
  };
}
