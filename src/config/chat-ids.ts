/**
 * Whether this build has a live chat (PUBLIC_CHAT_PROPERTY_ID and PUBLIC_CHAT_WIDGET_ID), apart from
 * the rest of chat.ts: every member page's shell asks it to word its pointer to support
 * (support-text.ts) and carries nothing else of the chat in its first load.
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
  } = {
    // Named one by one so Vite writes in the two values, not the whole env object.
    PUBLIC_CHAT_PROPERTY_ID: import.meta.env.PUBLIC_CHAT_PROPERTY_ID,
    PUBLIC_CHAT_WIDGET_ID: import.meta.env.PUBLIC_CHAT_WIDGET_ID,
  },
): ChatIds | undefined {
  const propertyId = env.PUBLIC_CHAT_PROPERTY_ID?.trim() ?? '';
  const widgetId = env.PUBLIC_CHAT_WIDGET_ID?.trim() ?? '';
  if (!ID_PATTERN.test(propertyId) || !ID_PATTERN.test(widgetId)) return undefined;
  return { propertyId, widgetId };
}
