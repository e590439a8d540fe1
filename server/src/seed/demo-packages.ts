import { eq } from 'drizzle-orm';
import type { PackagePopularity, PackageStatus, PackageType } from '@backoffice/contract';
import type { Db } from '../db/client';
import { packages, packageSubscriptions, users } from '../db/schema';
import type { FileStorage } from '../storage/file-storage';
import { createRng } from './random';

type DemoPackage = {
  name: string;
  type: PackageType;
  price: number;
  duration: string;
  maxAds: number;
  popularity: PackagePopularity;
  status: PackageStatus;
  description: string;
  features: string[];
  /** Relative share of subscriptions. */
  weight: number;
  /** Festive offers sell only in the weeks around Sinhala and Tamil New Year (April). */
  aprilOnly?: boolean;
};

const DAY = 86_400_000;

/** Six packages like a Sri Lankan classifieds site sells: both types, every popularity, LKR prices. */
export const DEMO_PACKAGES: DemoPackage[] = [
  {
    name: 'Basic Seller',
    type: 'Regular',
    price: 1500,
    duration: '30 days',
    maxAds: 5,
    popularity: 'None',
    status: 'Active',
    description: 'For individuals selling a few items a month: a phone, a bicycle or household furniture.',
    features: ['Up to 5 ads live at a time', '5 photos per ad', 'Standard placement in search results'],
    weight: 34,
  },
  {
    name: 'Property Plus',
    type: 'Regular',
    price: 4500,
    duration: '60 days',
    maxAds: 15,
    popularity: 'Popular',
    status: 'Active',
    description: 'For land and house sellers and brokers who need listings to stay up until the deal closes.',
    features: [
      'Up to 15 land or house ads',
      '10 photos per ad with a location map',
      'Listings stay live for 60 days',
      'Renew an ad free of charge once',
    ],
    weight: 22,
  },
  {
    name: 'Business Pro',
    type: 'Regular',
    price: 12500,
    duration: '90 days',
    maxAds: 60,
    popularity: 'Recommended',
    status: 'Active',
    description: 'For vehicle dealers, real estate agencies and shops with a steady flow of stock.',
    features: [
      'Up to 60 ads live at a time',
      'Verified business badge on every ad',
      'Shop page with your logo and opening hours',
      'Priority review within 4 hours',
      'Monthly performance report by email',
    ],
    weight: 10,
  },
  {
    name: 'Top Ad Boost',
    type: 'Digital',
    price: 2400,
    duration: '7 days',
    maxAds: 3,
    popularity: 'None',
    status: 'Active',
    description: 'Pins up to three ads to the top of their category and district pages for a week.',
    features: ['Top of category listings for 7 days', 'Highlighted with a coloured frame', 'Daily bump to the top'],
    weight: 20,
  },
  {
    name: 'Digital Spotlight',
    type: 'Digital',
    price: 8500,
    duration: '30 days',
    maxAds: 10,
    popularity: 'Recommended',
    status: 'Active',
    description: 'Home page spotlight and social media promotion for sellers who want the most views.',
    features: [
      'Home page spotlight carousel',
      'Promoted on our Facebook and Instagram pages',
      'Top of search results in your district',
      'Views and calls report',
    ],
    weight: 12,
  },
  {
    name: 'Avurudu Festive Boost',
    type: 'Digital',
    price: 3500,
    duration: '14 days',
    maxAds: 8,
    popularity: 'Popular',
    status: 'Inactive',
    description: 'Seasonal offer for the Sinhala and Tamil New Year sales; switched on again every April.',
    features: ['Festive banner on up to 8 ads', 'Featured in the Avurudu deals section', 'Top of category for 14 days'],
    weight: 8,
    aprilOnly: true,
  },
];

/** Start of a subscription `monthsAgo` calendar months back, on a random day and hour. */
function startIn(now: Date, monthsAgo: number, day: number, hour: number): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day, hour, (day * 7) % 60));
  return d.getTime() > now.getTime() ? new Date(now.getTime() - hour * 3_600_000) : d;
}

/**
 * docs/decisions/0015-demo-data-and-admins.md demo packages with PKG-0001… pids, and a few hundred subscriptions by the seeded advertisers
 * over the last 14 months (more in recent months; festive ones only in April), each paying the
 * package price, with a 10% renewal discount now and then. The dashboard's revenue sums price_paid.
 */
export async function seedPackages(
  db: Db,
  _storage: FileStorage,
  opts: { now?: Date; seed?: number; subscriptions?: number } = {},
): Promise<void> {
  const rng = createRng(opts.seed ?? 505);
  const now = opts.now ?? new Date();
  const rows = await db
    .insert(packages)
    .values(
      DEMO_PACKAGES.map((p, i) => ({
        pid: `PKG-${String(i + 1).padStart(4, '0')}`,
        name: p.name,
        type: p.type,
        description: p.description,
        price: p.price,
        duration: p.duration,
        maxAds: p.maxAds,
        features: p.features,
        status: p.status,
        popularity: p.popularity,
        icon: null,
        // Created before the oldest subscription, a few days apart.
        createdAt: new Date(now.getTime() - (480 - i * 6) * DAY),
        updatedAt: new Date(now.getTime() - rng.int(1, 90) * DAY),
      })),
    )
    .returning({ id: packages.id });

  const advertisers = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, false)).limit(500);
  if (advertisers.length === 0) return;

  const total = opts.subscriptions ?? 320;
  const totalWeight = DEMO_PACKAGES.reduce((s, p) => s + p.weight, 0);
  const values: (typeof packageSubscriptions.$inferInsert)[] = [];
  while (values.length < total) {
    let roll = rng.next() * totalWeight;
    const index = DEMO_PACKAGES.findIndex((p) => (roll -= p.weight) < 0);
    const pkg = DEMO_PACKAGES[index]!;
    // Months 0 (this month) … 13; recent months sell more (the business is growing).
    const monthsAgo = Math.min(13, Math.floor(14 * rng.next() ** 1.4));
    const start = startIn(now, monthsAgo, rng.int(1, 28), rng.int(6, 21));
    if (pkg.aprilOnly && start.getUTCMonth() !== 3) continue;
    values.push({
      userId: rng.pick(advertisers).id,
      packageId: rows[index]!.id,
      pricePaid: rng.chance(0.15) ? Math.round(pkg.price * 0.9) : pkg.price,
      startDate: start,
    });
  }
  await db.insert(packageSubscriptions).values(values);
}
