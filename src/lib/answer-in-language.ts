import { errorText } from './db-errors';

/**
 * The page's sentence for an answer a lib gave in English (src/lib/mfa.ts's MFA_MESSAGES, …): on an
 * English page the answer as it is (or `fallback`); on another language's page the same answer in the
 * page's words, found by its key, and `fallback` for anything else (a server's own English never
 * reaches a Chinese or Arabic page). `fallback` is given in the page's language.
 */
export function answerIn<K extends string>(
  locale: string,
  english: Readonly<Record<K, string>>,
  words: Readonly<Record<K, string>>,
  error: unknown,
  fallback: string,
): string {
  const message = errorText(error, fallback);
  if (locale === 'en') return message;
  const key = (Object.keys(english) as K[]).find((k) => english[k] === message);
  return key ? words[key] : fallback;
}
