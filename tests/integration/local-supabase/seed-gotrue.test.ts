// The seed writes auth.users rows the way GoTrue does, and the local server refuses a row GoTrue
// could not read (NULL in a column GoTrue scans as a plain string) the way GoTrue does: 500
// "Database error querying schema". With the project's real migrations and seed, on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { LocalSupabase } from '../../../supabase/local/server';
import { client, EngineHarness, type Engine } from './harness';

const PROJECT_DIR = fileURLToPath(new URL('../../../supabase', import.meta.url));
const DEMO_MEMBERS = ['alice@example.com', 'bob@example.com', 'carol@example.com'];

describe.each<Engine>(['pglite', 'postgres'])('seed as GoTrue reads it (%s)', (engine) => {
  const harness = new EngineHarness(engine);
  let server: LocalSupabase;

  beforeAll(async () => {
    server = await harness.server({ projectDir: PROJECT_DIR, bcryptCost: 4 });
  });

  afterAll(() => harness.stop());

  it('every demo member signs in with the seeded password', async () => {
    for (const email of DEMO_MEMBERS) {
      const { data, error } = await client(server).auth.signInWithPassword({
        email,
        password: 'demo-password',
      });
      expect(error, email).toBeNull();
      expect(data.user?.email).toBe(email);
    }
  });

  it.each([
    'confirmation_token',
    'recovery_token',
    'email_change_token_new',
    'email_change',
    'email_change_token_current',
    'phone_change',
    'phone_change_token',
    'reauthentication_token',
  ])('a user with NULL %s cannot sign in: 500 Database error querying schema', async (column) => {
    const email = `null-${column.replace(/_/g, '-')}@seed.test`;
    await server.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
         confirmation_token, recovery_token, email_change_token_new, email_change)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
         extensions.crypt('demo-password', extensions.gen_salt('bf', 4)), now(),
         '{"provider":"email","providers":["email"]}', '{}', now(), now(), '', '', '', '')`,
      [email],
    );
    await server.db.query(`update auth.users set ${column} = null where email = $1`, [email]);
    // supabase-js hides a 500's body behind AuthRetryableFetchError: read GoTrue's answer directly.
    const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'demo-password' }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({
      code: 500,
      error_code: 'unexpected_failure',
      msg: 'Database error querying schema',
    });
  });
});
