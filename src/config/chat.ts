import { SUPPORT_EMAIL, mailto } from './site';
import { chatIds, type ChatIds } from './chat-ids';

/**
 * Live chat (tawk.to style). Configured by PUBLIC_CHAT_PROPERTY_ID and PUBLIC_CHAT_WIDGET_ID at build
 * time. When either is missing nothing is loaded and "contact support" falls back to e-mail.
 * The embed script runs only on marketing and legal pages: pages that hold a session (sign-in,
 * sign-up, member, admin) must not run third-party code that could read it (security research D9).
 */
export { chatIds, type ChatIds } from './chat-ids';

/** The embed script URL for marketing pages, or undefined when chat is not configured. */
export function chatEmbedUrl(ids: ChatIds | undefined = chatIds()): string | undefined {
  return ids ? `https://embed.tawk.to/${ids.propertyId}/${ids.widgetId}` : undefined;
}

/* The chat button's words are in the language catalogs (src/i18n/catalogs/, `chat`). */

export interface SupportLink {
  href: string;
  /** True when the link opens the provider's page: render with target="_blank" rel="noopener noreferrer". */
  external: boolean;
  label: string;
}

/** "Contact support" for pages that must not embed the widget: the standalone chat page, else e-mail. */
export function supportChatLink(ids: ChatIds | undefined = chatIds()): SupportLink {
  if (ids) {
    return {
      href: `https://tawk.to/chat/${ids.propertyId}/${ids.widgetId}`,
      external: true,
      label: 'Open support chat',
    };
  }
  return { href: mailto(SUPPORT_EMAIL, 'Support request'), external: false, label: 'E-mail support' };
}
