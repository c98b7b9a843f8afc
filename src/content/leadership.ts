/**
 * About Us, "Leadership": the people who run the firm. Same placeholder rule as
 * src/config/disclosures.ts: a `{ toFill }` value shows marked in development and fails a production
 * build (scripts/release-guard.mjs). Imports only types, so the guard can load it with Node alone.
 * A name is written once; the role and the biography in every language the site speaks (the firm
 * supplies each, as it does the English).
 */
import type { Fillable } from '~/config/disclosures';
import type { Locale } from '~/i18n/locales';

export interface Leader {
  /** Stable key for lists and tests. */
  slug: string;
  name: Fillable;
  role: Record<Locale, Fillable>;
  bio: Record<Locale, Fillable>;
}

export const leadership: readonly Leader[] = [
  {
    slug: 'chief-executive',
    name: { toFill: 'Full name of the chief executive' },
    role: { en: 'Chief Executive Officer', 'zh-hant': '行政總裁', ar: 'الرئيس التنفيذي' },
    bio: {
      en: { toFill: 'Two sentences: prior roles and years in markets' },
      'zh-hant': { toFill: 'Two sentences: prior roles and years in markets, in Traditional Chinese' },
      ar: { toFill: 'Two sentences: prior roles and years in markets, in Arabic' },
    },
  },
  {
    slug: 'chief-risk-officer',
    name: { toFill: 'Full name of the head of risk' },
    role: { en: 'Chief Risk Officer', 'zh-hant': '首席風險官', ar: 'رئيس إدارة المخاطر' },
    bio: {
      en: { toFill: 'Two sentences: prior roles and risk experience' },
      'zh-hant': { toFill: 'Two sentences: prior roles and risk experience, in Traditional Chinese' },
      ar: { toFill: 'Two sentences: prior roles and risk experience, in Arabic' },
    },
  },
  {
    slug: 'head-of-custody',
    name: { toFill: 'Full name of the head of custody and operations' },
    role: {
      en: 'Head of Custody and Operations',
      'zh-hant': '託管及營運主管',
      ar: 'رئيس الحفظ والعمليات',
    },
    bio: {
      en: { toFill: 'Two sentences: prior roles and custody experience' },
      'zh-hant': { toFill: 'Two sentences: prior roles and custody experience, in Traditional Chinese' },
      ar: { toFill: 'Two sentences: prior roles and custody experience, in Arabic' },
    },
  },
];
