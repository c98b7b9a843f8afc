import { isToFill, type Fillable } from './disclosures';
import { chatIds, type ChatIds } from './chat-ids';
import { SUPPORT_PHONE } from './site';
import type { Locale } from '~/i18n/locales';

/**
 * Every sentence that tells someone to contact support names the channels this build really has:
 * e-mail always, the phone once the firm has given it (src/config/site.ts), the chat only when it is
 * configured (src/config/chat.ts). Kept apart from support.ts (the support page's list) because every
 * member page's shell reads it in its first load (tests/budgets.json).
 */
export interface SupportOptions {
  chat?: ChatIds | undefined;
  phone?: Fillable;
}

/** The support channels this build has, in the order a sentence names them. */
export type SupportChannelKind = 'chat' | 'email' | 'phone';

export function supportChannelKinds({
  chat = chatIds(),
  phone = SUPPORT_PHONE,
}: SupportOptions = {}): SupportChannelKind[] {
  return [...(chat ? (['chat'] as const) : []), 'email', ...(isToFill(phone) ? [] : (['phone'] as const))];
}

/**
 * The channels as a language lists alternatives, given their names in it:
 * "live chat, e-mail or phone", "即時通訊、電郵或電話", "الدردشة المباشرة أو البريد الإلكتروني أو الهاتف".
 */
export function supportChannelsIn(
  locale: Locale,
  names: Readonly<Record<SupportChannelKind, string>>,
  options?: SupportOptions,
): string {
  return alternatives(
    locale,
    supportChannelKinds(options).map((kind) => names[kind]),
  );
}

/**
 * Alternatives as the site's languages list them ("A, B or C", "A、B或C", "A أو B أو C"), as
 * Intl.ListFormat's disjunction writes them for each language's tag (support.test.ts holds them
 * equal), without starting ICU on the page (30-46 ms of a fresh page's main thread).
 */
export function alternatives(locale: Locale, items: readonly string[]): string {
  const last = items.at(-1) ?? '';
  const rest = items.slice(0, -1);
  if (rest.length === 0) return last;
  if (locale === 'zh-hant') return `${rest.join('、')}或${last}`;
  if (locale === 'ar') return [...rest, last].join(' أو ');
  return `${rest.join(', ')} or ${last}`;
}

const ENGLISH_NAMES = { chat: 'live chat', email: 'e-mail', phone: 'phone' } as const;

/** "by live chat, e-mail or phone", "by e-mail or phone", "by e-mail". */
export function supportChannels(options?: SupportOptions): string {
  return `by ${supportChannelsIn('en', ENGLISH_NAMES, options)}`;
}

/** The deposit dialog's pointer to support. */
export function depositSupportText(options?: SupportOptions): string {
  return `Please contact support ${supportChannels(options)} for assistance.`;
}

/** The Withdraw dialog's and the withdrawal page's pointer to support. */
export function withdrawSupportText(options?: SupportOptions): string {
  return `Please request withdrawals via the dashboard or contact support ${supportChannels(options)} for assistance.`;
}
