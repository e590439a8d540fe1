import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { listCsvMessages } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { CsvImportRefused, parseCsv, readCsvList, restoreCell } from '../../src/lib/csv-import';
import { csvOptions, neutraliseCell } from '../../src/modules/exports/csv-response';

/**
 * Reading the lists admins maintain back from CSV (issue 34.5): whatever an export writes, the
 * import reads back as it was, line numbers and all; a file it cannot read names its lines.
 */

/** Text rich in what CSV and the formula guard care about (no `'`: the guard's own mark). */
const cell = fc.string({
  unit: fc.constantFrom('a', 'Z', '7', ' ', '"', ',', ';', '\t', '\r', '\n', '=', '+', '-', '@', '\uFF1D', 'අ', 'é'),
  maxLength: 12,
});

describe('CSV import', () => {
  it('takes back every cell the export neutralised', () => {
    fc.assert(
      fc.property(cell, (value) => {
        expect(restoreCell(neutraliseCell(value))).toBe(value);
      }),
    );
  });

  it('reads back what the export writes, quotes, separators and line breaks included', () => {
    const rows = fc.array(
      fc.tuple(cell, cell).filter(([a, b]) => `${a}${b}`.trim() !== ''),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(rows, (data) => {
        const file = stringify(data, { ...csvOptions(), columns: ['first', 'second'] });
        const { records, problems } = parseCsv(file);
        expect(problems).toEqual([]);
        expect(records.map((r) => r.values.map(restoreCell))).toEqual([['first', 'second'], ...data]);
        // Each record starts on the line after the previous record's last line.
        let line = 1;
        for (const [k, record] of records.entries()) {
          expect(record.line).toBe(line);
          const written = k === 0 ? ['first', 'second'] : data[k - 1]!;
          line +=
            1 +
            written
              .map(neutraliseCell)
              .join(',')
              .split(/\r\n|\r|\n/).length -
            1;
        }
      }),
    );
  });

  it('names every line it cannot read, and reads nothing then', () => {
    const file = 'name,other\r\nok\r\n"closed"x\r\na,b,c\r\n\r\n"open\nstill open';
    const refused = () => readCsvList(file, ['name'], (row) => ({ value: row.name }));
    expect(refused).toThrow(CsvImportRefused);
    try {
      refused();
    } catch (err) {
      expect((err as CsvImportRefused).lines).toEqual([
        { line: 3, reason: listCsvMessages.afterQuote },
        { line: 4, reason: listCsvMessages.extraValues },
        { line: 6, reason: listCsvMessages.unclosedQuote },
      ]);
    }
    expect(readCsvList('\uFEFF NAME ,x\n a ,1\n\n"b\nc",2', ['name'], (row) => ({ value: row.name }))).toEqual([
      'a',
      'b\nc',
    ]);
  });
});
