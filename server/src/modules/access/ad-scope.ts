import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { roleMessages } from '@backoffice/contract';
import { rowsOf, type Db } from '../../db/client';
import { ForbiddenError } from '../../lib/errors';

/** Where a route finds the ad it acts on: a param that is the ad's id, or a row that names one. */
export type AdOf = { param: string; via?: 'second_reviews' | 'reports' | 'advertiser_messages' };

const ad = (param = 'id'): AdOf => ({ param });

/**
 * Every route about one ad (docs/decisions/0033-roles.md, "Category scoping"): a scoped moderator
 * gets 403 roleMessages.outsideCategories for an ad of another category. A new route about one ad
 * belongs here: server/test/api/roles-categories-actions.test.ts checks every route of the API
 * with an ad id param against this table.
 */
export const AD_ROUTES: Record<string, AdOf> = {
  'GET /api/advertisements/:id': ad(),
  'GET /api/advertisements/:id/advertiser': ad(),
  'GET /api/advertisements/:id/history': ad(),
  'GET /api/advertisements/:id/signals': ad(),
  'GET /api/advertisements/:id/duplicates': ad(),
  'PUT /api/advertisements/:id/status': ad(),
  'PUT /api/advertisements/:id/images': ad(),
  'POST /api/advertisements/:id/claim': ad(),
  'DELETE /api/advertisements/:id/claim': ad(),
  'DELETE /api/advertisements/:id': ad(),
  'POST /api/advertisements/:id/dismiss-reports': ad(),
  'DELETE /api/users/:id/strikes/:adId': ad('adId'),
  'POST /api/second-reviews/:id/answer': { param: 'id', via: 'second_reviews' },
  'POST /api/second-reviews/:id/settle': { param: 'id', via: 'second_reviews' },
  'PUT /api/reports/:id': { param: 'id', via: 'reports' },
  'POST /api/advertiser-messages/:id/retry': { param: 'id', via: 'advertiser_messages' },
};

/** The categories a scoped moderator is limited to; null for everyone else (every category). */
export function categoryScope(request: FastifyRequest): string[] | null {
  const user = request.session?.user;
  return user?.role === 'moderator' && user.categories?.length ? user.categories : null;
}

/** The category of the ad `of` names; undefined when there is no such ad (the route answers 404). */
async function categoryOf(db: Db, of: AdOf, value: unknown): Promise<string | undefined> {
  const id = String(value);
  const query = of.via
    ? sql`select a.category from ${sql.identifier(of.via)} r join advertisements a on a.id = r.ad_id where r.id = ${id}`
    : sql`select category from advertisements where id = ${id}`;
  return rowsOf<{ category: string }>(await db.execute(query))[0]?.category;
}

/**
 * A scoped moderator's request about one ad of another category: 403. Everyone else passes without
 * a query; a scoped moderator's costs one indexed read. An ad that does not exist passes (404 from
 * the route).
 */
export async function checkAdScope(db: Db, request: FastifyRequest, of: AdOf | undefined): Promise<void> {
  if (!of) return;
  const categories = categoryScope(request);
  if (!categories) return;
  const value = (request.params as Record<string, unknown> | undefined)?.[of.param];
  if (value === undefined) return;
  const category = await categoryOf(db, of, value);
  if (category !== undefined && !categories.includes(category))
    throw new ForbiddenError(roleMessages.outsideCategories);
}

/** A text array parameter as PostgreSQL's literal (`{"Jobs","Real Estate"}`), as ads-filters.ts binds one. */
const arrayLiteral = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * Bulk decisions by ids are all or nothing: one ad of another category refuses the whole request
 * before anything changes.
 */
export async function checkAdsScope(db: Db, request: FastifyRequest, ids: readonly string[]): Promise<void> {
  const categories = categoryScope(request);
  if (!categories || ids.length === 0) return;
  const rows = rowsOf<{ n: string | number }>(
    await db.execute(sql`
      select count(*) as n from advertisements
      where id = any(${arrayLiteral(ids)}::uuid[]) and not (category = any(${arrayLiteral(categories)}::text[]))`),
  );
  if (Number(rows[0]?.n ?? 0) > 0) throw new ForbiddenError(roleMessages.outsideCategories);
}

/** Of `rows` (ads by `_id`), those of a scoped moderator's categories; all of them for everyone else. */
export async function keepInScope<T extends { _id: string }>(db: Db, request: FastifyRequest, rows: T[]): Promise<T[]> {
  const categories = categoryScope(request);
  if (!categories || rows.length === 0) return rows;
  const kept = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from advertisements
      where id = any(${arrayLiteral(rows.map((r) => r._id))}::uuid[]) and category = any(${arrayLiteral(categories)}::text[])`),
  );
  const ids = new Set(kept.map((r) => r.id));
  return rows.filter((r) => ids.has(r._id));
}
