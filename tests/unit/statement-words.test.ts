/**
 * The monthly statement's words (src/i18n/statement): every language has English's keys and
 * placeholders, no English left behind, its own script, the glossary's terms as the site uses them,
 * and the English words are what the statement job records (docs/statements.md, "Languages").
 */
import { describe, expect, it } from 'vitest';
import arSite from '~/content/ar/asset-management';
import zhSite from '~/content/zh-hant/asset-management';
import { locales, type Locale } from '~/i18n/locales';
import { statementCatalogs, statementWords } from '~/i18n/statement';
import en from '~/i18n/statement/en';
import { VALUATION, firmDetails } from '../../scripts/statements/job';

/** Every string of a catalog by its dotted key. */
function leaves(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value))
      for (const [p, v] of leaves(child, path ? `${path}.${key}` : key)) out.set(p, v);
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Latin words a translation keeps: the firm's names, the file type, the zone and the currency. */
const KEPT_LATIN = /Liquid Capital|PDF|UTC|US\$/g;

const SCRIPT: Record<Exclude<Locale, 'en'>, RegExp> = {
  'zh-hant': /\p{Script=Han}/u,
  ar: /\p{Script=Arabic}/u,
};

const english = leaves(en);
const translated = locales.filter((l): l is Exclude<Locale, 'en'> => l !== 'en');

describe('statement words', () => {
  it('has a catalog per language, English as the default', () => {
    expect(Object.keys(statementCatalogs).sort()).toEqual([...locales].sort());
    expect(statementWords('en')).toBe(en);
  });

  it.each(translated)('%s has exactly English’s keys and placeholders', (locale) => {
    const words = leaves(statementWords(locale));
    expect([...words.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english)
      expect(placeholders(words.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it.each(translated)('%s: every text is in its script, none left in English, none empty', (locale) => {
    for (const [key, text] of leaves(statementWords(locale))) {
      expect(text.trim(), key).not.toBe('');
      const bare = text.replace(/\{\w+\}/g, '').replace(KEPT_LATIN, '');
      expect(bare, key).toMatch(SCRIPT[locale]);
      expect(bare, `${key}: Latin letters left`).not.toMatch(/\p{Script=Latin}/u);
    }
  });

  it('Arabic is written with Latin digits, and each translation says the English version prevails', () => {
    for (const [key, text] of leaves(statementWords('ar')))
      expect(text, key).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    expect(en.englishPrevails).toBe('');
    expect(statementWords('zh-hant').englishPrevails).toContain('概以英文版本為準');
    expect(statementWords('ar').englishPrevails).toContain('يسود النص الإنجليزي');
  });

  it('uses the glossary’s names as the site does: wallets and plans', () => {
    const zh = statementWords('zh-hant');
    const ar = statementWords('ar');
    expect(zh.accounts.deposit_wallet).toBe('存入錢包');
    expect(zh.accounts.interest_wallet).toBe('利息錢包');
    expect(ar.accounts.deposit_wallet).toBe('محفظة الإيداع');
    expect(ar.accounts.interest_wallet).toBe('محفظة الفوائد');
    // The site's asset-management pages name the Interest Wallet the same way.
    expect(JSON.stringify(zhSite)).toContain(zh.accounts.interest_wallet);
    expect(JSON.stringify(arSite)).toContain(ar.accounts.interest_wallet);
    // Plans: the site's card names; in Arabic the card holds the adjective, a sentence «الخطة …».
    const slugs = ['silver', 'gold', 'diamond', 'platinum'] as const;
    expect(slugs.map((slug) => zh.plans[slug])).toEqual(zhSite.plans.map((p) => p.name));
    expect(slugs.map((slug) => ar.plans[slug])).toEqual(arSite.plans.map((p) => `الخطة ${p.name}`));
  });

  it('the job records the English words: a translated statement prints them in its language', () => {
    const firm = firmDetails();
    expect(firm.complaints_text).toBe(en.firm.complaintsText.replace('{email}', firm.complaints_email));
    expect(VALUATION).toEqual({ source: en.firm.valuationSource, text: en.firm.valuationText });
  });
});
