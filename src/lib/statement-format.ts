import { hongKongClock, MONTH_NAMES as MONTHS, TIME_ZONE_TEXT } from './date-time';
import { formatUsd } from './money';

/**
 * How a monthly statement writes its values, shared by the signed PDF (scripts/statements, Node) and
 * the CSV (here, also loaded in the browser), so both show the same dates and the same amounts.
 * A statement is a legal record: a value that is not what the contract says stops the run (throws)
 * instead of printing a dash or a guess.
 */

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** The stored decimal text, checked: "-25.00" stays "-25.00". Throws on anything else. */
export function checkedDecimal(amount: string): string {
  if (!DECIMAL.test(amount)) throw new Error(`Not a decimal amount: ${JSON.stringify(amount)}`);
  return amount;
}

/** "-1234.5" → "-$1,234.50": the shared USD formatter (money.ts), refusing what is not an amount. */
export function statementAmount(amount: string): string {
  return formatUsd(checkedDecimal(amount));
}

/** "1234.56780000" → "1,234.56780000": a crypto quantity keeps every stored decimal. */
export function statementQuantity(quantity: string): string {
  if (!DECIMAL.test(quantity)) throw new Error(`Not a decimal quantity: ${JSON.stringify(quantity)}`);
  const [whole = '0', fraction] = quantity.replace(/^-/, '').split('.');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${quantity.startsWith('-') ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** "2026-11-03T06:05:09Z" → "2026-11-03 14:05": a line's time as the member's clock in Hong Kong shows it. */
export function hongKongDateTime(instant: string): string {
  const iso = hongKongClock(instant);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** "2026-12-01T02:00:00Z" → "1 December 2026" in Hong Kong time. */
export function hongKongDate(instant: string): string {
  const iso = hongKongClock(instant);
  const month = MONTHS[Number(iso.slice(5, 7)) - 1] ?? '';
  return `${Number(iso.slice(8, 10))} ${month} ${iso.slice(0, 4)}`;
}

/** What every statement says its times are in. */
export const STATEMENT_TIME_ZONE_TEXT = TIME_ZONE_TEXT;
