import { z } from 'zod';
import type { ErrorBody } from './errors';
import { multiLine } from './text-rules';

/**
 * CSV import and export of the lists admins maintain (issue 34.5): blocked numbers, risky phrases
 * and queue names. An import is all or nothing: any bad line is a 400 listing every bad line, and
 * nothing changes; otherwise the new entries are added in one transaction and the rest skipped.
 */

/** The largest file an import takes, in bytes. */
export const MAX_LIST_IMPORT_BYTES = 1024 * 1024;
/** The most lines (besides the header) an import takes. */
export const MAX_LIST_IMPORT_ROWS = 5000;

export const listCsvMessages = {
  empty: 'The file is empty',
  header: (columns: readonly string[]) => `The first line must name the columns: ${columns.join(', ')}`,
  tooManyRows: `A file can hold at most ${MAX_LIST_IMPORT_ROWS} lines besides the header`,
  unclosedQuote: 'A quoted value is not closed',
  afterQuote: 'Unexpected text after a closing quote',
  extraValues: 'This line has more values than the first line names',
  refused: (lines: number) => `Nothing was imported: ${lines} ${lines === 1 ? 'line needs' : 'lines need'} correcting`,
  imported: (added: number, skipped: number) =>
    `${added} added, ${skipped} already on the list or repeated in the file`,
  importFailed: 'The file could not be imported',
  exportCsv: 'Export CSV',
  importCsv: 'Import CSV',
} as const;

/** POST …/import: the file, sent as text/csv (line breaks and tabs allowed; other control characters are a 400). */
export const listImportBody = multiLine(z.string());

/** POST …/import (text/csv): how many entries were added, and how many were there already or repeated. */
export const listImportResponse = z.object({
  success: z.literal(true),
  added: z.number().int(),
  skipped: z.number().int(),
});
export type ListImportResponse = z.infer<typeof listImportResponse>;

/** One line of a refused import: its number in the file (the header is line 1) and what is wrong. */
export type ListImportProblem = NonNullable<ErrorBody['lines']>[number];

/**
 * A refused import: the error shape (errors.ts) with `errors` keyed by line number (as text) and
 * every bad line listed in `lines`, in file order.
 */
export type ListImportRefused = ErrorBody & { lines: ListImportProblem[] };
