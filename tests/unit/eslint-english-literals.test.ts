/**
 * The lint rule that keeps English out of translated components (eslint-rules/no-english-literals.js,
 * issue 36): what a person would read is reported, identifiers and names kept in Latin are not.
 */
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin, { hasEnglish } from '../../eslint-rules/no-english-literals.js';

const linter = new Linter({ configType: 'flat' });
const config = {
  languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
  plugins: { local: plugin },
  rules: { 'local/no-english-literals': 'error' as const },
};
const reported = (code: string) => linter.verify(code, config).map((m) => m.message);

describe('no English literals in translated components', () => {
  it('reports text, string children, visible attributes and toasts', () => {
    expect(reported('const a = <p>Loading your account</p>;')).toHaveLength(1);
    expect(reported(`const a = <button>{"I've made the deposit"}</button>;`)).toHaveLength(1);
    expect(reported('const a = <button>{`Copy link`}</button>;')).toHaveLength(1);
    expect(reported('const a = <a aria-label="Mark as read">x</a>;')).toHaveLength(1);
    expect(reported('const a = <input placeholder="Amount" />;')).toHaveLength(1);
    expect(reported("const a = <Field label={'Your name'} />;")).toHaveLength(1);
    expect(reported("toast.success('Link copied');")).toHaveLength(1);
    expect(reported("toast('Saved');")).toHaveLength(1);
  });

  it('passes words from props, figures, punctuation, identifiers and names kept in Latin', () => {
    expect(reported('const a = <p>{words.loading}</p>;')).toEqual([]);
    expect(
      reported('const a = <p className="text-sm text-muted" data-testid="balance-card">{\' \'}—{n}%</p>;'),
    ).toEqual([]);
    expect(reported('const a = <a href="/user/deposit" id="deposit-link">{words.deposit}</a>;')).toEqual([]);
    expect(reported('const a = <span>Liquid Capital</span>;')).toEqual([]);
    expect(reported('const a = <span>BTC · USDT</span>;')).toEqual([]);
    expect(reported('toast.success(words.copied);')).toEqual([]);
    expect(reported("const text = 'an English sentence kept for tests';")).toEqual([]);
  });

  it('reads one Latin letter as no word, two as a word', () => {
    expect(hasEnglish('x')).toBe(false);
    expect(hasEnglish('US$ 1,234.50')).toBe(false);
    expect(hasEnglish('Go')).toBe(true);
    expect(hasEnglish('Liquid Capital Limited')).toBe(false);
    expect(hasEnglish('Liquid Capital Loans')).toBe(true);
  });
});
