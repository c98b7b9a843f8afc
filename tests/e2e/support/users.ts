import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import { nextTotpCode } from '../../support/totp';
import { testTxId } from '../../support/tx-id';
import { usdValueOf } from '../../../src/lib/assets';
import { sessionStorageKeyFor } from '../../../src/lib/session-key';
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
  enrolmentClients.set(admin.email, client);
  return admin;
}

/**
 * The aal2 client that enrolled an admin's authenticator, handed to the first signedInAdminClient
 * call instead of a new sign-in: every sign-in spends one of the few codes a key gives per 30 s.
 */
const enrolmentClients = new Map<string, SupabaseClient>();

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
  const enrolling = enrolmentClients.get(admin.email);
  if (enrolling) {
    enrolmentClients.delete(admin.email);
    return enrolling;
  }
  const client = await signedInClient(admin);
  await answerSecondFactor(client, admin);
  return client;
}

/**
 * One admin (`proposer`, finance) proposes a correction of the member's Interest Wallet by a signed
 * amount and a second (`approver`) approves it: the only way staff move a balance. `reason` is the
 * text the member reads; the internal note never reaches them.
 */
export async function approvedCorrection(
  proposer: TestUser,
  approver: TestUser,
  member: TestUser,
  amount: string,
  reason: string,
): Promise<void> {
  const proposing = await signedInAdminClient(proposer);
  const approving = await signedInAdminClient(approver);
  const proposed = await proposing.rpc('propose_correction', {
    p_user_id: member.id,
    p_account: 'interest_wallet',
    p_amount: amount,
    p_category: 'error_correction',
    p_client_text: reason,
    p_internal_note: 'Staff only: never in the member’s notifications',
  });
  if (proposed.error) throw new Error(`propose_correction: ${proposed.error.message}`);
  const approved = await approving.rpc('approve_transfer', {
    p_transfer_id: (proposed.data as { id: number }).id,
  });
  if (approved.error) throw new Error(`approve_transfer: ${approved.error.message}`);
}

/** A supabase-js client signed in as `user` (no storage, no auto-refresh: a test's short life). */
export async function signedInClient(user: Pick<TestUser, 'email' | 'password'>): Promise<SupabaseClient> {
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
/** A second admin (aal2) per worker: the one who approves what the first one proposed. */
export function checkerClient(): Promise<SupabaseClient> {
  checkerPromise ??= createAdmin().then(signedInAdminClient);
  return checkerPromise;
}

/** The quantity of a notice as the database holds it, as text. */
async function noticeQuantity(noticeId: number): Promise<string> {
  const { data, error } = await serviceClient()
    .from('deposit_notices')
    .select('quantity::text')
    .eq('id', noticeId)
    .single();
  if (error) throw new Error(`reading notice ${String(noticeId)} failed: ${error.message}`);
  return (data as { quantity: string }).quantity;
}

/**
 * Credits a deposit notice the four-eyes way (issue 32): one admin values it (USD value = quantity ×
 * rate, with the rate's source), which proposes the credit as a pending transfer, and a second admin
 * approves that transfer. Answers the USD value credited.
 */
export async function creditDepositNotice(noticeId: number, rate = '1'): Promise<string> {
  const usdValue = usdValueOf(await noticeQuantity(noticeId), rate);
  if (!usdValue) throw new Error(`notice ${String(noticeId)}: no USD value at rate ${rate}`);
  const valued = await (
    await adminClient()
  ).rpc('review_deposit_notice', {
    p_notice_id: noticeId,
    p_decision: 'confirm',
    p_usd_value: usdValue,
    p_rate: rate,
    p_rate_source: 'E2E fixed rate',
  });
  if (valued.error) throw new Error(`valuing notice ${String(noticeId)} failed: ${valued.error.message}`);
  const approved = await (
    await checkerClient()
  ).rpc('approve_transfer', { p_transfer_id: (valued.data as { transfer_id: number }).transfer_id });
  if (approved.error) throw new Error(`approving the credit failed: ${approved.error.message}`);
  return usdValue;
}

/**
 * A member files a deposit notice for `quantity` of wallet `walletId`'s asset and two admins credit
 * it at `rate`: the way Total Deposit and the Deposit Wallet grow. Answers the notice id.
 */
export async function depositFor(
  member: TestUser,
  options: { quantity: string; rate?: string; walletId?: number; txId?: string },
): Promise<number> {
  const client = await signedInClient(member);
  const walletId = options.walletId ?? 1;
  const filed = await client.rpc('file_deposit_notice', {
    p_wallet_id: walletId,
    p_quantity: options.quantity,
    p_tx_id: options.txId ?? testTxId(`deposit-${member.id}-${Date.now()}-${Math.random()}`),
  });
  if (filed.error) throw new Error(`filing a deposit notice failed: ${filed.error.message}`);
  const id = (filed.data as { id: number }).id;
  await creditDepositNotice(id, options.rate ?? '1');
  return id;
}

/** The member's four ledger accounts: the only balances a correction moves. */
export type Account = 'interest_wallet' | 'deposit_wallet' | 'total_invest' | 'referral';

const CENTS = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;
/** "12.5" → 1250n: amounts as whole cents, exactly. */
function cents(text: string): bigint {
  const m = CENTS.exec(text.trim());
  if (!m) throw new Error(`not an amount: ${text}`);
  const value = BigInt(`${m[2]}${(m[3] ?? '').padEnd(2, '0')}`);
  return m[1] ? -value : value;
}
const amountText = (value: bigint): string => {
  const digits = (value < 0n ? -value : value).toString().padStart(3, '0');
  return `${value < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/**
 * Brings accounts to the given balances the way an operator script does: one correction per account
 * that differs (operator_post_correction with the service role: posted at once, in the ledger with
 * `reason` as the text the member reads). Staff cannot: their corrections need a second admin. Total
 * Deposit and Total Withdraw are not accounts (they follow deposits and paid withdrawals: depositFor).
 */
export async function setBalances(
  userId: string,
  balances: Partial<Record<Account, string>>,
  reason = 'E2E adjustment',
  category: 'opening_balance' | 'error_correction' | 'goodwill' | 'other' = 'opening_balance',
) {
  const admin = serviceClient();
  for (const account of Object.keys(balances)) {
    if (!['interest_wallet', 'deposit_wallet', 'total_invest', 'referral'].includes(account))
      throw new Error(`${account} is derived, not an account: credit a deposit or pay a withdrawal instead`);
  }
  const { data: profile, error: readError } = await admin
    .from('profiles')
    .select('interest_wallet::text, deposit_wallet::text, total_invest::text, referral::text')
    .eq('id', userId)
    .single();
  if (readError) throw new Error(`reading the profile failed: ${readError.message}`);
  const now = profile as Record<Account, string>;
  for (const [account, target] of Object.entries(balances) as [Account, string][]) {
    const delta = cents(target) - cents(now[account]);
    if (delta === 0n) continue;
    const { error } = await admin.rpc('operator_post_correction', {
      p_user_id: userId,
      p_account: account,
      p_amount: amountText(delta),
      p_client_text: reason,
      p_category: category,
      // Invested principal is held in a plan: the tests' principal is in Gold.
      p_plan: account === 'total_invest' ? 'gold' : null,
    });
    if (error) throw new Error(`operator_post_correction (${account}) failed: ${error.message}`);
  }
}

/** Where the site's auth client keeps its session for the test server. */
const SESSION_KEY = sessionStorageKeyFor(supabaseUrl);

/**
 * Puts a signed-in supabase-js client's session where the site's auth client reads it (this origin's
 * localStorage), from the lightest same-origin document there is. The page is then signed in exactly
 * as after the form, without the form's page loads.
 */
export async function putSession(page: Page, client: SupabaseClient): Promise<void> {
  const { data, error } = await client.auth.getSession();
  if (error || !data.session) throw new Error(`no session to put: ${error?.message ?? 'signed out'}`);
  await page.goto('/robots.txt');
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: SESSION_KEY,
    value: JSON.stringify(data.session),
  });
}

/**
 * Opens `path` signed in as `user`, for tests whose subject is not signing in: a password sign-in in
 * Node, its session put in the page (putSession). The sign-in form itself is walked by
 * visitor-auth.spec.ts and the tests that use signInThroughUi.
 */
export async function openSignedIn(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  path = '/user-dashboard',
): Promise<void> {
  await putSession(page, await signedInClient(user));
  await gotoReady(page, path);
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
