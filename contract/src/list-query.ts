import { z } from 'zod';

/**
 * The pieces of the small lists' queries (packages, duties, banner ads): filtered on the server so
 * that every list behaves alike at any size (issue 31; docs/decisions/0024-list-screen-kit.md).
 */

export const MAX_LIST_SEARCH = 200;
export const listQueryMessages = {
  searchTooLong: `Search must be at most ${MAX_LIST_SEARCH} characters`,
  controlChars: 'Control characters are not allowed',
} as const;

// PostgreSQL text cannot hold NUL; a search has no use for control characters.
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A search box's text: trimmed, empty means none. */
export const listSearch = (max = MAX_LIST_SEARCH, tooLong: string = listQueryMessages.searchTooLong) =>
  z
    .string()
    .max(max, tooLong)
    .refine((v) => !controlChars.test(v), listQueryMessages.controlChars)
    .optional()
    .transform((v) => v?.trim() || undefined);

/** A status filter: one of `statuses`, or '' / 'all' / absent for every status. */
export const listStatus = <S extends string>(statuses: readonly [S, ...S[]]) =>
  z
    .enum(['', 'all', ...statuses] as [string, ...string[]])
    .optional()
    .transform((v): S | undefined => (v && v !== 'all' ? (v as S) : undefined));
