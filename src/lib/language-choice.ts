import type { Locale } from '~/i18n/locales';
import { supabase } from './supabase';

/**
 * Makes `locale` the member's language (issue 36): the page they signed in on, or the one they picked
 * in the sidebar's language menu. It is user metadata `locale`, which the database copies to
 * profiles.locale for mails and statements (GoTrue's mails read it directly). Best effort: when it
 * fails the member keeps the language they had, and signing in or the switch goes on. A module of its
 * own, loaded only then, so no page carries it on its first load.
 */
export async function rememberLanguage(locale: Locale): Promise<void> {
  const client = supabase();
  const { data } = await client.auth.getSession();
  if (!data.session || data.session.user.user_metadata['locale'] === locale) return;
  await client.auth.updateUser({ data: { locale } }).catch(() => undefined);
}
