import { describe, expect, it } from 'vitest';
import { balanceDifference, reasonProblem, settingsProblem, thresholdText } from './proposal-text';

describe('balanceDifference', () => {
  it('signs a rise with + and a fall with a minus sign, to the cent', () => {
    expect(balanceDifference('1312500.75', '9999999.99')).toEqual({
      cents: 868749924,
      text: '+$8,687,499.24',
    });
    expect(balanceDifference('10.00', '2.5')).toEqual({ cents: -750, text: '−$7.50' });
  });
  it('does not drift on amounts a float cannot hold exactly', () => {
    expect(balanceDifference('0.1', '0.3').text).toBe('+$0.20');
  });
  it('calls no change +$0.00', () => {
    expect(balanceDifference('5', '5.00')).toEqual({ cents: 0, text: '+$0.00' });
  });
});

describe('settingsProblem', () => {
  it('accepts an empty threshold (none) or dollars with up to 2 decimals', () => {
    expect(settingsProblem('', '24', 'new policy')).toBeNull();
    expect(settingsProblem(' 250.5 ', '0', 'new policy')).toBeNull();
  });
  it('refuses a threshold that is not an amount', () => {
    expect(settingsProblem('1.234', '24', 'new policy')).toMatch(/^The threshold is an amount/);
    expect(settingsProblem('-5', '24', 'new policy')).toMatch(/^The threshold is an amount/);
  });
  it('refuses hours that are not whole or above 720', () => {
    expect(settingsProblem('', '721', 'new policy')).toMatch(/^The cooling-off period/);
    expect(settingsProblem('', '1.5', 'new policy')).toMatch(/^The cooling-off period/);
    expect(settingsProblem('', '720', 'new policy')).toBeNull();
  });
  it('wants a reason of at least 3 characters', () => {
    expect(settingsProblem('', '24', '  ab ')).toBe('Give a reason of 3 to 500 characters.');
    expect(reasonProblem('abc')).toBeNull();
  });
});

describe('thresholdText', () => {
  it('says what the threshold means, or that there is none', () => {
    expect(thresholdText('100.00')).toBe('$100.00 (smaller balance edits need no second admin)');
    expect(thresholdText(null)).toBe('none (every balance edit needs a second admin)');
  });
});
