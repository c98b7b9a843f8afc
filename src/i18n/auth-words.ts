/**
 * The sign-in, sign-up and reset-request forms' words in one language, ready for the island: the
 * page (built once per language) passes them as a prop, with the shortest password length filled in,
 * so the island carries no catalog and its messages match src/lib/auth-rules.ts's checks.
 */
import { PASSWORD_MIN_LENGTH } from '~/lib/auth-rules';
import { localHref, routes } from '~/config/navigation';
import { memberHref } from '~/config/member-routes';
import type { Catalog } from './catalogs/en';
import { fill } from './fill';
import type { Locale } from './locales';
import { catalog } from './text';

/** The words, and the links between the forms and to the legal texts, in the page's language. */
export type AuthFormWords = Catalog['authForm'] & {
  links: {
    signIn: string;
    register: string;
    forgotPassword: string;
    privacy: string;
    terms: string;
    /** Where a member goes after signing in, unless a page asked: the dashboard in this language. */
    dashboard: string;
  };
};

export function authWords(locale: Locale): AuthFormWords {
  const words = catalog(locale).authForm;
  const min = { min: PASSWORD_MIN_LENGTH };
  return {
    ...words,
    passwordHint: fill(words.passwordHint, min),
    messages: { ...words.messages, weakPassword: fill(words.messages.weakPassword, min) },
    links: {
      signIn: localHref(locale, routes.login),
      register: localHref(locale, routes.register),
      forgotPassword: localHref(locale, routes.forgotPassword),
      privacy: localHref(locale, routes.privacy),
      terms: localHref(locale, routes.terms),
      dashboard: memberHref(locale, '/user-dashboard'),
    },
  };
}
