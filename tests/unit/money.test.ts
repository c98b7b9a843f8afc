import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsd } from '~/lib/money';
import { formatUsdIn, usdIn } from '~/lib/money-in-language';
import { memberHref, memberPathIn } from '~/config/member-routes';

describe('formatUsd', () => {
  it.each([
    ['0', '$0.00'],
    ['0.00', '$0.00'],
    ['5', '$5.00'],
    ['1234.5', '$1,234.50'],
    ['999999999999.99', '$999,999,999,999.99'],
    ['-20.00', '-$20.00'],
    ['0007.10', '$7.10'],
    ['123456789012.125', '$123,456,789,012.125'],
  ])('formats %s as %s', (input, expected) => {
    expect(formatUsd(input)).toBe(expected);
  });

  it('marks positive changes when asked', () => {
    expect(formatUsd('12.5', { signed: true })).toBe('+$12.50');
    expect(formatUsd('-12.5', { signed: true })).toBe('-$12.50');
    expect(formatUsd('0', { signed: true })).toBe('$0.00');
  });

  it('never writes a minus zero: a negative zero reads as $0.00, signed or not', () => {
    for (const zero of ['-0', '-0.00', '-000.0']) {
      expect(formatUsd(zero)).toBe('$0.00');
      expect(formatUsd(zero, { signed: true })).toBe('$0.00');
    }
    expect(formatUsd('-0.01')).toBe('-$0.01');
  });

  it('writes a negative amount as its positive one with a minus in front, unless it is zero', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999_999n }), (cents) => {
        const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        const positive = formatUsd(text);
        expect(formatUsd(`-${text}`)).toBe(cents === 0n ? positive : `-${positive}`);
      }),
    );
  });

  it('shows a dash for anything that is not a decimal', () => {
    for (const bad of [null, undefined, '', 'abc', '1e5', '1,000', 'NaN']) expect(formatUsd(bad)).toBe('—');
  });
});

describe('US dollars in each language (issue 36)', () => {
  it('Hong Kong Chinese writes US$ (a bare $ reads as Hong Kong dollars); Arabic puts the currency after the figure', () => {
    for (const [amount, en, zh, ar] of [
      ['1234.5', '$1,234.50', 'US$1,234.50', '1,234.50\u00a0US$'],
      ['-20', '-$20.00', '-US$20.00', '-20.00\u00a0US$'],
      ['0', '$0.00', 'US$0.00', '0.00\u00a0US$'],
      ['99999999.99', '$99,999,999.99', 'US$99,999,999.99', '99,999,999.99\u00a0US$'],
    ] as const) {
      expect(formatUsdIn('en', amount)).toBe(en);
      expect(formatUsdIn('zh-hant', amount)).toBe(zh);
      expect(formatUsdIn('ar', amount)).toBe(ar);
      // Latin digits and no direction marks in every language.
      expect(formatUsdIn('ar', amount)).toMatch(/^[-0-9,.\u00a0US$]+$/);
    }
    expect(formatUsdIn('ar', '5', { signed: true })).toBe('+5.00\u00a0US$');
    // Nothing to show stays a dash, not a currency.
    expect(formatUsdIn('zh-hant', null)).toBe('—');
    expect(usdIn('ar', '—')).toBe('—');
  });

  it('joins an Arabic figure and its currency as Intl does (the plan cards use Intl): no line break between them', () => {
    const intl = new Intl.NumberFormat('ar-AE-u-nu-latn', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -9_999_999_999, max: 9_999_999_999 }), (cents) => {
        const amount = (cents / 100).toFixed(2);
        // Intl marks the direction (U+200E/U+200F); the site isolates the amount in markup instead.
        const intlText = intl.format(Number(amount)).replace(/[\u200e\u200f\u061c]/g, '');
        expect(formatUsdIn('ar', amount)).toBe(intlText);
      }),
    );
  });

  it('member links stay in the language only where the page is translated', () => {
    expect(memberHref('ar', '/user-dashboard')).toBe('/ar/user-dashboard');
    expect(memberHref('zh-hant', '/user-dashboard?tab=1')).toBe('/zh-hant/user-dashboard?tab=1');
    expect(memberHref('en', '/user-dashboard')).toBe('/user-dashboard');
    // A page not (yet) translated is linked in English, whatever the language.
    expect(memberPathIn('/ar', ['/user-dashboard'], '/user/deposit')).toBe('/user/deposit');
    expect(memberPathIn('/ar', ['/user-dashboard'], '/user-dashboard#plans')).toBe(
      '/ar/user-dashboard#plans',
    );
    expect(memberPathIn('', ['/user-dashboard'], '/user-dashboard')).toBe('/user-dashboard');
  });
});
