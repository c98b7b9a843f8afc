/**
 * The monthly statement's words per language (docs/statements.md, "Languages"). Node only: the
 * statement job and its tests load them; no page or island does.
 */
import type { Locale } from '../locales';
import ar from './ar';
import en, { type StatementWords } from './en';
import zhHant from './zh-hant';

export type { StatementWords } from './en';

export const statementCatalogs: Readonly<Record<Locale, StatementWords>> = { en, 'zh-hant': zhHant, ar };

/** The statement's words in `locale`. */
export function statementWords(locale: Locale): StatementWords {
  return statementCatalogs[locale];
}
