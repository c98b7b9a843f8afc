import { describe, expect, it } from 'vitest';
import { formatUsd } from '~/lib/money';

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

  it('shows a dash for anything that is not a decimal', () => {
    for (const bad of [null, undefined, '', 'abc', '1e5', '1,000', 'NaN']) expect(formatUsd(bad)).toBe('—');
  });
});
