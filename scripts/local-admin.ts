#!/usr/bin/env -S npx tsx
/**
 * For `npm run dev` only: once the local Supabase answers, makes sure the two development owners exist
 * (admin@example.com and approver@example.com / admin-password-local, or LOCAL_ADMIN_EMAIL,
 * LOCAL_APPROVER_EMAIL / LOCAL_ADMIN_PASSWORD), have that password and are staff, then prints the
 * credentials. Two, because a balance change needs a second admin to approve it (docs/four-eyes.md):
 * one person can try the whole flow in two browser windows. It refuses to run against anything but a
 * local address, so it can never create a known-password admin on a hosted project. Admin actions
 * also need an authenticator code (aal2): the first sign-in enrols one; `npm run admin:code` prints it.
 */
import { grantAdminByEmail, serviceClient } from './grant-admin';
import { DEFAULT_ANON_KEY } from '../supabase/local/gateway/keys';

const url = process.env.SUPABASE_URL || 'http://127.0.0.1:54321';
const email = (process.env.LOCAL_ADMIN_EMAIL || 'admin@example.com').trim().toLowerCase();
const approverEmail = (process.env.LOCAL_APPROVER_EMAIL || 'approver@example.com').trim().toLowerCase();
const password = process.env.LOCAL_ADMIN_PASSWORD || 'admin-password-local';

async function waitForServer(timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      // The server listens only once its migrations are applied, so any answer below 500 means ready.
      const response = await fetch(`${url}/rest/v1/`, { headers: { apikey: DEFAULT_ANON_KEY } });
      if (response.status < 500) return;
    } catch {
      // Not listening yet: the server is still applying migrations.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The local Supabase at ${url} did not answer within ${timeoutMs / 1000} s.`);
}

async function ensureAdmins(): Promise<void> {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`Refusing to seed a development admin on ${url}: local addresses only.`);
  }
  await waitForServer();
  const client = serviceClient(url);
  await ensureAdmin(client, email, 'admin');
  await ensureAdmin(client, approverEmail, 'approver');
  console.log(
    [
      '',
      'Local admins (development only), both owners: one proposes a balance change, the other approves it',
      `  sign in at http://127.0.0.1:4321/admin/login (use two browser windows, one private)`,
      `  email:    ${email}`,
      `  email:    ${approverEmail}`,
      `  password: ${password} (both)`,
      '  second factor: the first sign-in shows a QR code and a key; add it to any authenticator app',
      '  (TOTP), or print the current code with `npm run admin:code [-- <email>]` (development only).',
      '',
    ].join('\n'),
  );
}

async function ensureAdmin(
  client: ReturnType<typeof serviceClient>,
  email: string,
  username: string,
): Promise<void> {
  const created = await client.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { username },
  });
  if (created.error) {
    // Already there from an earlier run (data is kept across restarts): reset its password to the known one.
    if (!/already|exists|registered/i.test(created.error.message)) {
      throw new Error(`Could not create ${email}: ${created.error.message}`);
    }
  }
  const userId = await grantAdminByEmail(client, email);
  if (created.error) {
    const updated = await client.auth.admin.updateUserById(userId, { password });
    if (updated.error) throw new Error(`Could not reset the password of ${email}: ${updated.error.message}`);
  }
}

// Under `npm run dev` (scripts/dev.mjs, --keep-alive) this runs beside the servers, and concurrently stops
// every process as soon as one exits; so there it idles after its work instead of exiting, and a failure is
// reported without taking the site down.
const keepAlive = process.argv.includes('--keep-alive');
ensureAdmins()
  .catch((error: unknown) => {
    console.error(`local admin: ${error instanceof Error ? error.message : String(error)}`);
    if (!keepAlive) process.exit(1);
  })
  .finally(() => {
    if (keepAlive) setInterval(() => undefined, 1 << 30);
  });
