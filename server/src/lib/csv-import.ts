import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  listCsvMessages,
  MAX_LIST_IMPORT_BYTES,
  MAX_LIST_IMPORT_ROWS,
  type ListImportProblem,
  type ListImportRefused,
} from '@backoffice/contract';
import { AppError } from './errors';

/**
 * Reading an admin's list back from CSV (issue 34.5): the files the list exports write
 * (server/src/modules/exports/csv-response.ts: a BOM, a header row, RFC 4180 quoting, text cells
 * neutralised against formulas), or one an admin wrote by hand or saved from a spreadsheet.
 *
 * An import is all or nothing, so every line is read and checked before anything is written, and
 * a refusal names every bad line (`CsvImportRefused`, a 400 with `lines`).
 */

/** A refused import: every bad line, in file order. The route answers it (`answerRefusal`). */
export class CsvImportRefused extends AppError {
  constructor(readonly lines: ListImportProblem[]) {
    super(400, listCsvMessages.refused(lines.length), Object.fromEntries(lines.map((l) => [String(l.line), l.reason])));
  }

  get body(): ListImportRefused {
    return { success: false, message: this.message, errors: this.errors, lines: this.lines };
  }
}

/** One record of the file: the line it starts on (the header is line 1) and its values. */
type CsvRecord = { line: number; values: string[] };

/**
 * RFC 4180 records: `,` between values, `"` around a value that holds one, `""` for a quote inside,
 * line breaks (LF, CRLF or CR) inside quotes kept. A quote inside an unquoted value is read as it
 * stands (spreadsheets write such files). Lines holding nothing are left out.
 *
 * Why not csv-parse: an import must name every bad line and go on reading after one. csv-parse's
 * `skip_records_with_error` loses its place after a bad quote (tried: `"closed"x` on line 3 made it
 * swallow lines 4–9 into one error), so the lines after it could not be reported. This reader is
 * checked against csv-stringify's output by property (server/test/unit/csv-import.test.ts).
 */
export function parseCsv(text: string): { records: CsvRecord[]; problems: ListImportProblem[] } {
  const src = text.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  const problems: ListImportProblem[] = [];
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const start = line;
    const values: string[] = [];
    let bad: string | null = null;
    for (;;) {
      let value = '';
      if (src[i] === '"') {
        i++;
        let closed = false;
        while (i < src.length) {
          const c = src[i]!;
          if (c === '"') {
            if (src[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i++;
            closed = true;
            break;
          }
          if (c === '\n' || (c === '\r' && src[i + 1] !== '\n')) line++;
          value += c;
          i++;
        }
        if (!closed) bad ??= listCsvMessages.unclosedQuote;
        else if (i < src.length && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') {
          bad ??= listCsvMessages.afterQuote;
          while (i < src.length && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') i++;
        }
      } else {
        while (i < src.length && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') value += src[i++];
      }
      values.push(value);
      if (src[i] === ',') {
        i++;
        continue;
      }
      // The end of the record: a line break (CRLF is one) or the end of the file.
      if (src[i] === '\r' && src[i + 1] === '\n') i++;
      if (i < src.length) {
        i++;
        line++;
      }
      break;
    }
    if (bad) problems.push({ line: start, reason: bad });
    else if (values.some((v) => v.trim() !== '')) records.push({ line: start, values });
  }
  return { records, problems };
}

// The reverse of csv-response.ts's neutraliseCell: the ' put before a formula character at the
// start of a cell (also after spaces or quotes, or before a tab or carriage return) and after a
// separator inside it. A value that itself started with such a ' loses it: no list holds one.
const formula = '[=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20]';
const guardAtStart = new RegExp(`^'(?=(?:[^\\S\\t\\r\\n]|")*${formula}|[\\t\\r])`);
const guardAfterSeparator = new RegExp(`([,;\\t\\r\\n])((?:[^\\S\\t\\r\\n]|")*)'(?=${formula})`, 'g');

/** A cell as it was before the export neutralised it. */
export function restoreCell(value: string): string {
  return value.replace(guardAtStart, '').replace(guardAfterSeparator, '$1$2');
}

/**
 * Reads a list from CSV: the header must name `columns` (any case, any order; other columns, such
 * as the export's dates and names, are ignored); each later line is given to `check` as its named
 * values (trimmed, neutralisation undone), which answers the entry or why it cannot be one. Any
 * problem anywhere throws `CsvImportRefused` with every bad line; otherwise the entries in file order.
 */
export function readCsvList<T, C extends string>(
  text: string,
  columns: readonly C[],
  check: (row: Record<C, string>) => { value: T } | { reason: string },
): T[] {
  const { records, problems } = parseCsv(text);
  const [header, ...rows] = records;
  if (!header && !problems.length) throw new CsvImportRefused([{ line: 1, reason: listCsvMessages.empty }]);
  const names = (header?.values ?? []).map((v) => restoreCell(v).trim().toLowerCase());
  const at = columns.map((c) => names.indexOf(c.toLowerCase()));
  if (!header || at.some((i) => i < 0))
    throw new CsvImportRefused(
      [{ line: header?.line ?? 1, reason: listCsvMessages.header(columns) }, ...problems].sort(
        (a, b) => a.line - b.line,
      ),
    );
  if (rows.length > MAX_LIST_IMPORT_ROWS)
    throw new CsvImportRefused([{ line: rows[MAX_LIST_IMPORT_ROWS]!.line, reason: listCsvMessages.tooManyRows }]);
  const entries: T[] = [];
  for (const record of rows) {
    if (record.values.slice(names.length).some((v) => v.trim() !== '')) {
      problems.push({ line: record.line, reason: listCsvMessages.extraValues });
      continue;
    }
    const row = Object.fromEntries(
      columns.map((c, k) => [c, restoreCell(record.values[at[k]!] ?? '').trim()]),
    ) as Record<C, string>;
    const checked = check(row);
    if ('reason' in checked) problems.push({ line: record.line, reason: checked.reason });
    else entries.push(checked.value);
  }
  if (problems.length) throw new CsvImportRefused(problems.sort((a, b) => a.line - b.line));
  return entries;
}

/**
 * Lets the routes of `app` (a plugin's own scope) take a text/csv body as a string, up to
 * MAX_LIST_IMPORT_BYTES (413 beyond).
 */
export function acceptCsvBody(app: FastifyInstance): void {
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: MAX_LIST_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );
}

/** Runs an import; a refusal is answered as a 400 with its lines (the error handler knows no `lines`). */
export async function answerImport<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof CsvImportRefused) return reply.status(400).send(err.body);
    throw err;
  }
}
