import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const activeStatus = ['Active', 'Inactive'] as const;

/** Package in docs/product.md#entities. `pid` is the readable code the server generates (PKG-0001, …). */
export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pid: text('pid').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['Regular', 'Digital'] }).notNull(),
    description: text('description').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    duration: text('duration').notNull(),
    maxAds: integer('max_ads').notNull(),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: activeStatus }).notNull().default('Active'),
    popularity: text('popularity', { enum: ['None', 'Popular', 'Recommended'] })
      .notNull()
      .default('None'),
    /** Null means the shipped default icon of the package's type. */
    icon: text('icon'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('packages_pid_idx').on(t.pid),
    check('packages_price_positive', sql`${t.price} > 0`),
    check('packages_max_ads_positive', sql`${t.maxAds} >= 1`),
  ],
);

/** Who bought which package for how much (docs/decisions/0005-packages-and-duties.md subscriberCount, docs/decisions/0007-dashboard.md revenue chart). */
export const packageSubscriptions = pgTable(
  'package_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept (null) when the package is deleted so that revenue history stays true. */
    packageId: uuid('package_id').references(() => packages.id, { onDelete: 'set null' }),
    pricePaid: numeric('price_paid', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('package_subscriptions_package_idx').on(t.packageId),
    index('package_subscriptions_start_idx').on(t.startDate),
    index('package_subscriptions_user_idx').on(t.userId),
  ],
);

/** Duty in docs/product.md#entities. `code` is the spec's `id` (#D + 4 digits, docs/decisions/0005-packages-and-duties.md); conditions are sanitised HTML (docs/decisions/0005-packages-and-duties.md). */
export const duties = pgTable(
  'duties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    conditions: text('conditions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: activeStatus }).notNull().default('Active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('duties_code_idx').on(t.code), check('duties_code_form', sql`${t.code} ~ '^#D[0-9]{4}$'`)],
);

export const bannerPlacements = ['Home page', 'Search results', 'Ad details', 'Category pages'] as const;

/** Banner ad in docs/product.md#entities. `image` is a file name under uploads/banner-ads/ (docs/decisions/0006-banner-ads.md). */
export const bannerAds = pgTable(
  'banner_ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    placement: text('placement', { enum: bannerPlacements }).notNull().default('Home page'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: activeStatus }).notNull().default('Active'),
    image: text('image').notNull(),
    views: integer('views').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('banner_ads_created_idx').on(t.createdAt),
    check('banner_ads_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** The shop leftovers (docs/decisions/0007-dashboard.md): products served by GET /api/products/getproducts. */
export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  image: text('image'),
  category: text('category'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PackageRow = typeof packages.$inferSelect;
export type DutyRow = typeof duties.$inferSelect;
export type BannerAdRow = typeof bannerAds.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
