import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

/**
 * Adds the numbers (E.164) not yet on the blocklist in one statement; those added, in the order
 * given (a number listed meanwhile by another admin is left out, as a single add leaves it).
 */
export async function insertBlockedPhones(
  db: Executor,
  phones: readonly string[],
  adminId: string,
  at: Date,
): Promise<string[]> {
  if (!phones.length) return [];
  const result = await db.execute(sql`
    insert into blocked_phones (phone, added_at, added_by)
    select p.phone, ${at.toISOString()}::timestamptz, ${adminId}::uuid
    from jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb) with ordinality as p(phone, ord)
    order by p.ord
    on conflict (phone) do nothing
    returning phone`);
  const added = new Set(rowsOf<{ phone: string }>(result).map((r) => r.phone));
  return phones.filter((p) => added.has(p));
}
