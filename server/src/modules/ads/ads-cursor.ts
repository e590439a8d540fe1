import { AD_STATUSES, adMessages, type AdSortField } from '@backoffice/contract';
import { ValidationError } from '../../lib/errors';

/**
 * What a cursor carries (docs/decisions/0020-keyset-paging.md): the sort's name and the row's id,
 * and under the status sort the status the row had when it was shown. Every other sort value is
 * read from the row itself by the page statement, so the first page selects nothing beyond the
 * page and no value loses precision on its way through JavaScript. Status is the one sort key a
 * moderation changes: carried, a row approved on screen still leads Next to the rows that followed
 * it, instead of to its new place among the approved ads.
 */
export type Cursor = { id: string; status?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The opaque cursor of `row` in the `sort` order. */
export function encodeCursor(sort: AdSortField, row: { id: string; status: string }): string {
  const values = sort === 'status' ? [sort, row.status, row.id] : [sort, row.id];
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The row a cursor of the `sort` order names; anything else is a 400. */
export function decodeCursor(sort: AdSortField, cursor: string, field: 'after' | 'before'): Cursor {
  const invalid = () => new ValidationError(adMessages.badCursor, { [field]: adMessages.badCursor });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed[0] !== sort) throw invalid();
  const values: unknown[] = parsed.slice(1);
  const [status, id] = sort === 'status' ? values : [undefined, values[0]];
  if (values.length !== (sort === 'status' ? 2 : 1)) throw invalid();
  if (typeof id !== 'string' || !UUID.test(id)) throw invalid();
  if (sort !== 'status') return { id };
  if (!(AD_STATUSES as readonly unknown[]).includes(status)) throw invalid();
  return { id, status: status as string };
}
