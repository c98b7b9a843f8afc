import { ACCOUNT_LABELS } from '~/lib/accounts';
import {
  addQuantities,
  formatQuantity,
  formatRate,
  quantityError,
  rateError,
  usdValueOf,
} from '~/lib/assets';
import type { FormProblem } from '~/lib/form-rules';
import { amountError, canonicalAmount, formatUsd } from '~/lib/money';
import type { DepositNotice, WithdrawalRequest } from '~/lib/admin/requests';

/*
 * The words and checks of the review queue's dialogs (Requests page): valuing a deposit notice
 * (quantity × rate = USD value, with the rate's source) and paying a withdrawal (rate, network fee,
 * quantity sent: with the fee, at the rate, the amount requested). Pure, so they are unit-tested; the
 * database re-checks every value.
 */

export const REVIEW_FIELDS = {
  usdValue: 'review-usd-value',
  rate: 'review-rate',
  rateSource: 'review-rate-source',
  quantity: 'review-quantity',
  networkFee: 'review-network-fee',
  note: 'review-note',
} as const;

export const REVIEW_TEXT = {
  memberSent: 'Member sent',
  usdValue: 'USD value',
  usdValueHint: (value: string | null) =>
    value ? `Quantity × rate, rounded to cents: ${formatUsd(value)}.` : 'Quantity × rate, rounded to cents.',
  rate: (asset: string) => `Rate (USD per ${asset})`,
  rateSource: 'Rate source',
  rateSourceHint:
    'Where and when you read the rate, for example “Kraken BTC/USD close” or “Coinbase spot 14:02 UTC”.',
  quantityPaid: (asset: string) => `Quantity paid (${asset})`,
  /** Under the quantity: what it must come to, and the quantity that does once rate and fee are typed. */
  quantityPaidHint: (amount: string, asset: string, suggestion: string | null) =>
    `The quantity plus the network fee, at the rate, must come to ${formatUsd(amount)}${
      suggestion ? `: send ${formatQuantity(suggestion, asset)}` : ''
    }.`,
  networkFee: (asset: string) => `Network fee (${asset})`,
  reserved: 'Reserved',
  awaitingSecond: 'Awaiting a second admin’s approval',
  awaitingSecondDetail: (transferId: string | null) =>
    `The credit is proposed${transferId ? ` (transfer #${transferId})` : ''}; another finance admin or owner approves it on the Approvals page before the member is credited.`,
  valuedAt: (n: Pick<DepositNotice, 'amount' | 'rate' | 'asset'>) =>
    `Valued at ${formatUsd(n.amount)} (${formatRate(n.rate, n.asset)})`,
  credited: (amount: string) => `Credited ${formatUsd(amount)}`,
  fromAccount: (account: string) => `From: ${(ACCOUNT_LABELS as Record<string, string>)[account] ?? account}`,
  paid: (w: Pick<WithdrawalRequest, 'quantity' | 'asset' | 'rate' | 'network_fee'>) =>
    `Paid ${formatQuantity(w.quantity, w.asset)} at ${formatRate(w.rate, w.asset)}, network fee ${formatQuantity(w.network_fee || '0', w.asset)}`,
  proposedToast: (n: Pick<DepositNotice, 'id' | 'user_email' | 'quantity' | 'asset'>, usd: string) =>
    `Deposit notice #${n.id} valued: ${formatQuantity(n.quantity, n.asset)} = ${formatUsd(usd)} for ${n.user_email}. A second admin approves the credit on the Approvals page before the member is credited.`,
} as const;

/** A notice's card heading: what was sent, its USD value once valued, where and who. */
export function noticeTitle(n: DepositNotice, walletName: string): string {
  const usd = n.credited_amount || n.amount;
  return [formatQuantity(n.quantity, n.asset), usd ? formatUsd(usd) : '', walletName, n.user_email]
    .filter(Boolean)
    .join(' · ');
}

/** A withdrawal's card heading. */
export function withdrawalTitle(w: WithdrawalRequest, walletName: string): string {
  return [formatUsd(w.amount), walletName, w.user_email].join(' · ');
}

/** The database's rule for a rate's source: 2 to 120 characters. */
const sourceProblem = (text: string): string | null => {
  const length = text.trim().length;
  return length < 2 || length > 120
    ? 'Say where the rate comes from (2 to 120 characters), for example “Kraken BTC/USD close”.'
    : null;
};

export interface ValuationDraft {
  asset: string;
  /** The quantity the member sent (from the notice). */
  quantity: string;
  usdValue: string;
  rate: string;
  rateSource: string;
}

/** What is wrong with a valuation, in the dialog's order (rate, USD value, source), or null. */
export function valuationProblem(d: ValuationDraft): FormProblem | null {
  const rate = rateError(d.rate, REVIEW_TEXT.rate(d.asset));
  if (rate) return { message: rate, fields: [REVIEW_FIELDS.rate] };
  const usd = amountError(d.usdValue, REVIEW_TEXT.usdValue);
  if (usd) return { message: usd, fields: [REVIEW_FIELDS.usdValue] };
  const expected = usdValueOf(d.quantity, d.rate);
  if (expected !== null && canonicalAmount(d.usdValue) !== canonicalAmount(expected)) {
    return {
      message: `The USD value must be the quantity × the rate, rounded to cents: ${formatQuantity(d.quantity, d.asset)} × ${formatRate(d.rate, d.asset)} = ${formatUsd(expected)}.`,
      fields: [REVIEW_FIELDS.usdValue],
    };
  }
  const source = sourceProblem(d.rateSource);
  if (source) return { message: source, fields: [REVIEW_FIELDS.rateSource] };
  return null;
}

export interface PayoutDraft {
  asset: string;
  /** The USD amount requested (and reserved). */
  amount: string;
  quantity: string;
  rate: string;
  networkFee: string;
  rateSource: string;
}

const isZeroFee = (fee: string) => /^0+(\.0+)?$/.test(fee.trim());

/**
 * What is wrong with a payout record, in the dialog's order (rate, network fee, quantity, then whether
 * they reconcile with the amount, then the source), or null. A zero network fee is fine. The member
 * bears the fee, so quantity + fee at the rate must equal the amount to the cent, as the database
 * requires.
 */
export function payoutProblem(d: PayoutDraft): FormProblem | null {
  const rate = rateError(d.rate, REVIEW_TEXT.rate(d.asset));
  if (rate) return { message: rate, fields: [REVIEW_FIELDS.rate] };
  const fee = isZeroFee(d.networkFee)
    ? null
    : quantityError(d.networkFee, d.asset, REVIEW_TEXT.networkFee(d.asset));
  if (fee) return { message: fee, fields: [REVIEW_FIELDS.networkFee] };
  const quantity = quantityError(d.quantity, d.asset, REVIEW_TEXT.quantityPaid(d.asset));
  if (quantity) return { message: quantity, fields: [REVIEW_FIELDS.quantity] };
  const worth = usdValueOf(addQuantities(d.quantity, d.networkFee) ?? '', d.rate);
  if (worth !== null && worth !== canonicalAmount(d.amount)) {
    const sent = isZeroFee(d.networkFee)
      ? formatQuantity(d.quantity, d.asset)
      : `${formatQuantity(d.quantity, d.asset)} plus a ${formatQuantity(d.networkFee, d.asset)} network fee`;
    return {
      message: `At ${formatRate(d.rate, d.asset)}, ${sent} is worth ${formatUsd(worth)}, not the ${formatUsd(d.amount)} requested. Check the quantity, the network fee or the rate.`,
      fields: [REVIEW_FIELDS.quantity, REVIEW_FIELDS.rate, REVIEW_FIELDS.networkFee],
    };
  }
  const source = sourceProblem(d.rateSource);
  if (source) return { message: source, fields: [REVIEW_FIELDS.rateSource] };
  return null;
}
