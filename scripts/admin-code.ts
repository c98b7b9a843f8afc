#!/usr/bin/env -S npx tsx
/**
 * Development only: prints the current authenticator code of a local account, so the local admin can
 * pass /admin/login's second step without a phone: `npm run admin:code` (the printed local admin) or
 * `npm run admin:code -- person@example.com`. It asks the embedded local Supabase (its /__local/totp
 * route, which hosted Supabase does not have) and refuses any address but a local one.
 */
import { DEFAULT_SERVICE_ROLE_KEY } from '../supabase/local/gateway/keys';

const url = process.env.SUPABASE_URL || 'http://127.0.0.1:54321';
// The local server's /__local routes answer only to the service key (the CLI's well-known local one).
const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY || DEFAULT_SERVICE_ROLE_KEY;
const email = (
  process.argv.slice(2).find((arg) => !arg.startsWith('-')) ||
  process.env.LOCAL_ADMIN_EMAIL ||
  'admin@example.com'
)
  .trim()
  .toLowerCase();

type Answer = { code: string; valid_for_s: number } | { wait_s: number } | { message: string };

async function main(): Promise<void> {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`admin:code is for the local server only, not ${url}. Use an authenticator app.`);
  }
  let response: Response;
  try {
    response = await fetch(`${url}/__local/totp?email=${encodeURIComponent(email)}`, {
      headers: { apikey: serviceKey },
    });
  } catch {
    throw new Error(`The local Supabase at ${url} does not answer. Start it with npm run dev.`);
  }
  const answer = (await response.json()) as Answer;
  if (response.status === 401) {
    throw new Error(
      'The local server refused the key: set SUPABASE_SERVICE_ROLE_KEY to its service_role key.',
    );
  }
  if (response.status === 404) {
    throw new Error(
      `${email} has no authenticator yet. Sign in at /admin/login: the first sign-in sets one up.`,
    );
  }
  if ('wait_s' in answer) {
    throw new Error(`The last code was just used. Run this again in ${answer.wait_s} s.`);
  }
  if (!('code' in answer)) throw new Error(answer.message);
  console.log(`${answer.code}  (authenticator code for ${email}, valid for about ${answer.valid_for_s} s)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
