import { isToFill, type Fillable } from './disclosures';
import { chatIds, supportChatLink, type SupportLink } from './chat';
import { SUPPORT_EMAIL, SUPPORT_PHONE, mailto, telHref } from './site';
import type { SupportChannelKind, SupportOptions } from './support-text';

/**
 * The support desk's channels as /user/support and /admin/support list them: the chat only when it is
 * configured, e-mail, and the phone (a placeholder until the firm gives it). The sentences elsewhere
 * that point to support come from support-text.ts, which names the same channels.
 */
export interface SupportChannel {
  /** Which channel: its name, note and (for the chat) link text are the page's words. */
  kind: SupportChannelKind;
  /** The address or number as shown, or a placeholder still to fill; none for the chat. */
  value?: Fillable;
  /** Undefined when there is nothing to open (a placeholder). */
  link?: SupportLink | undefined;
}

/** The list on /user/support and /admin/support, in the order we would like to be reached. */
export function supportChannelList({
  chat = chatIds(),
  phone = SUPPORT_PHONE,
}: SupportOptions = {}): SupportChannel[] {
  const channels: SupportChannel[] = [];
  if (chat) {
    channels.push({
      kind: 'chat',
      link: supportChatLink(chat),
    });
  }
  channels.push({
    kind: 'email',
    value: SUPPORT_EMAIL,
    link: { href: mailto(SUPPORT_EMAIL, 'Support request'), external: false, label: SUPPORT_EMAIL },
  });
  channels.push({
    kind: 'phone',
    value: phone,
    link: isToFill(phone) ? undefined : { href: telHref(phone), external: false, label: phone },
  });
  return channels;
}

/** /admin/support's lead above the list (the list's words are /user/support's, in English). */
export const STAFF_SUPPORT_LEAD =
  'The ways members reach support, as they see them on /user/support. Use the same to reach the desk yourself.';
