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

// Hong Kong has kept UTC+8 without daylight saving since 1979, so a fixed offset gives the same
// answer as the tz database without depending on the ICU data a browser or Node was built with.
/** Hong Kong is UTC+8 all year (no daylight saving since 1979): the firm's clock for statements. */
export const HONG_KONG_OFFSET_MS = 8 * 60 * 60 * 1000;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function hongKongParts(instant: string): string {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new Error(`Not a date: ${JSON.stringify(instant)}`);
  // The shifted instant read as UTC is the wall-clock time in Hong Kong: "2026-11-03T14:05:09.000Z".
  return new Date(ms + HONG_KONG_OFFSET_MS).toISOString();
}

/** "2026-11-03T06:05:09Z" → "2026-11-03 14:05": a line's time as the member's clock in Hong Kong shows it. */
export function hongKongDateTime(instant: string): string {
  const iso = hongKongParts(instant);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** "2026-12-01T02:00:00Z" → "1 December 2026" in Hong Kong time. */
export function hongKongDate(instant: string): string {
  const iso = hongKongParts(instant);
  const month = MONTHS[Number(iso.slice(5, 7)) - 1] ?? '';
  return `${Number(iso.slice(8, 10))} ${month} ${iso.slice(0, 4)}`;
}

/** What every statement says its times are in. */
export const STATEMENT_TIME_ZONE_TEXT = 'Hong Kong time (UTC+8)';
