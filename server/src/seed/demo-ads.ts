import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { adAnalysis, advertisements, users, type NewAdRow } from '../db/schema';
import { rebuildSummary } from '../modules/ads/ads-repository';
import type { FileStorage } from '../storage/file-storage';
import { CATEGORIES, DISTRICTS, REJECTION_REASONS, townIn } from './catalog';
import { mobileNumber, seedAdvertisers } from './demo-users';
import { sellerNote } from './demo-notes';
import { demoPhoto } from './png';
import { createRng, type Rng } from './random';

export const VARIANTS = 6;
const BATCH = 1000;
/** Above this many ads, images are shared between ads and the summary trigger is bypassed. */
const LARGE = 20_000;

type Owner = { id: string; username: string; mobile: string | null };

/** An ad as generated, before the first-start demo decides it: what its random status says it becomes. */
export type GeneratedAd = {
  index: number;
  status: 'pending' | 'approved' | 'rejected';
  heading: string;
  userId: string;
};
/** An ad of the first-start demo as inserted (pending), with what the schedule planned for it. */
export type ScheduledAd = GeneratedAd & { id: string; postingDate: Date };
/**
 * The first-start demo's plan for one ad: its posting date. The ad is inserted pending; the demo's
 * moderators then decide it through the services (demo-decisions.ts).
 */
export type AdSchedule = (ad: GeneratedAd) => { postingDate: Date };

export async function writeImagePool(storage: FileStorage, prefix: string): Promise<Map<string, Buffer[]>> {
  const pool = new Map<string, Buffer[]>();
  for (const [category, { hue }] of Object.entries(CATEGORIES)) {
    const photos = Array.from({ length: VARIANTS }, (_, v) => demoPhoto(hue, v));
    pool.set(category, photos);
    if (prefix) {
      const slug = category.toLowerCase().replace(/\s+/g, '-');
      await Promise.all(photos.map((p, v) => storage.write(`${prefix}/${slug}-${v}.png`, p)));
    }
  }
  return pool;
}

function demoAd(rng: Rng, owner: Owner, now: Date): NewAdRow & { imageCount: number } {
  const category = rng.pick(Object.keys(CATEGORIES));
  const district = rng.pick(DISTRICTS);
  const content = CATEGORIES[category]!.make(rng, townIn(rng, district));
  const roll = rng.next();
  const status = roll < 0.3 ? 'pending' : roll < 0.8 ? 'approved' : 'rejected';
  // Pending ads are recent; moderated ones spread over the last year.
  const ageHours = status === 'pending' ? rng.int(0, 24 * 10) : rng.int(24, 24 * 365);
  const postingDate = new Date(now.getTime() - ageHours * 3_600_000 - rng.int(0, 3_599) * 1000);
  return {
    ...content,
    userId: owner.id,
    username: owner.username,
    phone1: rng.chance(0.9) ? (owner.mobile ?? mobileNumber(rng)) : null,
    category,
    district,
    status,
    rejectionReason: status === 'rejected' ? rng.pick(REJECTION_REASONS) : null,
    images: [],
    postingDate,
    adType: rng.chance(0.6) ? 'digital' : 'regular',
    moderatedAt: status === 'pending' ? null : new Date(postingDate.getTime() + rng.int(1, 48) * 3_600_000),
    imageCount: rng.int(1, 5),
  };
}

/**
 * Ads given a risk of their own (benches, tests) as analysed: their ad_analysis row, without text
 * keys (no other ad's candidate). An ad is analysed by its row, not by its risk
 * (domain/analysed-risk.ts).
 */
export async function markAnalysed(db: Executor, ids: readonly string[], at: Date): Promise<void> {
  if (!ids.length) return;
  await db
    .insert(adAnalysis)
    .values(ids.map((adId) => ({ adId, analysedAt: at, textSignature: Buffer.alloc(0) })))
    .onConflictDoNothing();
}

/**
 * docs/decisions/0015-demo-data-and-admins.md: `count` deterministic ads with real PNG images under uploads/ads. Small sets get files of
 * their own (so removing one never touches another ad); large sets share a pool of images.
 * A few ads point at a missing file so the Image Error placeholder can be seen.
 */
export async function seedAds(
  db: Db,
  storage: FileStorage,
  opts: {
    count: number;
    seed?: number;
    now?: Date;
    advertisers?: number;
    /** Small sets only: every ad inserted pending at the schedule's posting date, listed in `scheduled`. */
    schedule?: AdSchedule;
    scheduled?: ScheduledAd[];
    /** Changes each generated ad (number `n`) before it is stored: benches give ads words of their own or make reposts. */
    adjust?: (ad: NewAdRow, n: number) => void;
  },
): Promise<number> {
  const rng = createRng(opts.seed ?? 7);
  const now = opts.now ?? new Date();
  const large = opts.count > LARGE;
  let owners: Owner[] = await db
    .select({ id: users.id, username: users.username, mobile: users.mobile })
    .from(users)
    .where(eq(users.isAdmin, false))
    .limit(200_000);
  if (owners.length === 0) {
    await seedAdvertisers(db, opts.advertisers ?? Math.max(20, Math.ceil(opts.count / 10)), { now });
    owners = await db
      .select({ id: users.id, username: users.username, mobile: users.mobile })
      .from(users)
      .where(eq(users.isAdmin, false))
      .limit(200_000);
  }
  const pool = await writeImagePool(storage, large ? 'ads/shared' : '');
  const [{ start } = { start: 0 }] = await db.select({ start: sql<number>`count(*)::int` }).from(advertisements);

  const planned: ScheduledAd[] = [];
  if (opts.schedule && large) throw new Error('a schedule is for small demo sets');
  if (large) await db.execute(sql`alter table advertisements disable trigger user`);
  try {
    for (let done = 0; done < opts.count;) {
      const batch: NewAdRow[] = [];
      const files: Promise<void>[] = [];
      for (; batch.length < BATCH && done < opts.count; done++) {
        const n = start + done + 1;
        const { imageCount, ...ad } = demoAd(rng, rng.pick(owners), now);
        opts.adjust?.(ad, n);
        if (opts.schedule) {
          // The first-start demo's ads read like sellers wrote them (demo-notes.ts).
          ad.details = `${ad.details} ${sellerNote(n)}`;
          const generated = { index: n - start - 1, status: ad.status!, heading: ad.heading, userId: ad.userId! };
          const { postingDate } = opts.schedule(generated);
          planned.push({ ...generated, id: '', postingDate });
          Object.assign(ad, { status: 'pending', rejectionReason: null, moderatedAt: null, postingDate });
        }
        const slug = ad.category.toLowerCase().replace(/\s+/g, '-');
        for (let k = 0; k < imageCount; k++) {
          const variant = rng.int(0, VARIANTS - 1);
          if (large) {
            ad.images!.push(`ads/shared/${slug}-${variant}.png`);
          } else if (n % 47 === 0 && k === 0) {
            ad.images!.push(`ads/missing-${n}.png`); // deliberately broken
          } else {
            const key = `ads/${n}-${k}.png`;
            files.push(storage.write(key, pool.get(ad.category)![variant]!));
            // Both stored forms occur in the wild: a bare path and one already under /uploads.
            ad.images!.push(k % 2 ? `/uploads/${key}` : key);
          }
        }
        batch.push(ad);
      }
      await Promise.all(files);
      // One statement: its rows come back in the order of its values. An ad given a risk is
      // analysed in the same transaction (the analysis job would otherwise take it).
      const ids = await db.transaction(async (tx) => {
        const inserted = await tx.insert(advertisements).values(batch).returning({ id: advertisements.id });
        const risked = inserted.filter((_, k) => typeof batch[k]!.risk === 'number').map((r) => r.id);
        await markAnalysed(tx, risked, now);
        return inserted;
      });
      if (!opts.schedule) continue;
      for (const [k, { id }] of ids.entries())
        opts.scheduled?.push({ ...planned[planned.length - ids.length + k]!, id });
    }
  } finally {
    if (large) {
      await db.execute(sql`alter table advertisements enable trigger user`);
      await rebuildSummary(db);
    }
  }
  return opts.count;
}
