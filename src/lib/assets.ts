import { groupDigits } from './digits';
import { canonicalAmount, formatUsd } from './money';

/*
 * Crypto quantities and rates as text, like money (money.ts): digit strings, never floats. A deposit
 * notice records the quantity the member sent, in the asset's own precision; finance values it at a
 * rate (USD per unit). The database re-checks everything; these checks spare a round trip and say
 * what is wrong in words.
 */

/** Decimals each asset is counted in (the database's precision for quantities). */
export const ASSET_DECIMALS = { BTC: 8, ETH: 18, USDT: 6, USDC: 6, XRP: 6 } as const;

export type Asset = keyof typeof ASSET_DECIMALS;

export function isAsset(value: unknown): value is Asset {
  return typeof value === 'string' && Object.hasOwn(ASSET_DECIMALS, value);
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
/** numeric(38, 18): at most 20 digits before the point. */
const MAX_WHOLE_DIGITS = 20;
/** Rates are stored with at most 10 decimals (numeric(30, 10)). */
export const RATE_DECIMALS = 10;

/** The smallest unit of an asset as a person reads it: 8 decimals → "0.00000001". */
export function smallestUnit(decimals: number): string {
  return decimals === 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}

function isZero(text: string): boolean {
  return /^[0.]*$/.test(text);
}

/** Why a typed quantity is refused, as a kind a page words in its language (quantityError: English). */
export type QuantityProblem =
  | { kind: 'required' | 'negative' | 'notNumber' | 'tooLarge' | 'zero' }
  | { kind: 'decimals'; decimals: number; unit: string };

/**
 * What is wrong with a typed quantity of `asset`, or null. Zero and negative quantities are refused;
 * so are more decimals than the asset has.
 */
export function quantityProblem(text: string, asset: string): QuantityProblem | null {
  const value = text.trim();
  if (value === '') return { kind: 'required' };
  if (value.startsWith('-')) return { kind: 'negative' };
  const match = DECIMAL.exec(value);
  if (!match) return { kind: 'notNumber' };
  const decimals = isAsset(asset) ? ASSET_DECIMALS[asset] : 18;
  if ((match[2] ?? '').length > decimals) return { kind: 'decimals', decimals, unit: smallestUnit(decimals) };
  if ((match[1] ?? '').replace(/^0+/, '').length > MAX_WHOLE_DIGITS) return { kind: 'tooLarge' };
  if (isZero(value)) return { kind: 'zero' };
  return null;
}

/** The English sentence for quantityProblem, naming the field by `label` ("Quantity sent (BTC)"). */
export function quantityError(text: string, asset: string, label: string): string | null {
  const problem = quantityProblem(text, asset);
  if (!problem) return null;
  switch (problem.kind) {
    case 'required':
      return `${label} is required.`;
    case 'negative':
      return `${label} must not be negative.`;
    case 'notNumber':
      return `${label} must be a number, such as 0.5 (use a point for decimals, no commas).`;
    case 'decimals':
      return `${label} can have at most ${problem.decimals} decimals: ${asset} is counted to ${problem.unit}.`;
    case 'tooLarge':
      return `${label} is too large.`;
    case 'zero':
      return `${label} must be more than zero.`;
  }
}

/** What is wrong with a typed rate (USD per unit of the asset), or null. */
export function rateError(text: string, label: string): string | null {
  const value = text.trim();
  if (value === '') return `${label} is required.`;
  const match = DECIMAL.exec(value);
  if (!match) return `${label} must be a number, such as 60000.00 (no commas or $ sign).`;
  if ((match[2] ?? '').length > RATE_DECIMALS) return `${label} can have at most ${RATE_DECIMALS} decimals.`;
  if ((match[1] ?? '').replace(/^0+/, '').length > MAX_WHOLE_DIGITS) return `${label} is too large.`;
  if (isZero(value)) return `${label} must be more than zero.`;
  return null;
}

/** "0.50000000" → "0.5"; "1250.000000" → "1,250": a quantity without trailing zeros, grouped. */
export function trimQuantity(text: string): string {
  const match = DECIMAL.exec(text.trim());
  if (!match) return text.trim();
  const whole = groupDigits(match[1] ?? '0');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** "0.5 BTC"; an empty quantity is "—". */
export function formatQuantity(quantity: string | null | undefined, asset: string): string {
  const value = (quantity ?? '').trim();
  if (!value) return '—';
  return `${trimQuantity(value)} ${asset}`.trim();
}

/** "60000.0000000000" → "$60,000.00 per BTC": at least cents, never fewer decimals than it has. */
export function formatRate(rate: string | null | undefined, asset: string): string {
  const match = DECIMAL.exec((rate ?? '').trim());
  if (!match) return '—';
  const fraction = (match[2] ?? '').replace(/0+$/, '').padEnd(2, '0');
  return `${formatUsd(`${match[1] ?? '0'}.${fraction}`)} per ${asset}`;
}

function scaled(text: string): { digits: bigint; decimals: number } | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { digits: BigInt(`${match[1] ?? '0'}${fraction}`), decimals: fraction.length };
}

/**
 * quantity × rate rounded to cents, half away from zero (as Postgres rounds numeric), in exact
 * integer arithmetic; null when either is not a number. The database checks the USD value it is
 * given against the same product: this only tells finance before they send it.
 */
export function usdValueOf(quantity: string, rate: string): string | null {
  const q = scaled(quantity);
  const r = scaled(rate);
  if (!q || !r) return null;
  const product = q.digits * r.digits;
  const decimals = q.decimals + r.decimals;
  let cents: bigint;
  if (decimals <= 2) cents = product * 10n ** BigInt(2 - decimals);
  else {
    const divisor = 10n ** BigInt(decimals - 2);
    cents = product / divisor;
    if ((product % divisor) * 2n >= divisor) cents += 1n;
  }
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** a + b for two quantities, exact; null when either is not a number. */
export function addQuantities(a: string, b: string): string | null {
  const x = scaled(a);
  const y = scaled(b);
  if (!x || !y) return null;
  const decimals = Math.max(x.decimals, y.decimals);
  const sum =
    x.digits * 10n ** BigInt(decimals - x.decimals) + y.digits * 10n ** BigInt(decimals - y.decimals);
  return unscaled(sum, decimals);
}

/**
 * The quantity of `asset` to send so that it, plus `fee`, comes to `usd` at `rate` (the payout rule:
 * the member bears the network fee), rounded to the asset's precision; null when the inputs are not
 * numbers, the fee takes it all, or no quantity at that precision lands on the cent.
 */
export function quantityFor(usd: string, rate: string, fee: string, asset: string): string | null {
  const amount = scaled(usd);
  const r = scaled(rate);
  const f = scaled(fee);
  const decimals = isAsset(asset) ? ASSET_DECIMALS[asset] : 18;
  if (!amount || !r || !f || r.digits === 0n || f.decimals > decimals) return null;
  // usd / rate in units of 10^-decimals, rounded half up: amount × 10^(r.decimals + decimals) / (r × 10^amount.decimals).
  const numerator = amount.digits * 10n ** BigInt(r.decimals + decimals);
  const denominator = r.digits * 10n ** BigInt(amount.decimals);
  const total = (2n * numerator + denominator) / (2n * denominator);
  const units = total - f.digits * 10n ** BigInt(decimals - f.decimals);
  if (units <= 0n) return null;
  const quantity = unscaled(units, decimals);
  const worth = usdValueOf(addQuantities(quantity, fee) ?? '', rate);
  return worth !== null && worth === canonicalAmount(usd) ? quantity.replace(/\.?0+$/, '') : null;
}

function unscaled(digits: bigint, decimals: number): string {
  if (decimals === 0) return digits.toString();
  const text = digits.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}
