import { describe, expect, it } from 'vitest';
import { themeColor } from './theme';

describe('themeColor', () => {
  it('reads a token from global.css', () => {
    expect(themeColor('ink-900')).toMatch(/^#[0-9a-f]{6}$/i);
    expect(themeColor('accent-50')).not.toBe(themeColor('danger-50'));
  });

  it('refuses a token the theme does not have, instead of an empty colour', () => {
    expect(() => themeColor('ink-901')).toThrow(/--color-ink-901/);
  });
});
