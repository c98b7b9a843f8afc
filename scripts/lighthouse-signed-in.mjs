// Signed-in routes for `npm run lighthouse`: a local Supabase (the embedded server, in memory, with
// its seed) beside the static build, a seeded member and an admin at aal2, and their sessions put
// where the site's auth client reads them (localStorage, supabase-js's storage key) before Lighthouse
// loads the page. Development only: it refuses any Supabase URL that is not on this machine.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { chromium } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { TEST_DEPOSIT_ADDRESSES } from '../tests/support/test-wallets.ts';

// The Supabase CLI's well-known local keys, which the embedded server accepts by default.
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** The seeded member of supabase/seed.sql (balances, a ledger, a pending deposit notice). */
const MEMBER = { email: 'alice@example.com', password: 'demo-password' };
const ADMIN = { email: 'lighthouse-admin@example.com', password: 'lighthouse-admin-password' };

const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/**
 * Starts the embedded local Supabase on `port` (fresh, in memory, migrations and seed applied) and
 * resolves once it answers.
 * @param {string} root  the repository
 * @param {number} port
 */
export async function startLocalSupabase(root, port) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'supabase/local/cli.ts'),
      'start',
      '--port',
      String(port),
      '--memory',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  // Never outlive this script, however it ends (process.exit included).
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  /** @type {Promise<never>} */
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`The local Supabase exited (code ${code}) before it answered.`)),
    ),
  );
  const ready = (async () => {
    for (;;) {
      const answered = await fetch(`${url}/rest/v1/`, { headers: { apikey: ANON_KEY } }).then(
        (r) => r.status < 500,
        () => false,
      );
      if (answered) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  await Promise.race([ready, exited]);
  return { url, stop };
}

/**
 * A session as the browser client stores it, for each role a route needs.
 * @param {string} supabaseUrl  a local server (never a hosted project: it creates a known-password admin)
 * @param {Set<string>} roles  'member' and/or 'admin'
 * @returns {Promise<Map<string, object>>}
 */
export async function signIn(supabaseUrl, roles) {
  if (!['127.0.0.1', 'localhost'].includes(new URL(supabaseUrl).hostname)) {
    throw new Error(`Signed-in Lighthouse runs against a local Supabase only, not ${supabaseUrl}.`);
  }
  await openDepositWallets(supabaseUrl);
  /** @type {Map<string, object>} */
  const sessions = new Map();
  if (roles.has('member'))
    sessions.set('member', await passwordSession(supabaseUrl, MEMBER).then((s) => s.session));
  if (roles.has('admin')) sessions.set('admin', await adminSession(supabaseUrl));
  return sessions;
}

/**
 * Opens the deposit wallets with the test suites' published example addresses, through the
 * operator's path (the service role), so /user/deposit is measured as clients see it: a card, an
 * address and a QR code per open asset. The seed keeps every wallet closed.
 * @param {string} url
 */
async function openDepositWallets(url) {
  const service = createClient(url, SERVICE_ROLE_KEY, noSession);
  for (const [id, address] of Object.entries(TEST_DEPOSIT_ADDRESSES)) {
    const { error } = await service.rpc('update_deposit_wallet', {
      p_wallet_id: Number(id),
      p_address: address,
      p_enabled: true,
      p_reason: 'Lighthouse: deposits open, as clients see them',
    });
    if (error) throw new Error(`Opening deposit wallet ${id} failed: ${error.message}`);
  }
}

/** @param {string} url @param {{ email: string, password: string }} who */
async function passwordSession(url, who) {
  const client = createClient(url, ANON_KEY, noSession);
  const { data, error } = await client.auth.signInWithPassword(who);
  if (error || !data.session)
    throw new Error(`Signing in ${who.email} failed: ${error?.message ?? 'no session'}`);
  return { client, session: data.session };
}

/**
 * An owner with a verified authenticator, signed in at aal2 (the admin area refuses less), created
 * the way an operator grants one: a confirmed user, a row in admins, a TOTP factor.
 * @param {string} url
 */
async function adminSession(url) {
  const service = createClient(url, SERVICE_ROLE_KEY, noSession);
  const created = await service.auth.admin.createUser({
    email: ADMIN.email,
    password: ADMIN.password,
    email_confirm: true,
    user_metadata: { username: 'Lighthouse Admin' },
  });
  if (created.error || !created.data.user)
    throw new Error(`Creating the admin failed: ${created.error?.message}`);
  const granted = await service.from('admins').insert({ user_id: created.data.user.id });
  if (granted.error) throw new Error(`Granting admin failed: ${granted.error.message}`);
  const { client } = await passwordSession(url, ADMIN);
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Lighthouse' });
  if (enrolled.error) throw new Error(`Enrolling a factor failed: ${enrolled.error.message}`);
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(enrolled.data.totp.secret),
  });
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: totp.generate(),
  });
  if (verified.error) throw new Error(`Verifying the admin's code failed: ${verified.error.message}`);
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('The admin has no session after the second factor.');
  return data.session;
}

/**
 * Puts sessions into the Chromium Lighthouse drives, and reads them back after a run (the page may
 * have refreshed the tokens, which retires the old refresh token).
 * @param {number} chromePort  the DevTools port chrome-launcher opened
 * @param {string} origin  the site's origin
 * @param {string} supabaseUrl
 */
export async function sessionInjector(chromePort, origin, supabaseUrl) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error('No browser context to sign in.');
  // The key the site's auth client uses (src/lib/supabase.ts: supabase-js's default).
  const storageKey = `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
  /** @param {(page: import('@playwright/test').Page) => Promise<unknown>} work */
  const onOrigin = async (work) => {
    const page = await context.newPage();
    try {
      // Any small same-origin document gives access to the origin's localStorage.
      await page.goto(`${origin}/robots.txt`);
      return await work(page);
    } finally {
      await page.close();
    }
  };
  return {
    /**
     * Stores `session` for the next load, and empties the HTTP cache: storage reset is off for
     * signed-in routes (so Lighthouse keeps the session), and a member's first visit is measured cold.
     * @param {object} session
     */
    async put(session) {
      await onOrigin(async (page) => {
        await page.evaluate(
          ([key, value]) => localStorage.setItem(key, value),
          [storageKey, JSON.stringify(session)],
        );
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
      });
    },
    /** The session as the page left it. @returns {Promise<object | null>} */
    async take() {
      const raw = /** @type {string | null} */ (
        await onOrigin((page) => page.evaluate((key) => localStorage.getItem(key), storageKey))
      );
      return raw ? JSON.parse(raw) : null;
    },
    /** Drops the session (public routes are measured signed out). */
    async clear() {
      await onOrigin((page) => page.evaluate((key) => localStorage.removeItem(key), storageKey));
    },
    close: () => browser.close(),
  };
}
