// The limiter arithmetic behind GoTrue's per-IP limits and the e-mail budget, on a clock the test moves.
import { describe, expect, it } from 'vitest';
import { IntervalLimiter, TokenBucketLimiter } from './rate-limit';

describe('the limiters', () => {
  it('token bucket: a burst, then the configured rate per second', () => {
    const bucket = new TokenBucketLimiter();
    const rate = { perSecond: 30 / 300, burst: 30 };
    const t0 = 1_000_000;
    for (let i = 0; i < 30; i++) expect(bucket.take('ip', rate, t0)).toBe(true);
    expect(bucket.take('ip', rate, t0)).toBe(false);
    expect(bucket.take('other-ip', rate, t0)).toBe(true);
    expect(bucket.take('ip', rate, t0 + 9_000)).toBe(false);
    expect(bucket.take('ip', rate, t0 + 10_000)).toBe(true);
    expect(bucket.take('ip', rate, t0 + 10_001)).toBe(false);
  });

  it('e-mail budget: so many per hour, none when the budget is 0', () => {
    const limiter = new IntervalLimiter();
    const t0 = 5_000_000;
    expect(limiter.allow(2, t0)).toBe(true);
    expect(limiter.allow(2, t0 + 1)).toBe(true);
    expect(limiter.allow(2, t0 + 2)).toBe(false);
    expect(limiter.allow(2, t0 + 3_600_000)).toBe(true);
    expect(new IntervalLimiter().allow(0, t0)).toBe(false);
  });
});
