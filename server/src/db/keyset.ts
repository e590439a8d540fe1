import { asc, desc, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A keyset over columns that together are unique (the last is an id), read in one direction. Each
 * batch starts after the last row of the one before, found through the sort's index, so batch
 * 1,000 costs what batch 1 does and no statement stays open between batches.
 */
export type Keyset = {
  /**
   * The sort columns (the key travels as text and is cast back to each column's type); an
   * expression such as the ad id's last five characters is text.
   */
  columns: readonly (PgColumn | SQL)[];
  descending: boolean;
};

/** SQL expressions of the sort whose key is not text (the risk sort's integer), by expression. */
const expressionTypes = new WeakMap<SQL, string>();

/** `expression`, marked as a key of this SQL type: the key comes back cast to it, not to text. */
export function typedKey(expression: SQL, type: string): SQL {
  expressionTypes.set(expression, type);
  return expression;
}

/** The key's columns as text, selected beside each row: `k0`, `k1`, … */
export function keyColumns(keyset: Keyset): Record<string, SQL<string>> {
  // As text, so a timestamp keeps its microseconds (a JavaScript Date would drop them and skip ties).
  return Object.fromEntries(keyset.columns.map((column, i) => [`k${i}`, sql<string>`${column}::text`]));
}

export function keyOrder(keyset: Keyset): SQL[] {
  const direction = keyset.descending ? desc : asc;
  return keyset.columns.map((column) => direction(column));
}

/** The rows after `key` in the keyset's order: one row comparison, which a matching index serves. */
export function afterKey(keyset: Keyset, key: string[]): SQL {
  const columns = sql.join(
    keyset.columns.map((column) => sql`${column}`),
    sql`, `,
  );
  const values = sql.join(
    keyset.columns.map(
      (column, i) =>
        sql`${key[i]}::${sql.raw(column instanceof SQL ? (expressionTypes.get(column) ?? 'text') : column.getSQLType())}`,
    ),
    sql`, `,
  );
  return keyset.descending ? sql`(${columns}) < (${values})` : sql`(${columns}) > (${values})`;
}

/**
 * Every row, `size` at a time: `read(after, size)` returns the next rows (with their `k0…` key
 * columns) after the condition it is given, none for the first batch. Stops after a short batch,
 * or when the consumer stops asking (the generator is returned).
 */
export async function* keysetBatches<R extends Record<string, unknown>>(
  keyset: Keyset,
  size: number,
  read: (after: SQL | undefined, size: number) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: SQL | undefined;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = afterKey(
      keyset,
      keyset.columns.map((_, i) => String(last[`k${i}`])),
    );
  }
}
