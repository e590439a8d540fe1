import { asc, eq, sql } from 'drizzle-orm';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import { secondReviews, type UserRow } from '../../src/db/schema';
import { adminClient } from './ads-helpers';
import { makeAdmin, signIn } from './factories';

/** A signed-in admin's ad decisions and second-review calls. */
export function reviewClient(app: App, cookie: string) {
  const api = adminClient(app, cookie);
  return {
    ...api,
    reviews: (query: Record<string, string> = {}) =>
      api.send('GET', `/api/second-reviews?${new URLSearchParams(query)}`),
    answer: (id: string, body: unknown) => api.send('POST', `/api/second-reviews/${id}/answer`, body),
    settle: (id: string, body: unknown) => api.send('POST', `/api/second-reviews/${id}/settle`, body),
    rate: () => api.send('GET', '/api/second-reviews/settings'),
    setRate: (rate: unknown) => api.send('PUT', '/api/second-reviews/settings', { rate }),
    agreement: () => api.send('GET', '/api/second-reviews/agreement'),
  };
}
export type ReviewClient = ReturnType<typeof reviewClient>;

/** An admin with their signed-in client. */
export async function signedInAdmin(app: App, db: Db): Promise<{ user: UserRow; api: ReviewClient }> {
  const user = await makeAdmin(db);
  return { user, api: reviewClient(app, await signIn(app, user.email)) };
}

/** The second-review rows of an ad, oldest first. */
export function reviewsOf(db: Db, adId: string) {
  return db.select().from(secondReviews).where(eq(secondReviews.adId, adId)).orderBy(asc(secondReviews.sampledAt));
}

/** The one review of an ad (the decision was sampled at rate 1). */
export async function reviewOf(db: Db, adId: string) {
  const rows = await reviewsOf(db, adId);
  if (rows.length !== 1) throw new Error(`expected one review of ${adId}, found ${rows.length}`);
  return rows[0]!;
}

/** An ad's `second_reviewed` audit entries, oldest first: who, and the details. */
export async function reviewEntries(db: Db, adId: string) {
  const result = await db.execute(sql`
    select actor_id::text as "actorId", entity_label as "label", details from audit_events
    where entity = 'ad' and entity_id = ${adId}::uuid and action = 'second_reviewed' order by at, id`);
  return (result as unknown as { rows: { actorId: string; label: string; details: Record<string, unknown> }[] }).rows;
}

/** The ids of the items of one list page. */
export const itemIds = (body: { items: { _id: string }[] }) => body.items.map((i) => i._id);
