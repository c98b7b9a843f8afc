import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { DEFAULT_PROJECT_DIR, startLocalSupabase, type LocalSupabase } from '../../supabase/local/server';
import { pgliteTemplate } from '../support/db-templates';
import { grantAdminByEmail, serviceClient, userIdForEmail } from '../../scripts/grant-admin';

// `npm run admin:grant` against the embedded server: the service role inserts the admins row for an
// existing account, says clearly when no account uses the e-mail, and is harmless when run twice.
let server: LocalSupabase;
let service: SupabaseClient;

beforeAll(async () => {
  // From the project's migrated dump (tests/support/db-templates.ts), not initdb and every migration.
  const pgliteDump = await pgliteTemplate({ projectDir: DEFAULT_PROJECT_DIR, openWallets: false });
  server = await startLocalSupabase({ port: 0, memory: true, quiet: true, pgliteDump });
  service = serviceClient(server.url, server.serviceRoleKey);
});

afterAll(async () => {
  await server?.stop();
});

async function register(email: string, password: string): Promise<string> {
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  return data.user.id;
}

describe('admin:grant', () => {
  it('makes an existing account an admin, matching the e-mail case-insensitively, and is idempotent', async () => {
    const id = await register('Grant.Me@example.com', 'grant-me-password');
    await expect(grantAdminByEmail(service, '  GRANT.me@Example.com ')).resolves.toBe(id);
    await expect(grantAdminByEmail(service, 'grant.me@example.com')).resolves.toBe(id);
    const { data } = await service.from('admins').select('user_id, granted_by').eq('user_id', id);
    expect(data).toEqual([{ user_id: id, granted_by: null }]);

    // The account now passes the database's own admin check.
    const member = createClient(server.url, server.anonKey, { auth: { persistSession: false } });
    await member.auth.signInWithPassword({ email: 'grant.me@example.com', password: 'grant-me-password' });
    expect((await member.rpc('is_admin')).data).toBe(true);
  });

  it('refuses unknown and malformed e-mails with a clear message', async () => {
    await expect(userIdForEmail(service, 'nobody@example.com')).rejects.toThrow(
      'No account uses nobody@example.com. The person must register first (at /register), then run this again.',
    );
    await expect(userIdForEmail(service, 'not-an-email')).rejects.toThrow(
      '"not-an-email" is not an e-mail address.',
    );
    // A wildcard in the input is literal text, not a pattern matching someone else's address.
    await register('wild_card@example.com', 'wild-card-password');
    await expect(userIdForEmail(service, 'wild%card@example.com')).rejects.toThrow(/No account uses/);
  });

  it('refuses an account whose e-mail address was never confirmed, saying why', async () => {
    const { data } = await service.auth.admin.createUser({
      email: 'pre-registered@example.com',
      password: 'pre-registered-1',
      email_confirm: false,
    });
    await expect(grantAdminByEmail(service, 'pre-registered@example.com')).rejects.toThrow(
      'pre-registered@example.com: That account has not confirmed its e-mail address yet. Admin rights go only to confirmed accounts',
    );
    const { data: rows } = await service
      .from('admins')
      .select('user_id')
      .eq('user_id', data.user?.id ?? '');
    expect(rows).toEqual([]);
  });

  it('fails clearly with a wrong service key', async () => {
    const wrong = serviceClient(server.url, server.anonKey);
    await register('keyed@example.com', 'keyed-password-1');
    await expect(grantAdminByEmail(wrong, 'keyed@example.com')).rejects.toThrow(
      /The key was refused .*SUPABASE_SERVICE_ROLE_KEY/,
    );
  });
});
