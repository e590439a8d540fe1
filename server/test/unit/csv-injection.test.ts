import { parse } from 'csv-parse/sync';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCsv } from '../../src/modules/exports/csv-response';

/**
 * CSV injection (docs/decisions/0018-exports-and-bulk.md, "CSV injection and export audit"): the
 * real streaming export, fed any text, must give back each cell as the rule below neutralises it,
 * and no reading of the file, whether it splits lines on `,`, on `;` (Excel where the list
 * separator is `;`) or on tabs and ignores quotes, may find a field that starts with a formula.
 */

const FORMULA = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * The rule, written out independently of the server's code: wherever a reader may start a field
 * (the cell's start, or after `,` `;` tab or a line break) and, past spaces and quotes, a formula
 * character follows, an apostrophe goes in: at the very start before the spaces, elsewhere just
 * before the formula character. A cell starting with a tab or carriage return gets one in front.
 */
function neutralised(value: string): string {
  let out = '';
  let fieldStart = true;
  let pad = '';
  for (const ch of value) {
    if (fieldStart && (ch === '"' || (/\s/.test(ch) && !/[\t\r\n]/.test(ch)))) {
      pad += ch;
      continue;
    }
    if (fieldStart && FORMULA.test(ch)) out += out === '' ? `'${pad}` : `${pad}'`;
    else out += pad;
    pad = '';
    out += ch;
    fieldStart = /[,;\t\r\n]/.test(ch);
  }
  out += pad;
  return /^[\t\r]/.test(out) ? `'${out}` : out;
}

/** Fields of every line as a reader splitting on `separator` without regard to quotes sees them. */
function naiveFields(file: string, separator: string): string[] {
  return file
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(separator));
}

/** A field that a spreadsheet would run: after the spaces and quotes it skips, a formula character. */
const runs = (field: string) => FORMULA.test(field.replace(/^[\s"]+/, ''));

describe('CSV export cells', () => {
  let app: FastifyInstance;
  let cells: string[] = [];

  beforeAll(async () => {
    app = Fastify();
    app.get('/csv', async (request, reply) => {
      async function* batches() {
        yield cells;
      }
      return sendCsv(reply, {
        name: 'cells',
        now: new Date('2026-11-23T00:00:00Z'),
        columns: [
          { header: 'n', cell: () => 1 },
          { header: 'value', cell: (v: string) => v },
          { header: 'after', cell: () => 'x' },
        ],
        batches: batches(),
        log: request.log,
      });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const exportOf = async (values: string[]) => {
    cells = values;
    const res = await app.inject({ method: 'GET', url: '/csv' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const valuesOf = (file: string) =>
    (parse(file, { bom: true, relax_column_count: false }) as string[][]).slice(1).map((r) => r[1]);

  it('writes the heading of the report and a formula after a space as inert, quoted text', async () => {
    const file = await exportOf([`x;=cmd|' /C calc'!A0`, ' =1+1']);
    expect(file).toBe(`\uFEFFn,value,after\n1,"x;'=cmd|' /C calc'!A0",x\n1,' =1+1,x\n`);
  });

  it('gives back any text as its neutralised value, and no reading of the file finds a formula', async () => {
    const piece = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ' ', ',', ';', '"', "'", '\uFF1D', 'a', '1');
    const text = fc.oneof(fc.string(), fc.string({ unit: piece }), fc.string({ unit: 'grapheme' }));
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 20 }), async (values) => {
        const file = await exportOf(values);
        expect(valuesOf(file)).toEqual(values.map(neutralised));
        for (const separator of [',', ';', '\t']) {
          expect(naiveFields(file, separator).filter(runs)).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
