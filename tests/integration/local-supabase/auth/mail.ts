import type { LocalSupabase } from '../../../../supabase/local/server';
import type { Mail } from '../../../../supabase/local/mail/outbox';

/** The local outbox, read the way node-side tools must: with the secret key. */
export function outbox(server: LocalSupabase, query = ''): Promise<Response> {
  return fetch(`${server.url}/__local/outbox${query}`, { headers: { apikey: server.secretKey } });
}

/** Every mail to `to`, newest first. */
export async function mailsTo(server: LocalSupabase, to: string): Promise<Mail[]> {
  const res = await outbox(server, `?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`outbox answered ${res.status}`);
  return (await res.json()) as Mail[];
}

/** The newest mail to `to`; fails the test when there is none. */
export async function latestMail(server: LocalSupabase, to: string): Promise<Mail> {
  const [mail] = await mailsTo(server, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The fragment (or, for PKCE and errors, query) parameters of a /verify redirect. */
export async function followLink(link: string): Promise<{ location: string; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' });
  if (res.status !== 303) throw new Error(`verify answered ${res.status}: ${await res.text()}`);
  const location = res.headers.get('location') ?? '';
  return { location, fragment: new URLSearchParams(location.split('#')[1] ?? '') };
}
