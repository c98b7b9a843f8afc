import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import { nextTotpCode } from '../../support/totp';
import { ANON_KEY, SERVICE_ROLE_KEY, supabaseUrl } from './env';

/**
 * Shared fixtures for browser tests: people created through the service role against the test
 * server, an admin client to move balances and review requests the way the admin area does, and
 * the local outbox for mails. Every helper throws with the server's message on failure.
 */

export interface TestUser {
  id: string;
  email: string;
  password: string;
  username: string;
  /** The base32 key of the account's authenticator, once one is set up (admins). */
  totpSecret?: string;
}

const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function serviceClient(): SupabaseClient {
  return createClient(supabaseUrl, SERVICE_ROLE_KEY, noSession);
}

let counter = 0;
/** A unique, readable address per call (runs and workers never collide). */
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** A confirmed member; the database trigger gives them a profile with zero balances. */
export async function createMember(
  options: { username?: string; password?: string; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct-horse-9';
  const username = options.username ?? `Member ${counter}`;
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { username, display_name: username },
  });
  if (error || !data.user) throw new Error(`createUser failed: ${error?.message ?? 'no user'}`);
  return { id: data.user.id, email, password, username };
}

/**
 * A member who is also in the admins table and has set up an authenticator (a verified TOTP factor,
 * enrolled through supabase-js's mfa API as the admin sign-in page does). `enrol: false` leaves the
 * authenticator for the first sign-in's enrolment screen.
 */
export async function createAdmin(
  options: { username?: string; enrol?: boolean; role?: 'support' | 'finance' | 'auditor' | 'owner' } = {},
): Promise<TestUser> {
  const user = await createMember({
    username: options.username ?? 'Test Admin',
    email: uniqueEmail('admin'),
  });
  // Without a role the row is an owner, as the service-role grant command makes.
  const { error } = await serviceClient()
    .from('admins')
    .insert(options.role ? { user_id: user.id, role: options.role } : { user_id: user.id });
  if (error) throw new Error(`granting admin failed: ${error.message}`);
  if (options.enrol === false) return user;
  const client = await signedInClient(user);
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Test authenticator' });
  if (enrolled.error) throw new Error(`enrolling a factor failed: ${enrolled.error.message}`);
  const admin = { ...user, totpSecret: enrolled.data.totp.secret };
  await answerSecondFactor(client, admin);
  return admin;
}

/** Raises a signed-in client of `user` to aal2 with their authenticator's next code. */
export async function answerSecondFactor(client: SupabaseClient, user: TestUser): Promise<void> {
  if (!user.totpSecret) throw new Error(`${user.email} has no authenticator`);
  const factors = await client.auth.mfa.listFactors();
  const factorId = factors.data?.all.find((f) => f.factor_type === 'totp')?.id;
  if (!factorId) throw new Error(`no TOTP factor for ${user.email}: ${factors.error?.message ?? 'none'}`);
  const { error } = await client.auth.mfa.challengeAndVerify({
    factorId,
    code: await nextTotpCode(user.totpSecret),
  });
  if (error) throw new Error(`verifying the code of ${user.email} failed: ${error.message}`);
}

/** An admin's supabase-js client at aal2 (password, then authenticator code), as admin calls need. */
export async function signedInAdminClient(admin: TestUser): Promise<SupabaseClient> {
  const client = await signedInClient(admin);
  await answerSecondFactor(client, admin);
  return client;
}

/** A supabase-js client signed in as `user` (no storage, no auto-refresh: a test's short life). */
export async function signedInClient(user: TestUser): Promise<SupabaseClient> {
  const client = createClient(supabaseUrl, ANON_KEY, noSession);
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw new Error(`sign-in of ${user.email} failed: ${error.message}`);
  return client;
}

let adminPromise: Promise<SupabaseClient> | undefined;
/** One admin client per worker (at aal2), created on first use. */
export function adminClient(): Promise<SupabaseClient> {
  adminPromise ??= createAdmin().then(signedInAdminClient);
  return adminPromise;
}

let checkerPromise: Promise<SupabaseClient> | undefined;
/**
 * Credits a deposit notice the four-eyes way (issue 30): one admin confirms it, which proposes the
 * credit, and a second admin approves that proposal.
 */
export async function creditDepositNotice(noticeId: number): Promise<void> {
  const proposed = await (
    await adminClient()
  ).rpc('review_deposit_notice', { p_notice_id: noticeId, p_decision: 'confirm', p_note: null });
  if (proposed.error)
    throw new Error(`confirming notice ${String(noticeId)} failed: ${proposed.error.message}`);
  checkerPromise ??= createAdmin().then(signedInAdminClient);
  const approved = await (
    await checkerPromise
  ).rpc('approve_staff_change', {
    p_proposal_id: (proposed.data as { credit_proposal_id: number }).credit_proposal_id,
  });
  if (approved.error) throw new Error(`approving the credit failed: ${approved.error.message}`);
}

export type Account =
  'interest_wallet' | 'deposit_wallet' | 'total_invest' | 'total_deposit' | 'total_withdraw' | 'referral';

/**
 * Sets balances the way an operator script does (admin_update_balances with the service role: ledger
 * entries, version check). Staff cannot: their edits are proposals a second admin approves.
 */
export async function setBalances(
  userId: string,
  balances: Partial<Record<Account, string>>,
  reason = 'E2E adjustment',
) {
  const admin = serviceClient();
  const { data: profile, error: readError } = await admin
    .from('profiles')
    .select('version')
    .eq('id', userId)
    .single();
  if (readError) throw new Error(`reading the profile failed: ${readError.message}`);
  const { data, error } = await admin.rpc('admin_update_balances', {
    p_user_id: userId,
    p_expected_version: (profile as { version: number }).version,
    p_balances: balances,
    p_reason: reason,
  });
  if (error) throw new Error(`admin_update_balances failed: ${error.message}`);
  return data as Record<string, unknown>;
}

/** Signs in through the real form and waits for the member dashboard. */
export async function signInThroughUi(page: Page, user: Pick<TestUser, 'email' | 'password'>, next?: string) {
  await gotoReady(page, next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Successfully logged in', { exact: true })).toBeVisible();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 10_000 });
}

export interface OutboxMail {
  to: string;
  subject: string;
  /** The mail's plain-text form, as the member's mail program shows it without HTML. */
  text: string;
  type: string;
  link: string;
  /** The one-time code in the mail (the only content of a re-authentication mail). */
  token: string;
  redirectTo: string;
  createdAt: string;
}

/** The local outbox answers only to the service key: it holds working sign-in links. */
export function fetchOutbox(query: string): Promise<Response> {
  return fetch(`${supabaseUrl}/__local/outbox${query}`, { headers: { apikey: SERVICE_ROLE_KEY } });
}

/** The newest mail the local server "sent" to `to`, waiting for it to arrive. */
export async function latestMail(to: string, since?: string): Promise<OutboxMail> {
  let mail: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetchOutbox(`/latest?to=${encodeURIComponent(to)}`);
        if (!res.ok) return undefined;
        const found = (await res.json()) as OutboxMail | null;
        mail = found && (!since || found.createdAt > since) ? found : undefined;
        return mail?.link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return mail!;
}

/** The code of the newest re-authentication mail to `to` sent after `since` (such mails have no link). */
export async function latestReauthenticationCode(to: string, since: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await fetchOutbox(`?to=${encodeURIComponent(to)}`);
        if (!res.ok) return '';
        const mails = (await res.json()) as OutboxMail[];
        code = mails.find((m) => m.type === 'reauthentication' && m.createdAt > since)?.token ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code;
}

/** Every sb-* key left in the page's web storage. */
export async function supabaseStorageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) => key.startsWith('sb-')),
  );
}

/** The stored session itself (sb-<ref>-auth-token), without the PKCE verifiers a mail request leaves. */
export async function storedSessionKeys(page: Page): Promise<string[]> {
  return (await supabaseStorageKeys(page)).filter((key) => key.endsWith('-auth-token'));
}

/** Opens a page and waits until every Astro island on it has hydrated (before that, forms are plain HTML). */
export async function gotoReady(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}
