import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startLocalSupabase, type LocalSupabase } from '../../../../supabase/local/server';
import { latestMail } from './mail';
import { signedInUser, uniqueEmail } from '../harness';

// Issue 20: every mailed link type works end to end with the PKCE flow the site uses (flow id in
// the redirect, as src/lib/supabase.ts asks): the link confirms, then comes back with ?code= that
// only the client holding the verifier can exchange. Another client, or one with another verifier,
// is refused.
const SITE = 'http://127.0.0.1:4321';
let server: LocalSupabase;

beforeAll(async () => {
  server = await startLocalSupabase({ port: 0, memory: true, quiet: true });
});

afterAll(async () => {
  await server?.stop();
});

/** A browser's client: PKCE, its own storage, flow ids on redirects. */
function browser(): SupabaseClient {
  const store = new Map<string, string>();
  return createClient(server.url, server.anonKey, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      experimental: { appendPkceFlowIdToRedirects: true },
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
    },
  });
}

/** Opens a mailed link as a browser would and returns where GoTrue sends it. */
async function open(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

async function expectOnlyAskerCanExchange(asker: SupabaseClient, landing: URL, email: string) {
  const code = landing.searchParams.get('code') ?? '';
  const flowId = landing.searchParams.get('sb_flow_id') ?? '';
  expect(code).not.toBe('');
  expect(flowId).not.toBe('');
  expect(landing.hash).toBe('');
  // Another browser has no verifier: refused before any request.
  const elsewhere = await browser().auth.exchangeCodeForSession(code, { flowId });
  expect(elsewhere.error?.code).toBe('pkce_code_verifier_not_found');
  // A browser with a verifier of its own flow: the server refuses the mismatch.
  const other = browser();
  await other.auth.resetPasswordForEmail(uniqueEmail('decoy'), { redirectTo: `${SITE}/reset-password` });
  const mismatched = await other.auth.exchangeCodeForSession(code);
  expect(mismatched.error).not.toBeNull();
  // The asking browser gets the session, once.
  const { data, error } = await asker.auth.exchangeCodeForSession(code, { flowId });
  expect(error).toBeNull();
  expect(data.session?.user.email).toBe(email);
  expect((await browser().auth.exchangeCodeForSession(code)).error).not.toBeNull();
}

describe('mailed links with PKCE on the local server', () => {
  it('sign-up confirmation', async () => {
    const asker = browser();
    const email = uniqueEmail('pkce-signup');
    const signedUp = await asker.auth.signUp({
      email,
      password: 'pkce-signup-pass-1',
      options: { emailRedirectTo: `${SITE}/auth/confirm` },
    });
    expect(signedUp.error).toBeNull();
    expect(signedUp.data.session).toBeNull();
    const mail = await latestMail(server, email);
    expect(mail.link).toContain('token=pkce_');
    const landing = await open(mail.link);
    expect(landing.pathname).toBe('/auth/confirm');
    await expectOnlyAskerCanExchange(asker, landing, email);
  });

  it('magic link', async () => {
    const user = await signedInUser(server, 'pkce-magic');
    const asker = browser();
    const sent = await asker.auth.signInWithOtp({
      email: user.email,
      options: { shouldCreateUser: false, emailRedirectTo: `${SITE}/auth/confirm` },
    });
    expect(sent.error).toBeNull();
    const mail = await latestMail(server, user.email);
    expect(mail.type).toBe('magiclink');
    await expectOnlyAskerCanExchange(asker, await open(mail.link), user.email);
  });

  it('password recovery', async () => {
    const user = await signedInUser(server, 'pkce-recovery');
    const asker = browser();
    expect(
      (await asker.auth.resetPasswordForEmail(user.email, { redirectTo: `${SITE}/reset-password` })).error,
    ).toBeNull();
    const landing = await open((await latestMail(server, user.email)).link);
    expect(landing.pathname).toBe('/reset-password');
    await expectOnlyAskerCanExchange(asker, landing, user.email);
  });

  it('e-mail change: the first link reports halfway, the second comes back with a code', async () => {
    const user = await signedInUser(server, 'pkce-change');
    const asker = browser();
    expect(
      (await asker.auth.signInWithPassword({ email: user.email, password: user.password })).error,
    ).toBeNull();
    const next = uniqueEmail('pkce-changed');
    const changed = await asker.auth.updateUser(
      { email: next },
      { emailRedirectTo: `${SITE}/user/security?email-change=1` },
    );
    expect(changed.error).toBeNull();
    const first = await open((await latestMail(server, user.email)).link);
    expect(first.searchParams.get('message')).toMatch(/^Confirmation link accepted/);
    expect(first.searchParams.get('code')).toBeNull();
    const second = await open((await latestMail(server, next)).link);
    expect(second.searchParams.get('email-change')).toBe('1');
    await expectOnlyAskerCanExchange(asker, second, next);
  });
});
