import { isToFill, type Fillable } from './disclosures';
import { chatIds, supportChatLink, type SupportLink } from './chat';
import { SUPPORT_EMAIL, SUPPORT_PHONE, mailto, telHref } from './site';
import type { SupportOptions } from './support-text';

/**
 * The support desk's channels as /user/support and /admin/support list them: the chat only when it is
 * configured, e-mail, and the phone (a placeholder until the firm gives it). The sentences elsewhere
 * that point to support come from support-text.ts, which names the same channels.
 */
export interface SupportChannel {
  /** "E-mail", "Phone", "Live chat". */
  kind: string;
  /** The address or number as shown, or a placeholder still to fill. */
  value: Fillable;
  /** Undefined when there is nothing to open (a placeholder). */
  link?: SupportLink | undefined;
  note: string;
}

/** The list on /user/support and /admin/support, in the order we would like to be reached. */
export function supportChannelList({
  chat = chatIds(),
  phone = SUPPORT_PHONE,
}: SupportOptions = {}): SupportChannel[] {
  const channels: SupportChannel[] = [];
  if (chat) {
    channels.push({
      kind: 'Live chat',
      value: 'Chat with the support desk',
      link: supportChatLink(chat),
      note: "Opens the chat provider's page in a new tab; it never runs inside the portal.",
    });
  }
  channels.push({
    kind: 'E-mail',
    value: SUPPORT_EMAIL,
    link: { href: mailto(SUPPORT_EMAIL, 'Support request'), external: false, label: SUPPORT_EMAIL },
    note: 'Write from the address you sign in with; never send your password or a code.',
  });
  channels.push({
    kind: 'Phone',
    value: phone,
    link: isToFill(phone) ? undefined : { href: telHref(phone), external: false, label: phone },
    note: 'We will never ask for your password or a one-time code on the phone.',
  });
  return channels;
}

export const SUPPORT_TEXT = {
  heading: 'Contact support',
  member: 'Questions about your account, a deposit or a withdrawal: reach the support desk here.',
  staff:
    'The ways members reach support, as they see them on /user/support. Use the same to reach the desk yourself.',
  noChat: 'There is no live chat at the moment.',
} as const;
