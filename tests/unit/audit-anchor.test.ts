import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DEFAULT_PROJECT_DIR, startLocalSupabase, type LocalSupabase } from '../../supabase/local/server';
import { pgliteTemplate } from '../support/db-templates';
import { serviceClient } from '../../scripts/grant-admin';

// `npm run audit:anchor` against the embedded server, as a scheduled job runs it: one line of JSON,
// the newest event's number and hash, which check_audit_anchor then accepts.
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

/** The command in a child process; asynchronous, since the server it calls runs in this one. */
function runAnchor(env: Record<string, string>): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'audit:anchor'],
      { env: { ...process.env, ...env }, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('audit:anchor', () => {
  it('prints the newest event and its hash as one JSON line, and the anchor checks out', async () => {
    // An event to anchor: an operator's correction, written by the database's own trigger.
    const { data: user, error } = await service.auth.admin.createUser({
      email: 'anchor@example.com',
      password: 'anchor-password-1',
      email_confirm: true,
    });
    expect(error).toBeNull();
    const edit = await service.rpc('operator_post_correction', {
      p_user_id: user.user!.id,
      p_account: 'referral',
      p_amount: '1.00',
      p_client_text: 'anchor test',
    });
    expect(edit.error).toBeNull();

    const run = await runAnchor({
      SUPABASE_URL: server.url,
      SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey,
    });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const anchor = JSON.parse(lines[0]!) as { event_id: number; hash: string; taken_at: string };

    const { data: newest } = await service
      .from('audit_events')
      .select('id, hash')
      .order('id', { ascending: false })
      .limit(1)
      .single();
    expect(anchor).toMatchObject({
      event_id: Number((newest as { id: number }).id),
      hash: (newest as { hash: string }).hash,
    });
    expect(Math.abs(Date.parse(anchor.taken_at) - Date.now())).toBeLessThan(60_000);
    const check = await service.rpc('check_audit_anchor', {
      p_event_id: anchor.event_id,
      p_hash: anchor.hash,
    });
    expect(check.data).toEqual({ matches: true, event_id: anchor.event_id, problem: null });
  }, 60_000);

  it('says why when the key is not the service role, and exits 1', async () => {
    const run = await runAnchor({ SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: server.anonKey });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      "The key was refused (permission denied for function audit_chain_anchor). Set SUPABASE_SERVICE_ROLE_KEY to the project's service_role key.",
    );
    expect(run.stdout).toBe('');
  }, 60_000);
});
