// The default development setup: PGlite files in a data dir survive a restart; migrations and the
// seed run once; reset (what `npm run supabase:reset` calls) starts over.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resetLocalDatabase, startLocalSupabase } from '../../../supabase/local/server';
import { FIXTURE_DIR, client } from './harness';

describe('pglite: data kept on disk', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lc-persist-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const start = () =>
    startLocalSupabase({ port: 0, dataDir, projectDir: FIXTURE_DIR, quiet: true, bcryptCost: 4 });

  it(
    'survives a restart without re-running migrations or the seed, until reset',
    { timeout: 120_000 },
    async () => {
      const first = await start();
      expect(first.bootstrap).toMatchObject({ created: true, seeded: true });
      const migrations = readdirSync(join(FIXTURE_DIR, 'migrations')).filter((f) => f.endsWith('.sql'));
      expect(first.bootstrap.applied.length).toBe(migrations.length);
      const signUp = await client(first).auth.signUp({
        email: 'persist@example.com',
        password: 'password-123',
      });
      expect(signUp.error).toBeNull();
      await client(first, first.serviceRoleKey).from('items').update({ qty: 42 }).eq('id', 1);
      // A second server on the same port is refused before it opens the data dir.
      await expect(
        startLocalSupabase({ port: first.port, dataDir, projectDir: FIXTURE_DIR, quiet: true }),
      ).rejects.toThrow(/already in use/);
      await first.stop();

      const second = await start();
      try {
        expect(second.bootstrap).toEqual({ created: false, applied: [], seeded: false });
        const signIn = await client(second).auth.signInWithPassword({
          email: 'persist@example.com',
          password: 'password-123',
        });
        expect(signIn.error).toBeNull();
        expect((await client(second).from('items').select('qty').eq('id', 1).single()).data).toEqual({
          qty: 42,
        });
      } finally {
        await second.stop();
      }

      await resetLocalDatabase({ dataDir });
      expect(existsSync(join(dataDir, 'db'))).toBe(false);
      expect(existsSync(join(dataDir, 'outbox'))).toBe(false);
    },
  );
});
