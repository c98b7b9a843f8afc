import { isToFill, type Fillable } from './disclosures';
import { chatIds, type ChatIds } from './chat-ids';
import { SUPPORT_PHONE } from './site';

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

/** "by live chat, e-mail or phone", "by e-mail or phone", "by e-mail". */
export function supportChannels({ chat = chatIds(), phone = SUPPORT_PHONE }: SupportOptions = {}): string {
  const names = [...(chat ? ['live chat'] : []), 'e-mail', ...(isToFill(phone) ? [] : ['phone'])];
  const last = names.pop() ?? 'e-mail';
  return `by ${names.length > 0 ? `${names.join(', ')} or ${last}` : last}`;
}

/** The deposit dialog's pointer to support. */
export function depositSupportText(options?: SupportOptions): string {
  return `Please contact support ${supportChannels(options)} for assistance.`;
}

/** The Withdraw dialog's and the withdrawal page's pointer to support. */
export function withdrawSupportText(options?: SupportOptions): string {
  return `Please request withdrawals via the dashboard or contact support ${supportChannels(options)} for assistance.`;
}
