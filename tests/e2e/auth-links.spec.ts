import { expect, test, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY, siteUrl, supabaseUrl } from './support/env';
import {
  createMember,
  latestMail,
  signedInClient,
  signInThroughUi,
  storedSessionKeys,
  uniqueEmail,
  type TestUser,
} from './support/users';

/**
 * Issue 20, session swap through a link (login CSRF): a mailed link must never put someone else's
 * session in a member's browser. Links come back with a PKCE code that only the browser which asked
 * can exchange; tokens in the URL are refused; a signed-in person is asked before a link is used.
 */

const TOKENS_REFUSED =
  'This link tried to sign you in with a session written into the address. We never send such links, so nothing was changed.';

/** Another browser: a PKCE client in this test process, with its own verifier storage. */
function elsewhere(): SupabaseClient {
  const store = new Map<string, string>();
  return createClient(supabaseUrl, ANON_KEY, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
    },
  });
}

/** Who the browser's stored session belongs to (null when none). */
async function storedUserEmail(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
    const raw = key ? localStorage.getItem(key) : null;
    return raw ? ((JSON.parse(raw) as { user?: { email?: string } }).user?.email ?? null) : null;
  });
}

/** A link shaped like GoTrue's implicit-flow redirect, carrying `user`'s live session. */
async function tokenLink(path: string, user: TestUser): Promise<string> {
  const { data } = await (await signedInClient(user)).auth.getSession();
  const s = data.session!;
  const fragment = new URLSearchParams({
    access_token: s.access_token,
    refresh_token: s.refresh_token,
    expires_in: String(s.expires_in),
    expires_at: String(s.expires_at),
    token_type: 'bearer',
    type: 'signup',
  });
  return `${path}#${fragment.toString()}`;
}

test('a link with another account’s tokens leaves the signed-in member on their own account', async ({
  page,
}) => {
  const victim = await createMember({ username: 'Vera Victim' });
  const attacker = await createMember({ username: 'Mallory Attacker' });
  await signInThroughUi(page, victim);

  for (const path of ['/auth/confirm', '/reset-password', '/user/security?email-change=1']) {
    await page.goto(await tokenLink(path, attacker));
    await expect(page.getByText(TOKENS_REFUSED).first()).toBeVisible();
    // The tokens are gone from the address bar and were never stored.
    expect(page.url()).not.toContain('access_token');
    expect(await storedUserEmail(page)).toBe(victim.email);
  }
  await page.goto('/user-dashboard');
  await expect(page.getByText('Hello, Vera Victim')).toBeVisible();
  await expect(page.getByText('Mallory Attacker')).toHaveCount(0);
  expect(await storedUserEmail(page)).toBe(victim.email);
});

test('a link with tokens signs nobody in when nobody is signed in', async ({ page }) => {
  const attacker = await createMember({ username: 'Mallory Attacker' });
  await page.goto(await tokenLink('/auth/confirm', attacker));
  await expect(page.getByText(TOKENS_REFUSED)).toBeVisible();
  expect(await storedSessionKeys(page)).toEqual([]);
  await page.goto('/user-dashboard');
  await page.waitForURL('**/login**');
});

test('a signed-in member opening a link is asked first; staying keeps the session, a foreign code is refused', async ({
  page,
}) => {
  const victim = await createMember({ username: 'Vera Victim' });
  const attacker = await createMember({ username: 'Mallory Attacker' });
  await signInThroughUi(page, victim);

  // The attacker asks for a reset of their own account elsewhere and sends the victim the link.
  const before = new Date().toISOString();
  const other = elsewhere();
  expect(
    (await other.auth.resetPasswordForEmail(attacker.email, { redirectTo: `${siteUrl}/reset-password` }))
      .error,
  ).toBeNull();
  const recovery = await latestMail(attacker.email, before);
  await page.goto(recovery.link);
  await page.waitForURL('**/reset-password**');
  const question = page.getByRole('alertdialog', { name: `You are signed in as ${victim.email}` });
  await expect(question).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await question.getByRole('button', { name: `Stay signed in as ${victim.email}` }).click();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByText('Hello, Vera Victim')).toBeVisible();
  expect(await storedUserEmail(page)).toBe(victim.email);

  // A registration made elsewhere: using its link here fails clearly and changes nothing.
  const stranger = uniqueEmail('stranger');
  expect(
    (
      await other.auth.signUp({
        email: stranger,
        password: 'stranger-password-1',
        options: { emailRedirectTo: `${siteUrl}/auth/confirm` },
      })
    ).error,
  ).toBeNull();
  const signup = await latestMail(stranger);
  await page.goto(signup.link);
  await page.waitForURL('**/auth/confirm**');
  await page
    .getByRole('alertdialog', { name: `You are signed in as ${victim.email}` })
    .getByRole('button', { name: 'Use the link' })
    .click();
  await expect(page.getByRole('alert')).toContainText(
    'Your e-mail address is confirmed. For your safety this link only signs you in in the browser where you registered',
  );
  expect(await storedUserEmail(page)).toBe(victim.email);
  await page.goto('/user-dashboard');
  await expect(page.getByText('Hello, Vera Victim')).toBeVisible();
});

test('links opened in another browser: the address is confirmed and sign-in is asked; a reset link says where it works', async ({
  page,
}) => {
  const other = elsewhere();
  const email = uniqueEmail('twobrowsers');
  const password = 'two-browsers-pass-1';
  expect(
    (
      await other.auth.signUp({
        email,
        password,
        options: { data: { username: 'Tess Two' }, emailRedirectTo: `${siteUrl}/auth/confirm` },
      })
    ).error,
  ).toBeNull();
  const signup = await latestMail(email);
  expect(signup.link).toContain('token=pkce_');
  await page.goto(signup.link);
  await expect(page.getByRole('alert')).toContainText('Your e-mail address is confirmed.');
  expect(await storedSessionKeys(page)).toEqual([]);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await signInThroughUi(page, { email, password });
  await expect(page.getByText('Hello, Tess Two')).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL('**/login');

  const before = new Date().toISOString();
  expect(
    (await other.auth.resetPasswordForEmail(email, { redirectTo: `${siteUrl}/reset-password` })).error,
  ).toBeNull();
  const recovery = await latestMail(email, before);
  await page.goto(recovery.link);
  await expect(page.getByRole('alert')).toContainText(
    'This reset link works only in the browser where you asked for it.',
  );
  await expect(page.getByRole('link', { name: 'Send a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  expect(await storedSessionKeys(page)).toEqual([]);
});
