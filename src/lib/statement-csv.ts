import { csvCell } from './ledger-csv';
import type { StatementData } from './statement-data';
import { STATEMENT_TIME_ZONE_TEXT, hongKongDate, hongKongDateTime, checkedDecimal } from './statement-format';

// The monthly statement as CSV, for the member page's download and the monthly job alike: no Node
// or browser APIs. It carries the PDF's transactions table, same lines in the same order, same times
// (Hong Kong) and same amounts. Amounts are the stored decimals ("-1250.00"), as in the ledger CSV:
// a spreadsheet reads them as numbers, where the PDF's "-$1,250.00" would be text starting with a
// minus sign, which the project's CSVs never write (tests/unit/exports.test.ts).

export const STATEMENT_CSV_COLUMNS = [
  `Date (${STATEMENT_TIME_ZONE_TEXT})`,
  'Account',
  'Type',
  'Description',
  'Asset',
  'Quantity',
  'Rate (USD per unit)',
  'Amount (USD)',
  'Balance after (USD)',
  'Transfer',
] as const;

/** RFC 4180, CRLF: a header block (which statement, whose), an empty record, then the lines. */
export function statementCsv(data: StatementData): string {
  const about: Array<[string, string]> = [
    ['Statement', data.reference],
    ['Version', String(data.version)],
    ['Replaces', data.replaces ?? ''],
    ['Period', data.period.label],
    ['Time zone', STATEMENT_TIME_ZONE_TEXT],
    ['Member', data.member.name],
    ['Account number', data.member.account_number],
    ['Prepared', hongKongDate(data.prepared_at)],
  ];
  const header = about.map(([label, value]) => `${csvCell(label, true)},${csvCell(value, true)}`);
  const lines = data.lines.map((line) =>
    [
      csvCell(hongKongDateTime(line.date), false),
      csvCell(line.account_label, true),
      csvCell(line.kind_label, true),
      csvCell(line.description, true),
      csvCell(line.asset ?? '', true),
      // Checked decimals, so never text a spreadsheet could run.
      csvCell(line.quantity === null ? '' : checkedDecimal(line.quantity), false),
      csvCell(line.rate === null ? '' : checkedDecimal(line.rate), false),
      csvCell(checkedDecimal(line.amount), false),
      csvCell(checkedDecimal(line.balance_after), false),
      csvCell(String(line.transfer_id), false),
    ].join(','),
  );
  const columns = STATEMENT_CSV_COLUMNS.map((column) => csvCell(column, true)).join(',');
  return [...header, '', columns, ...lines].join('\r\n') + '\r\n';
}
