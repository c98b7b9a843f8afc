/**
 * USD amounts as text. Postgres writes decimal text ("1234.5", "-20.00"); everything here works on
 * digit strings, never through a float, so what the database holds is what a person sees and what
 * is sent back. The amount rule is the database's: a number, not negative, at most 2 decimals, at
 * most MAX_AMOUNT. The database re-validates every write; these checks only spare a round trip.
 */

import { groupDigits } from './digits';
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;
const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

export const MAX_AMOUNT = '999999999999.99';

/** "007.5" → "750": the amount in cents as a digit string without leading zeros; null if not an amount. */
function centsDigits(text: string): string | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  return `${(match[1] ?? '0').replace(/^0+(?=\d)/, '')}${(match[2] ?? '').padEnd(2, '0')}`;
}

export function formatUsd(amount: string | null | undefined, options: { signed?: boolean } = {}): string {
  const match = DECIMAL.exec((amount ?? '').trim());
  if (!match) return '—';
  const [, minus, whole = '0', fraction = ''] = match;
  const cents = fraction.padEnd(2, '0');
  // Stored amounts have at most 2 decimals; anything longer is shown as given rather than rounded.
  const groupedWhole = groupDigits(whole);
  const isZero = /^0*$/.test(whole) && /^0*$/.test(cents);
  const sign = minus && !isZero ? '-' : options.signed && !isZero ? '+' : '';
  return `${sign}$${groupedWhole}.${cents}`;
}

/** "007.5" → "7.50": a text form for comparing amounts; text that is not an amount comes back trimmed. */
export function canonicalAmount(text: string): string {
  const digits = centsDigits(text);
  if (digits === null) return text.trim();
  const padded = digits.padStart(3, '0');
  return `${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

/**
 * Compares two non-negative decimal texts ("12.5" vs "12.50"): negative when a < b, 0 when equal,
 * positive when a > b. Non-numbers compare as NaN.
 */
export function compareAmounts(a: string, b: string): number {
  const x = centsDigits(a);
  const y = centsDigits(b);
  if (x === null || y === null) return Number.NaN;
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Returns the message to show beside the field, or null when the text is an acceptable amount. */
/** Why a typed amount is refused, as a kind a page words in its language (amountError: English). */
export type AmountProblem = 'required' | 'negative' | 'notAmount' | 'tooLarge';

export function amountProblem(text: string): AmountProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  if (value.startsWith('-')) return 'negative';
  if (centsDigits(value) === null) return 'notAmount';
  if (compareAmounts(value, MAX_AMOUNT) > 0) return 'tooLarge';
  return null;
}

export function amountError(text: string, label: string): string | null {
  switch (amountProblem(text)) {
    case 'required':
      return `${label} is required.`;
    case 'negative':
      return `${label} must not be negative.`;
    case 'notAmount':
      return `${label} must be a number with at most 2 decimals.`;
    case 'tooLarge':
      return `${label} must be at most ${MAX_AMOUNT}.`;
    default:
      return null;
  }
}

/** "-12.5" → -1250n: a signed amount with at most two decimals, in cents, exactly; null otherwise. */
export function toCents(text: string): bigint | null {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** As toCents, for amounts the database wrote: a sum over a malformed one would be wrong, so it throws. */
export function signedCents(text: string): bigint {
  const cents = toCents(text);
  if (cents === null) throw new Error(`not an amount with at most two decimals: ${JSON.stringify(text)}`);
  return cents;
}

/** -1250n → "-12.50": cents back to the database's decimal text. */
export function centsText(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
