import type { Db } from './client';

const byDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * The prepared query called `name` on `db`, built by `build` the first time it is asked for. A
 * prepared query is built by drizzle once rather than on every request, and on PostgreSQL it is a
 * named statement that each pooled connection parses once (docs/decisions/0009). `name` must say
 * everything that makes one built query differ from another (its shape), never a value: values go
 * through placeholders.
 */
export function prepared<T>(db: Db, name: string, build: (name: string) => T): T {
  let queries = byDatabase.get(db);
  if (!queries) {
    queries = new Map();
    byDatabase.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(name);
    queries.set(name, query);
  }
  return query;
}
