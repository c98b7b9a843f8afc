import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareTimestamps } from './db-timestamps';

describe('timestamps in time order without ICU collation', () => {
  /** A moment as Postgres writes a timestamptz in UTC: microseconds, trailing zeros of the fraction dropped. */
  const postgresText = (micros: bigint): string => {
    const ms = Number(micros / 1000n);
    const base = new Date(ms).toISOString().slice(0, 19);
    const fraction = String(micros % 1_000_000n)
      .padStart(6, '0')
      .replace(/0+$/, '');
    return `${base}${fraction ? `.${fraction}` : ''}+00:00`;
  };

  it('orders moments as time does, to the microsecond, whatever the length of their fractions', () => {
    const moment = fc.bigInt({ min: 1_700_000_000_000_000n, max: 1_900_000_000_000_000n });
    fc.assert(
      fc.property(moment, fc.integer({ min: -2_000_000, max: 2_000_000 }), (a, step) => {
        const b = a + BigInt(step);
        const expected = a < b ? -1 : a > b ? 1 : 0;
        expect(compareTimestamps(postgresText(a), postgresText(b))).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('at the edges: a whole second before its first microsecond, .1 before .12 before .2', () => {
    const at = (f: string) => `2026-11-27T12:40:36${f}+00:00`;
    expect(compareTimestamps(at(''), at('.000001'))).toBe(-1);
    expect(compareTimestamps(at('.1'), at('.12'))).toBe(-1);
    expect(compareTimestamps(at('.12'), at('.2'))).toBe(-1);
    expect(compareTimestamps(at('.999999'), '2026-11-27T12:40:37+00:00')).toBe(-1);
    expect(compareTimestamps(at('.5'), at('.5'))).toBe(0);
  });
});
