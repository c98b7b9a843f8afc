/**
 * /user/security's words in one language, ready for the island (issue 36): the page's own
 * (src/i18n/member/pages/security.ts) with what it shares with the sign-in and reset forms, taken
 * from their catalog section so each sentence is written once: the new-password fields, the password
 * and e-mail checks, the authenticator code's answers, and the question a mailed link asks.
 */
import type { NewPasswordWords } from '~/components/islands/forms/NewPasswordFields';
import type { LinkWords } from '~/lib/auth-link';
import { authWords } from './auth-words';
import type { Locale } from './locales';
import type { SecurityWords } from './member/pages/security';
import { catalog } from './text';

export type SecurityPageWords = Omit<SecurityWords, 'messages'> & {
  /** Every message of src/lib/security-rules.ts's SECURITY_MESSAGES, by its key. */
  messages: SecurityWords['messages'] &
    Record<
      | 'weakPassword'
      | 'samePassword'
      | 'passwordMismatch'
      | 'invalidEmail'
      | 'mailRateLimited'
      | 'mailFailed',
      string
    >;
  newPassword: NewPasswordWords;
  /** The authenticator code's field and every answer of src/lib/mfa.ts's MFA_MESSAGES, by its key. */
  codeLabel: string;
  mfa: Record<
    | 'wrongCode'
    | 'codeFormat'
    | 'tooManyTries'
    | 'failed'
    | 'enrolFailed'
    | 'listFailed'
    | 'removeNeedsCode'
    | 'removeFailed',
    string
  >;
  link: LinkWords;
};

export function securityPageWords(locale: Locale): SecurityPageWords {
  const words = catalog(locale);
  const own = words.memberPages.security;
  const auth = authWords(locale);
  const { messages } = auth;
  return {
    ...own,
    messages: {
      ...own.messages,
      weakPassword: messages.weakPassword,
      samePassword: messages.samePassword,
      passwordMismatch: messages.passwordMismatch,
      invalidEmail: messages.invalidEmail,
      mailRateLimited: messages.mailRateLimited,
      mailFailed: messages.resendFailed,
    },
    newPassword: {
      newPassword: auth.newPassword,
      confirmNewPassword: auth.confirmNewPassword,
      passwordHint: auth.passwordHint,
      show: auth.show,
      hide: auth.hide,
      passwordWord: auth.passwordWord,
    },
    codeLabel: auth.secondFactor.codeLabel,
    mfa: { ...auth.secondFactor.messages, ...own.authenticators.messages },
    link: words.authLanding,
  };
}
