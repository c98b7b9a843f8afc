import type { Locale } from '~/i18n/locales';
import { formatUsd } from './money';

/** U+00A0: the space Intl puts between an Arabic figure and its currency; no line breaks there. */
export const NO_BREAK_SPACE = '\u00a0';

/**
 * An amount formatUsd wrote in English ("$1,234.56", "-$1.00") as `locale` writes US dollars: Hong
 * Kong reads "$" alone as Hong Kong dollars, so "US$1,234.56"; Arabic keeps the figure first and the
 * currency after it, "1,234.56 US$" (shown left to right, isolated), joined by a no-break space as
 * Intl joins them, so a sentence never puts "US$" on a line of its own (the balance cards allow that
 * break on purpose: balance-slots.ts breakableAmount). The one rule for every amount a member reads
 * in another language (portal, statements; the database's e-mails and event descriptions write the
 * same, private.usd_words).
 */
export function usdIn(locale: Locale | string | undefined, english: string): string {
  if (!english.includes('$')) return english;
  if (locale === 'zh-hant') return english.replace('$', 'US$');
  if (locale === 'ar') return `${english.replace('$', '')}${NO_BREAK_SPACE}US$`;
  return english;
}

/** formatUsd in `locale` (usdIn). */
export function formatUsdIn(
  locale: Locale | string | undefined,
  amount: string | null | undefined,
  options: { signed?: boolean } = {},
): string {
  return usdIn(locale, formatUsd(amount, options));
}
