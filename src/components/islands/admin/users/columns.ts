import { ACCOUNT_LABELS, BALANCE_ACCOUNTS } from '~/lib/accounts';
import type { SortColumn } from '~/lib/admin/users';

export const PAGE_SIZE = 25;

export interface Column {
  key: SortColumn;
  label: string;
  numeric?: boolean;
}

/** The sortable columns, in table order; the actions column follows them. */
export const COLUMNS: Column[] = [
  { key: 'created_at', label: 'S/N' },
  { key: 'username', label: 'UserName' },
  { key: 'email', label: 'Email' },
  ...BALANCE_ACCOUNTS.map((key) => ({ key, label: ACCOUNT_LABELS[key], numeric: true })),
];

/** S/N and name stay in view while a narrower desktop scrolls the balances sideways. */
export function stickyStart(columnIndex: number): string {
  if (columnIndex === 0) return 'sticky left-0 z-10 bg-inherit';
  if (columnIndex === 1) return 'sticky left-10 z-10 bg-inherit';
  return '';
}
