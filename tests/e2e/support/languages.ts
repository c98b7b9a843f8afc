import type { Locator } from '@playwright/test';

/**
 * Names that stay in Latin script in every language (docs/languages.md): the firm's name, tickers,
 * and the marks a development build puts where the firm has not given a value yet ("To fill: …").
 */
const KEPT_IN_LATIN = [/Liquid Capital Limited/g, /To fill:[^\n]*/g];

/**
 * English left on a page in another language: runs of three or more Latin words (an untranslated
 * sentence or label), after the names that stay Latin are taken out. Addresses, e-mails, amounts and
 * references have no spaces between words, so they never match; nor does a key or code written in
 * capitals in groups ("CIZR MRSZ UNWP"), which no sentence is.
 */
export async function englishLeftIn(area: Locator): Promise<string[]> {
  let text = await area.innerText();
  for (const kept of KEPT_IN_LATIN) text = text.replace(kept, ' ');
  return [...text.matchAll(/\b[A-Za-z]{2,}(?:[ ,'’-]+[A-Za-z]{2,}){2,}\b/g)]
    .map((m) => m[0])
    .filter((run) => /[a-z]/.test(run));
}
