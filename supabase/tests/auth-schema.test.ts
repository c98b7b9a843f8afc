/**
 * The local auth schema is GoTrue's at a pinned release: every table, column, type, nullability,
 * default, unique index and key, check, foreign key, row-level-security flag, owner and enum of
 * supabase/local/db/gotrue-auth-schema.json (described from GoTrue's own migrations), on PGlite and
 * on PostgreSQL 15; and the triggers on auth tables are the project's alone, as hosted has them. A
 * difference fails with its path.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAuthSchema, type AuthCatalog } from '../local/db/auth-catalog';
import { engines, type Engine } from './helpers/db';

const GOTRUE = JSON.parse(
  readFileSync(new URL('../local/db/gotrue-auth-schema.json', import.meta.url), 'utf8'),
) as AuthCatalog & { release: string };

describe.each(engines)(`auth schema against GoTrue ${GOTRUE.release} on %s`, (_name, open) => {
  let engine: Engine;
  let local: AuthCatalog;

  beforeAll(async () => {
    engine = await open();
    local = await describeAuthSchema(engine.db);
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('has exactly GoTrue’s tables, each with GoTrue’s owner and row-level-security flag', () => {
    expect(Object.keys(local.tables).sort()).toEqual(Object.keys(GOTRUE.tables).sort());
    for (const [table, expected] of Object.entries(GOTRUE.tables)) {
      expect({ owner: local.tables[table]?.owner, rls: local.tables[table]?.rls }, `auth.${table}`).toEqual({
        owner: expected.owner,
        rls: expected.rls,
      });
    }
  });

  it('has exactly GoTrue’s columns, types, nullability and defaults', () => {
    for (const [table, expected] of Object.entries(GOTRUE.tables)) {
      expect(local.tables[table]?.columns, `auth.${table}`).toEqual(expected.columns);
    }
  });

  it('has exactly GoTrue’s unique indexes and keys by name (constraint or bare index), checks and foreign keys', () => {
    for (const [table, expected] of Object.entries(GOTRUE.tables)) {
      expect(local.tables[table]?.keys, `auth.${table} keys`).toEqual(expected.keys);
      expect(local.tables[table]?.checks, `auth.${table} checks`).toEqual(expected.checks);
      expect(local.tables[table]?.foreignKeys, `auth.${table} foreign keys`).toEqual(expected.foreignKeys);
    }
  });

  it('has GoTrue’s enums with their labels in order', () => {
    expect(local.enums).toEqual(GOTRUE.enums);
  });

  it('carries triggers only where Supabase supports them', async () => {
    const { rows } = await engine.db.query<{ tbl: string; trigger: string; body: string }>(
      `select c.relname as tbl, c.relname || ' ' || t.tgname || ' -> ' || t.tgfoid::regproc::text as trigger,
         p.prosrc as body
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_proc p on p.oid = t.tgfoid
       where n.nspname = 'auth' and not t.tgisinternal order by 2`,
    );
    // GoTrue makes no trigger; Supabase documents project triggers on these auth tables only.
    const documented = ['users', 'identities', 'sessions', 'refresh_tokens', 'audit_log_entries'];
    const elsewhere = rows.filter((r) => !documented.includes(r.tbl));
    // postgres holds TRIGGER on every auth table but owns none, so it could never drop one it put
    // elsewhere: the last-factor guard hangs on auth.sessions (migration 20261124003200).
    expect(elsewhere.map((r) => r.trigger)).toEqual([]);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('refuses what GoTrue’s schema refuses: an unknown aal, a bad email_change_confirm_status', async () => {
    const { rows } = await engine.db.query<{ id: string }>(
      `insert into auth.users (id, aud, role, email, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', 'schema@auth.test', now(), now()) returning id`,
    );
    const user = rows[0]!.id;
    await expect(
      engine.db.query(`insert into auth.sessions (id, user_id, aal) values (gen_random_uuid(), $1, 'aal9')`, [
        user,
      ]),
    ).rejects.toMatchObject({ code: '22P02' });
    await expect(
      engine.db.query(`update auth.users set email_change_confirm_status = 3 where id = $1`, [user]),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
