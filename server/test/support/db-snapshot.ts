import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../src/db/client';

/**
 * Row count and checksum of every table (sessions left out: reading a page may refresh the caller's
 * session; so is the live events log, which every instance numbers and prunes in the background).
 * "Nothing changed" is the equality of two snapshots.
 */
export async function databaseSnapshot(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'ad_live_events', 'ad_live_counter')
      order by 1`),
  ).map((r) => r.name);
  // One statement for every table (a statement per table made a snapshot 40 round trips).
  const parts = tables.map(
    (name) =>
      sql`select ${name}::text as name, count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum from ${sql.identifier(name)} t`,
  );
  const out: Record<string, string> = {};
  for (const row of rowsOf<{ name: string; n: number; sum: string }>(
    await db.execute(sql.join(parts, sql` union all `)),
  ))
    out[row.name] = `${row.n}:${row.sum}`;
  return out;
}
