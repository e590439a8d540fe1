import { sql, type Placeholder } from 'drizzle-orm';

/** LIKE pattern matching `text` literally anywhere (escapes %, _ and \). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How a value enters a query's SQL: as itself (a query built for one request), or as the
 * placeholder `name` of a prepared query (db/prepared.ts), given its value when executed.
 */
export type Bind<Name extends string> = <T extends string | boolean>(name: Name, value: T) => T | Placeholder;
export const asValue = <T>(_name: string, value: T): T => value;
export const asPlaceholder = (name: string): Placeholder => sql.placeholder(name);
