import type { Locale } from '../i18n/locales';
import { hongKongClock, TIME_ZONE_TEXT } from './date-time';
import { formatDateIn, formatMonthIn, formatNumericDateTimeIn } from './date-time-in-language';
import { groupDigits } from './digits';
import { formatUsd } from './money';
import { usdIn } from './money-in-language';

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
  const grouped = groupDigits(whole);
  return `${quantity.startsWith('-') ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** "2026-11-03T06:05:09Z" → "2026-11-03 14:05": a line's time as the member's clock in Hong Kong shows it. */
export function hongKongDateTime(instant: string): string {
  const iso = hongKongClock(instant);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** "2026-12-01T02:00:00Z" → "1 December 2026" in Hong Kong time. */
export function hongKongDate(instant: string): string {
  return formatDateIn('en', instant);
}

/** What every statement says its times are in. */
export const STATEMENT_TIME_ZONE_TEXT = TIME_ZONE_TEXT;

// ---- The statement in the member's language (docs/statements.md, "Languages") -------------------
// English keeps the forms above, which the CSV shares. The other languages take their dates from Intl
// with the locale's tag (src/i18n/locales.ts: Latin digits in Arabic), read on the Hong Kong clock.
// Amounts are never passed through a float: the stored decimal is grouped as above, and only the
// currency's place changes ("US$1,234.56" in Hong Kong Chinese, where "$" alone reads as Hong Kong
// dollars; "1,234.56 US$" in Arabic, as Intl writes it and as the site's plan cards show it).

/** The direction marks of Arabic's numeric dates, which a statement replaces by isolating the whole value. */
const BIDI_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A signed USD amount as `locale` writes it, exact to the stored decimal. Throws on what is not one. */
export function statementAmountIn(locale: Locale, amount: string): string {
  return usdIn(locale, statementAmount(amount));
}

/**
 * A line's date and time on the Hong Kong clock: "2026-11-03 14:05" (English, as the CSV writes
 * it), "03/11/2026 14:05" (the locale's numeric date, then the 24-hour time). Printed left to right
 * in every language, so the date and the time are joined by a space, not by Arabic's comma.
 */
export function statementDateTimeIn(locale: Locale, instant: string): string {
  if (locale === 'en') return hongKongDateTime(instant);
  return formatNumericDateTimeIn(locale, instant)
    .map((part) => part.replace(BIDI_MARKS, ''))
    .join(' ');
}

/** A day on the Hong Kong clock: "1 December 2026", "2026年12月1日", "1 ديسمبر 2026". */
export function statementDateIn(locale: Locale, instant: string): string {
  return formatDateIn(locale, instant);
}

/** The statement's month ("2026-11"): "November 2026", "2026年11月", "نوفمبر 2026". */
export function statementMonthIn(locale: Locale, month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new Error(`Not a month: ${JSON.stringify(month)}`);
  return formatMonthIn(locale, Number(match[1]), Number(match[2]));
}
