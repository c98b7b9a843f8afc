/*
 * Whole numbers as every language of the site writes them: Latin digits grouped by three with commas
 * ("1,234,567"; the Arabic pages use Latin digits too, ar-AE-u-nu-latn). Written out rather than left
 * to Intl.NumberFormat or toLocaleString because the first Intl formatter a page builds starts ICU:
 * 30-40 ms of the main thread on a freshly opened statement or users page (measured 2026-12-04,
 * docs/performance.md), paid while the page should answer. Tests hold the output equal to Intl's.
 */

/**
 * "1234567" → "1,234,567": a run of digits grouped by three, without leading zeros ("0012" → "12",
 * "000" → "0"), as the whole part of a stored decimal is written.
 */
export function groupDigits(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A count as a language writes it ("1,234"), given the language's Intl tag (English's, en-GB, by
 * default: the admin area is English). Written out for whole counts from 0 up; anything else (a
 * negative or fractional number, which no page counts) goes through Intl, rounded to a whole.
 */
export function countText(count: number, intlTag = 'en-GB'): string {
  return Number.isSafeInteger(count) && count >= 0
    ? groupDigits(String(count))
    : new Intl.NumberFormat(intlTag, { maximumFractionDigits: 0 }).format(count);
}
