/**
 * Each public page's copy in every language the site speaks. English (src/content/en/) defines the
 * shape; a translation must have the same fields (the compiler checks) and the same slugs, icons,
 * links and figures (tests/unit/content-languages.test.ts), so only the words differ.
 */
import type { Locale } from '~/i18n/locales';
import homeEn, { type HomeContent } from './en/home';
import homeZh from './zh-hant/home';
import homeAr from './ar/home';
import aboutEn, { type AboutContent } from './en/about';
import aboutZh from './zh-hant/about';
import aboutAr from './ar/about';
import loanEn, { type LoanContent } from './en/loan';
import loanZh from './zh-hant/loan';
import loanAr from './ar/loan';
import assetEn, { type AssetManagementContent } from './en/asset-management';
import assetZh from './zh-hant/asset-management';
import assetAr from './ar/asset-management';

export type { HomeContent, AboutContent, LoanContent, AssetManagementContent };

export const homeContent: Record<Locale, HomeContent> = { en: homeEn, 'zh-hant': homeZh, ar: homeAr };
export const aboutContent: Record<Locale, AboutContent> = { en: aboutEn, 'zh-hant': aboutZh, ar: aboutAr };
export const loanContent: Record<Locale, LoanContent> = { en: loanEn, 'zh-hant': loanZh, ar: loanAr };
export const assetManagementContent: Record<Locale, AssetManagementContent> = {
  en: assetEn,
  'zh-hant': assetZh,
  ar: assetAr,
};
