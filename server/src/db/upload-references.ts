import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from './client';
import { advertisements, bannerAds, packages, products, users } from './schema';

/**
 * Of these storage keys, those some row still names: every column that holds an upload path, in
 * each form a path is stored (`ads/x.png`, `uploads/ads/x.png`, `/uploads/ads/x.png`; a banner
 * stores its file name under banner-ads/). A new column holding upload paths must be added here,
 * or the upload sweep will remove its files. One join per table, so a batch of keys costs one pass
 * over each table without an index on the column (the ads' image lists use their GIN index).
 */
export async function referencedUploadKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const list = sql.join(
    [...new Set(keys)].map((k) => sql`(${k}::text)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with k(key) as (values ${list}),
    f(key, path) as (
      select key, unnest(array[key, 'uploads/' || key, '/uploads/' || key]) from k
    )
    select f.key from f join ${advertisements} a on a.images @> array[f.path]
    union select f.key from f join ${bannerAds} b on 'banner-ads/' || b.image = f.key
    union select f.key from f join ${users} u on u.profile_picture = f.path
    union select f.key from f join ${packages} p on p.icon = f.path
    union select f.key from f join ${products} p on p.image = f.path
  `);
  return new Set(rowsOf<{ key: string }>(result).map((r) => r.key));
}
