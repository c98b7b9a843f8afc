import { SUPPORT_EMAIL, mailto } from './site';

/**
 * Live chat (tawk.to style). Configured by PUBLIC_CHAT_PROPERTY_ID and PUBLIC_CHAT_WIDGET_ID at build
 * time. When either is missing nothing is loaded and "contact support" falls back to e-mail.
 * The embed script runs only on marketing and legal pages: pages that hold a session (sign-in,
 * sign-up, member, admin) must not run third-party code that could read it (security research D9).
 */
export interface ChatIds {
  propertyId: string;
  widgetId: string;
}

// Ids are path segments of a third-party URL: accept only what tawk.to issues (letters, digits, _-).
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function chatIds(
  env: {
    PUBLIC_CHAT_PROPERTY_ID?: string | undefined;
    PUBLIC_CHAT_WIDGET_ID?: string | undefined;
  } = import.meta.env,
): ChatIds | undefined {
  const propertyId = env.PUBLIC_CHAT_PROPERTY_ID?.trim() ?? '';
  const widgetId = env.PUBLIC_CHAT_WIDGET_ID?.trim() ?? '';
  if (!ID_PATTERN.test(propertyId) || !ID_PATTERN.test(widgetId)) return undefined;
  return { propertyId, widgetId };
}

/** The embed script URL for marketing pages, or undefined when chat is not configured. */
export function chatEmbedUrl(ids: ChatIds | undefined = chatIds()): string | undefined {
  return ids ? `https://embed.tawk.to/${ids.propertyId}/${ids.widgetId}` : undefined;
}

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
