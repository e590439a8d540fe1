import { Readable, pipeline } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { DEFAULT_MARKETPLACE_TIME_ZONE } from '@backoffice/contract';
import type { RequestOrder } from '../../db/request-order';
import type { InteractiveLoad } from '../../lib/interactive-load';
import { localDate, localTimestamp } from '../../domain/calendar';

/** A CSV column: its header and how a row gives its cell. */
export type CsvColumn<R> = { header: string; cell: (row: R) => string | number | boolean | Date | null };

/** The file name's day: today in the marketplace's zone (Asia/Colombo). */
export function exportFileName(prefix: string, now: Date): string {
  const d = localDate(now, DEFAULT_MARKETPLACE_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${d.year}-${pad(d.month)}-${pad(d.day)}.csv`;
}

// Where a spreadsheet may start a field inside a cell: after a comma, a semicolon (Excel's list
// separator in many locales, which ignores quotes that do not open its own field), a tab or a line
// break; then the spaces and quotes it skips, and a formula character (= + - @ or a full-width form).
const formulaAfterSeparator = /([,;\t\r\n])((?:[^\S\t\r\n]|")*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;
const formulaAtStart = /^(?:[^\S\t\r\n]|")*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A text cell as no reading of the file can run it (OWASP's CSV injection guidance): a cell that
 * starts with a formula character, also after spaces or quotes, or with a tab or carriage return,
 * gets a leading '; and wherever a separator inside the cell could start a field for a reader that
 * splits on it, a ' goes just before the formula character that would follow.
 * `x;=cmd|' /C calc'!A0` becomes `x;'=cmd|' /C calc'!A0` (then quoted), ` =1+1` becomes `' =1+1`.
 */
export function neutraliseCell(value: string): string {
  const inner = value.replace(formulaAfterSeparator, "$1$2'");
  return formulaAtStart.test(value) || /^[\t\r]/.test(value) ? `'${inner}` : inner;
}

/**
 * csv-stringify's settings for every export: the cast neutralises text; a cell holding `;` is
 * quoted like one holding `,` (a `"` is doubled, a line break quoted, by csv-stringify itself).
 * `escape_formulas` stays on as a second guard; it finds nothing left to escape in text. Times are
 * written in the marketplace's zone with its offset (`2026-11-18T12:00:00+05:30`), as the screens
 * show them (docs/decisions/0023-time-zone-and-dates.md).
 */
export function csvOptions(timeZone: string = DEFAULT_MARKETPLACE_TIME_ZONE) {
  return {
    bom: true,
    header: true,
    quoted_match: [';'],
    escape_formulas: true,
    cast: {
      string: neutraliseCell,
      date: (d: Date) => localTimestamp(d, timeZone),
      boolean: (b: boolean) => (b ? 'true' : 'false'),
    },
  } satisfies Options;
}

/** Rows written between two turns of the event loop: a request arriving meanwhile waits for at most these. */
export const ROWS_PER_TURN = 25;

/**
 * The longest an export waits for the other requests before its next rows: under a load that never
 * pauses it still moves, at about 100 rows a second.
 */
export const MAX_YIELD_MS = 250;

/** How long no other request must have been in flight before an export takes its next rows. */
export const QUIET_MS = 5;

/**
 * Sends every row of `batches` as a CSV download, streamed: one batch is read when the socket has
 * taken the one before (backpressure), so memory holds a batch, never the file. The first batch is
 * read before any byte goes out, so a database that fails at once is still a JSON error. A client
 * that goes away destroys the stream, which returns the batch generator: no further batch is read.
 *
 * The file starts with a UTF-8 BOM (Excel then reads Sinhala and Tamil correctly), has a header row,
 * times in ISO 8601 in the marketplace's zone with its offset and numbers as numbers; text cells are neutralised (`neutraliseCell`) and quoted
 * when they hold either separator, so that a spreadsheet never runs one as a formula.
 */
export async function sendCsv<R>(
  reply: FastifyReply,
  opts: {
    name: string;
    now: Date;
    columns: CsvColumn<R>[];
    batches: AsyncGenerator<R[]>;
    log: FastifyBaseLogger;
    /** PGlite: each batch after the first queues as a new request, behind the requests waiting. */
    order?: RequestOrder;
    /** The other requests in flight: an export is background work and lets them go first. */
    load?: InteractiveLoad;
    /**
     * Called once when the export ends: the rows written into the file (the client may not have
     * received the last of them if it left) and whether the file reached its end. On a complete
     * export it runs before the download's last byte, and a failure here cuts the download short.
     */
    onEnd?: (end: { rows: number; complete: boolean }) => Promise<void>;
    /** The marketplace's zone, the times' (Asia/Colombo unless configured). */
    timeZone?: string;
  },
): Promise<FastifyReply> {
  const { batches, columns, log, order, load } = opts;
  // A request's statements run before later requests' (db/request-order.ts); an export is long,
  // so its later batches let the lists that came meanwhile go first.
  const outside = <T>(fn: () => Promise<T>) => (order ? order.context.exit(fn) : fn());
  const next = () => outside(() => batches.next());
  // While the socket takes every write at once (a client reading as fast as the server writes), the
  // rows, the CSV and PGlite's statements all advance by promise jobs and never give the event loop
  // a turn: no other request was even read until the export ended (the list answered nothing during
  // the benchmark's exports). A turn every ROWS_PER_TURN rows lets them in, and lets their
  // statements queue ahead of the export's next batch. Then the export is background work: it
  // waits until no request has been in flight for QUIET_MS (MAX_YIELD_MS at most). Waiting only for
  // the requests in flight let it run in the moments between one answer and the next request, and
  // the list answered about 10 % slower while an export ran; the quiet period leaves it the pauses a
  // team at work leaves (0018, "An export gives way").
  const turn = async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await load?.idle(MAX_YIELD_MS, QUIET_MS);
  };
  const started = Date.now();
  const first = await batches.next();
  let rows = 0;
  let reads = first.done ? 0 : 1;
  let finished = false;
  const recordEnd = async () => {
    try {
      await outside(() => opts.onEnd?.({ rows, complete: finished }) ?? Promise.resolve());
    } catch (err) {
      log.error({ err, export: opts.name }, 'export not recorded');
      // A complete file is not handed over without its record: the download is cut short.
      if (finished) throw err;
    }
  };
  async function* records() {
    try {
      let batch = first;
      while (!batch.done) {
        for (const row of batch.value) {
          if (++rows % ROWS_PER_TURN === 0) await turn();
          yield columns.map((c) => c.cell(row));
        }
        await turn();
        batch = await next();
        if (!batch.done) reads++;
      }
      finished = true;
    } finally {
      await batches.return(undefined);
      log.info(
        { export: opts.name, rows, batches: reads, aborted: !finished, ms: Date.now() - started },
        'export ended',
      );
      // Cut short (the client left, a batch failed): recorded with the rows written so far.
      if (!finished) await recordEnd();
    }
    await recordEnd();
  }
  const csv = stringify({ ...csvOptions(opts.timeZone), columns: columns.map((c) => c.header) });
  // A failure after the first byte can only cut the download short (Fastify destroys the socket).
  pipeline(Readable.from(records()), csv, (err) => {
    if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') log.error({ err, export: opts.name }, 'export failed');
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(opts.name, opts.now)}"`)
    .send(csv);
}
