#!/usr/bin/env -S npx tsx
/**
 * Resets the authenticator of an admin who lost their device, from a trusted machine with the
 * project's service-role key: `npm run admin:reset-mfa -- person@example.com [--reason "lost phone"]`.
 *
 * It calls the same audited database function the Admins page uses (public.admin_reset_mfa): the
 * person's TOTP factors are removed, their sessions end, and public.mfa_resets records the reset with
 * no admin as actor (the command line). At their next sign-in they set up a new authenticator. This is
 * the way back in when the only admin lost their device. Without SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY it targets the local server.
 */
import { pathToFileURL } from 'node:url';
import { serviceClient, userIdForEmail } from './grant-admin';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const reasonAt = args.indexOf('--reason');
  const reason =
    reasonAt >= 0 ? (args[reasonAt + 1] ?? '') : 'Authenticator lost; reset from the command line';
  // The e-mail is the argument that is neither a flag nor the value after --reason.
  const email = args.find((arg, i) => !arg.startsWith('-') && (reasonAt < 0 || i !== reasonAt + 1));
  if (!email) {
    console.error(
      'Usage: npm run admin:reset-mfa -- <email> [--reason "why"]\n(SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY select the project.)',
    );
    process.exit(2);
  }
  const client = serviceClient();
  const userId = await userIdForEmail(client, email);
  const { data, error } = await client.rpc('admin_reset_mfa', { p_user_id: userId, p_reason: reason });
  if (error) throw new Error(`Could not reset the authenticator of ${email}: ${error.message}`);
  const removed = (data as { factors_removed: number }).factors_removed;
  console.log(
    `${email.trim().toLowerCase()}: ${removed} authenticator(s) removed and signed out everywhere. ` +
      'They set up a new one at their next sign-in on /admin/login.',
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
