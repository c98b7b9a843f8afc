import { accountLabel, type LedgerEntry } from './ledger-entry';

// The statement's CSV export, in a module of its own: the statement page loads it when a member
// asks for the file, not with the page.

/**
 * A CSV cell: quoted when needed; text that a spreadsheet would run as a formula is defused. Unicode
 * direction marks and isolates (the database isolates values in Arabic sentences) are left out: a
 * file keeps plain text, and a mark before "=" cannot hide a formula from the check.
 */
export function csvCell(value: string, isText: boolean): string {
  const plain = value.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  const safe = isText && /^[=+\-@\t\r]/.test(plain) ? `'${plain}` : plain;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The statement as CSV (RFC 4180, CRLF), oldest first; amounts exactly as stored. */
export function ledgerCsv(entries: LedgerEntry[]): string {
  const header = ['Date (UTC)', 'Account', 'Change', 'Balance before', 'Balance after', 'Reason'];
  const rows = entries.map((e) =>
    [
      csvCell(new Date(e.created_at).toISOString(), false),
      csvCell(accountLabel(e.account), true),
      csvCell(e.delta, false),
      csvCell(e.balance_before, false),
      csvCell(e.balance_after, false),
      csvCell(e.reason, true),
    ].join(','),
  );
  return [header.join(','), ...rows].join('\r\n') + '\r\n';
}
