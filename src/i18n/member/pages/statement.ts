import type { Locale } from '../../locales';
import type { Widen } from '../../widen';

/**
 * /user/statement's own words (issue 36), in the three languages side by side. English defines the keys;
 * the page passes its language's set to its island as a prop (src/pages/[...locale]/user/statement.astro),
 * so the island's bundle carries none. Glossaries: docs/languages.md.
 */
const en = {
  /** The page's heading and title. */
  heading: 'Statement',
} as const;

export type StatementWords = Widen<typeof en>;

export const statementWords: Record<Locale, StatementWords> = {
  en,
  'zh-hant': {
    heading: '結單',
  },
  ar: {
    heading: 'كشف الحساب',
  },
};
