import { ACCOUNT_LABELS } from '~/lib/accounts';
import { formatQuantity } from '~/lib/assets';
import { formatUsd } from '~/lib/money';
import type { MemberRequest } from '~/lib/requests';

/*
 * How the member's list of notices and requests reads (RequestList): each one's summary line, its
 * status in words and its badge colours. Apart from the form's rules (rules.ts): the list loads after
 * the page is up, and these with it.
 */

const STATUS_STYLES: Record<string, string> = {
  pending: 'bg-accent-300/40 text-ink-950',
  valued: 'bg-mist-200 text-ink-950',
  approved: 'bg-mist-200 text-ink-950',
  confirmed: 'bg-success-600 text-white',
  paid: 'bg-success-600 text-white',
  rejected: 'bg-danger-600 text-white',
  cancelled: 'bg-mist-200 text-ink-950',
};

/** The colours of a request's status badge. */
export function statusStyle(status: string): string {
  return STATUS_STYLES[status] ?? 'bg-mist-200';
}

/** The words a member reads for a deposit notice's state. */
export const NOTICE_STATUS_WORDS: Record<string, string> = {
  pending: 'Pending review',
  valued: 'Being confirmed',
  confirmed: 'Credited',
  rejected: 'Rejected',
};

/** A notice's state in the member's words; a withdrawal's status capitalised ("pending" → "Pending"). */
export function statusLabel(request: Pick<MemberRequest, 'kind' | 'status'>): string {
  const { kind, status } = request;
  if (kind === 'deposit' && NOTICE_STATUS_WORDS[status]) return NOTICE_STATUS_WORDS[status];
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/**
 * What a request is about, in one line: a notice's quantity and asset, and its USD value once
 * finance has valued it; a withdrawal's amount and the account it is paid from.
 */
export function requestSummary(r: MemberRequest, walletName: string): string {
  if (r.kind === 'deposit') {
    const usd = r.credited_amount || r.amount;
    return `Deposit notice · ${walletName} · ${formatQuantity(r.quantity, r.asset)}${usd ? ` · ${formatUsd(usd)}` : ''}`;
  }
  const from = r.account ? ` · from ${ACCOUNT_LABELS[r.account]}` : '';
  return `Withdrawal request · ${walletName} · ${formatUsd(r.amount)}${from}`;
}

/** A paid withdrawal's payout as the member reads it: "Paid 0.0041 BTC". */
export function paidText(r: Pick<MemberRequest, 'quantity'> & { asset: string }): string {
  return `Paid ${formatQuantity(r.quantity, r.asset)}`;
}
