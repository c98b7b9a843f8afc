import type { Session } from '@supabase/supabase-js';

/**
 * The links GoTrue mails (sign-up confirmation, password recovery, e-mail change) land on our pages
 * with `?code=`: the PKCE flow (`flowType: 'pkce'` in ./supabase). Only the browser that asked for
 * the mail holds the code verifier, so a link someone else sends cannot sign anyone in here. The
 * client does not read the URL itself (`detectSessionInUrl: false`): this module does, so that
 *   - tokens in the fragment (`#access_token=…`, the implicit flow) are never applied: anyone can
 *     put their own session in such a link and have a member deposit into the attacker's account;
 *   - a signed-in person is asked before a link replaces their session (see LinkLanding).
 */
export type AuthLink =
  | { kind: 'none' }
  /** A PKCE code (with supabase-js's flow id when it added one to the redirect). */
  | { kind: 'code'; code: string; flowId: string | null }
  /** A session in the URL: refused, whatever it holds. */
  | { kind: 'tokens' }
  /** GoTrue's redirect for a used, expired or refused link. */
  | { kind: 'error'; description: string }
  /** The first of two e-mail change links ("Confirmation link accepted…"). */
  | { kind: 'halfway' };

export type LinkPurpose = 'signup' | 'recovery' | 'email-change';

export const LINK_MESSAGES = {
  tokensRefused:
    'This link tried to sign you in with a session written into the address. We never send such links, so nothing was changed.',
  codeFromOtherBrowser: {
    signup:
      'Your e-mail address is confirmed. For your safety this link only signs you in in the browser where you registered: please sign in here.',
    recovery:
      'This reset link works only in the browser where you asked for it. Open it there, or ask for a new link here.',
    'email-change':
      'The e-mail change is confirmed. For your safety this link only signs you in in the browser where you asked for it: please sign in here.',
  },
  codeRefused: 'This link is invalid, has expired or was already used.',
  linkFailed: 'We could not check this link just now. Please try again in a few minutes.',
  /** The question to someone signed in when a link arrives; {email} is who is signed in. */
  signedInAs: 'You are signed in as {email}',
  openedLink:
    'You opened a link from an e-mail. Using it may sign you in to the account it was sent for, which may not be yours. Only use it if you asked for it yourself in this browser.',
  staySignedInAs: 'Stay signed in as {email}',
  useLink: 'Use the link',
} as const;

/** The landing pages' words in one language (the catalogs' `authLanding`; English above). */
export type LinkWords = {
  [K in keyof typeof LINK_MESSAGES]: (typeof LINK_MESSAGES)[K] extends string
    ? string
    : { [P in keyof (typeof LINK_MESSAGES)[K]]: string };
};

/** Reads what a landing URL carries; the query wins for errors (PKCE puts them there). */
export function readAuthLink(href: string): AuthLink {
  const url = new URL(href);
  const query = url.searchParams;
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  const description =
    query.get('error_description') ??
    fragment.get('error_description') ??
    query.get('error') ??
    fragment.get('error');
  if (description) return { kind: 'error', description };
  if (fragment.has('access_token') || fragment.has('refresh_token') || query.has('access_token')) {
    return { kind: 'tokens' };
  }
  const code = query.get('code');
  if (code) return { kind: 'code', code, flowId: query.get('sb_flow_id') };
  if (query.has('message') || fragment.has('message')) return { kind: 'halfway' };
  return { kind: 'none' };
}

// email-change is our own marker on the e-mail change redirect (account-security.ts).
const LINK_PARAMS = [
  'code',
  'sb_flow_id',
  'error',
  'error_code',
  'error_description',
  'message',
  'email-change',
];

/** Removes the link's parameters and the whole fragment, so neither a reload nor a copied URL reuses them. */
export function clearAuthLinkFromUrl(): void {
  const url = new URL(window.location.href);
  for (const name of LINK_PARAMS) url.searchParams.delete(name);
  url.hash = '';
  window.history.replaceState(window.history.state, '', url.pathname + url.search);
}

export type CodeOutcome =
  | { status: 'signed-in'; session: Session }
  /** No code verifier here: the link was opened in another browser (or storage was cleared). */
  | { status: 'other-browser' }
  | { status: 'refused'; reason: 'network' | 'refused' };

/**
 * Trades a link's code for a session. The verifier supabase-js stored when this browser asked for the
 * mail must match; a code from another browser or another person's flow is refused by the server.
 */
export async function exchangeLinkCode(link: { code: string; flowId: string | null }): Promise<CodeOutcome> {
  // Loaded here, not at the top: the landing pages' first paint needs no client (and the session
  // store loads the same chunk), which keeps them within the auth form pages' JS budget.
  const { supabase } = await import('./supabase');
  const { data, error } = await supabase().auth.exchangeCodeForSession(
    link.code,
    link.flowId ? { flowId: link.flowId } : undefined,
  );
  if (error?.code === 'pkce_code_verifier_not_found') return { status: 'other-browser' };
  if (error) {
    const network = error.status === 0 || /fetch|network/i.test(error.message);
    return { status: 'refused', reason: network ? 'network' : 'refused' };
  }
  if (!data.session) return { status: 'refused', reason: 'refused' };
  return { status: 'signed-in', session: data.session };
}
