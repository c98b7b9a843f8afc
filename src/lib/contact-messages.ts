/**
 * The contact form's result texts, apart from src/lib/contact.ts so that the form can show them
 * without loading supabase-js before someone actually sends a message.
 */
export const CONTACT_MESSAGES = {
  sent: 'Message sent',
  failed: 'Error: message not sent',
} as const;
