import { describe, expect, it } from 'vitest';
import { dailyLimitText, settingsProblem, thresholdText } from './proposal-text';

describe('settingsProblem', () => {
  const draft = (threshold: string, hours: string, dailyLimit = '', holdHours = '48') => ({
    threshold,
    dailyLimit,
    hours,
    holdHours,
  });
  it('accepts an empty threshold (none) or dollars with up to 2 decimals', () => {
    expect(settingsProblem(draft('', '24'), 'new policy')).toBeNull();
    expect(settingsProblem(draft(' 250.5 ', '0'), 'new policy')).toBeNull();
  });
  it('refuses a threshold that is not an amount', () => {
    expect(settingsProblem(draft('1.234', '24'), 'new policy')).toMatch(/^The threshold is an amount/);
    expect(settingsProblem(draft('-5', '24'), 'new policy')).toMatch(/^The threshold is an amount/);
  });
  it('accepts an empty daily limit (the threshold) or dollars, and refuses anything else', () => {
    expect(settingsProblem(draft('100', '24', ' 500.25 '), 'new policy')).toBeNull();
    expect(settingsProblem(draft('100', '24', '5e3'), 'new policy')).toMatch(/^The daily limit is an amount/);
    expect(settingsProblem(draft('100', '24', '-1'), 'new policy')).toMatch(/^The daily limit is an amount/);
  });
  it('refuses hours that are not whole or above 720', () => {
    expect(settingsProblem(draft('', '721'), 'new policy')).toMatch(/^The cooling-off period/);
    expect(settingsProblem(draft('', '1.5'), 'new policy')).toMatch(/^The cooling-off period/);
    expect(settingsProblem(draft('', '720'), 'new policy')).toBeNull();
  });
  it('refuses a security hold that is not whole hours from 0 to 720, and accepts both edges', () => {
    expect(settingsProblem(draft('', '24', '', '721'), 'new policy')).toBe(
      'The security hold is a whole number of hours from 0 to 720.',
    );
    expect(settingsProblem(draft('', '24', '', '-1'), 'new policy')).toMatch(/^The security hold/);
    expect(settingsProblem(draft('', '24', '', '2.5'), 'new policy')).toMatch(/^The security hold/);
    expect(settingsProblem(draft('', '24', '', ''), 'new policy')).toMatch(/^The security hold/);
    expect(settingsProblem(draft('', '24', '', '720'), 'new policy')).toBeNull();
    expect(settingsProblem(draft('', '24', '', '0'), 'new policy')).toBeNull();
  });
  it('wants a reason of 3 to 500 characters, as every staff reason', () => {
    expect(settingsProblem(draft('', '24'), '  ab ')).toBe('Reason must be 3 to 500 characters.');
    expect(settingsProblem(draft('', '24'), 'x'.repeat(501))).toBe('Reason must be 3 to 500 characters.');
    expect(settingsProblem(draft('', '24'), 'abc')).toBeNull();
    expect(settingsProblem(draft('', '24'), 'x'.repeat(500))).toBeNull();
  });
});

describe('dailyLimitText', () => {
  it('says the limit, or that the threshold is the limit', () => {
    expect(dailyLimitText('500.00', '100.00')).toBe(
      '$500.00 per admin in any 24 hours (then small corrections need a second admin too)',
    );
    expect(dailyLimitText(null, '100.00')).toBe('same as the threshold: $100.00 per admin in any 24 hours');
    expect(dailyLimitText(null, null)).toBe('same as the threshold (none)');
  });
});

describe('thresholdText', () => {
  it('says what the threshold means, or that there is none', () => {
    expect(thresholdText('100.00')).toBe('$100.00 (smaller corrections need no second admin)');
    expect(thresholdText(null)).toBe('none (every correction needs a second admin)');
  });
});
