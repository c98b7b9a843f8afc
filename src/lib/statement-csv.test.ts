import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../tests/support/csv';
import { HOSTILE_NAME, statementFixture } from '../../tests/support/statement-fixture';
import { STATEMENT_CSV_COLUMNS, statementCsv } from './statement-csv';
import { hongKongDate, hongKongDateTime } from './statement-format';

const data = statementFixture();
const csv = statementCsv(data);
const records = parseCsv(csv);
const columnsAt = records.findIndex((record) => record[0] === STATEMENT_CSV_COLUMNS[0]);

/** What a spreadsheet shows for text a person typed: a leading formula character is quoted away. */
const asTyped = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describe('statementCsv', () => {
  it('is RFC 4180 with CRLF line ends and no bare line feeds', () => {
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('starts with which statement it is and whose', () => {
    expect(records.slice(0, columnsAt)).toEqual([
      ['Statement', data.reference],
      ['Version', '2'],
      ['Replaces', 'LC-00001234-2026-11-v1'],
      ['Period', 'November 2026'],
      ['Time zone', 'Hong Kong time (UTC+8)'],
      ['Member', HOSTILE_NAME],
      ['Account number', '00001234'],
      ['Prepared', hongKongDate(data.prepared_at)],
      [''],
    ]);
    expect(records[columnsAt]).toEqual([...STATEMENT_CSV_COLUMNS]);
  });

  it("has the PDF's lines: same order, times in Hong Kong, amounts exactly as stored", () => {
    const rows = records.slice(columnsAt + 1);
    expect(rows).toHaveLength(data.lines.length);
    rows.forEach((row, index) => {
      const line = data.lines[index];
      if (!line) throw new Error(`no line ${index}`);
      expect(row).toEqual([
        hongKongDateTime(line.date),
        line.account_label,
        line.kind_label,
        asTyped(line.description),
        line.asset ?? '',
        line.quantity ?? '',
        line.rate ?? '',
        line.amount,
        line.balance_after,
        String(line.transfer_id),
      ]);
    });
  });

  it('keeps the crypto leg: asset, quantity and rate', () => {
    const btc = records.find((row) => row[4] === 'BTC' && row[7] === '17125.00');
    expect(btc?.slice(4, 7)).toEqual(['BTC', '0.25000000', '68500.00']);
  });

  it('defuses spreadsheet formulas and keeps quotes, commas and markup as text', () => {
    expect(csv).toContain(`"'=HYPERLINK(""http://example.test"",""Redemption"") requested in the app"`);
    expect(records.flat().filter((cell) => /^[=+@\t\r]/.test(cell))).toEqual([]);
    // A cell may start with a minus sign only as a number: a debit.
    expect(records.flat().filter((cell) => cell.startsWith('-') && !/^-\d+\.\d{2}$/.test(cell))).toEqual([]);
    expect(csv).toContain('"Mei-Ling ""May"" O\'Connor <script>alert(\'pwned\')</script>"');
  });

  it('writes a header and no lines for a month without transactions', () => {
    const empty = parseCsv(statementCsv({ ...data, lines: [], replaces: null, version: 1 }));
    expect(empty.at(-1)).toEqual([...STATEMENT_CSV_COLUMNS]);
    expect(empty[2]).toEqual(['Replaces', '']);
  });

  it('refuses an amount that is not a decimal rather than write text a spreadsheet could run', () => {
    const bad = structuredClone(data);
    (bad.lines[0] as { amount: string }).amount = '-1+1';
    expect(() => statementCsv(bad)).toThrow(/decimal/);
  });
});
