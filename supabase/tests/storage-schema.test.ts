/**
 * The storage schema of the project's database, as hosted Supabase has it once supabase/postgres's
 * init script and the storage server's tenant migrations have run (supabase/local/db/
 * storage-schema.sql): the columns a migration's policies and the app read, the path helpers, the
 * triggers, and row-level security with no policy until a migration adds one. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, outcome, pgError, probe, type Engine } from './helpers/db';

describe.each(engines)('storage schema on %s', (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
  });
  afterAll(async () => {
    await engine?.close();
  });

  const columns = async (table: string) =>
    (
      await engine.db.query<{ name: string; type: string; nullable: boolean; fill: string }>(
        `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
           case when a.attgenerated = 's' then 'generated ' else '' end
             || coalesce(pg_get_expr(d.adbin, d.adrelid), '') as fill
         from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`,
        [table],
      )
    ).rows.map((c) => `${c.name} ${c.type}${c.nullable ? '' : ' not null'}${c.fill ? ` = ${c.fill}` : ''}`);

  it('has the buckets and objects tables storage-js and policies read, in the tenant migrations’ column order', async () => {
    expect(await columns('storage.buckets')).toEqual([
      'id text not null',
      'name text not null',
      'owner uuid',
      'created_at timestamp with time zone = now()',
      'updated_at timestamp with time zone = now()',
      'public boolean = false',
      'avif_autodetection boolean = false',
      'file_size_limit bigint',
      'allowed_mime_types text[]',
      'owner_id text',
      "type storage.buckettype not null = 'STANDARD'::storage.buckettype",
      "versioning_status text not null = 'DISABLED'::text",
    ]);
    expect(await columns('storage.objects')).toEqual([
      'id uuid not null = gen_random_uuid()',
      'bucket_id text',
      'name text',
      'owner uuid',
      'created_at timestamp with time zone = now()',
      'updated_at timestamp with time zone = now()',
      'last_accessed_at timestamp with time zone = now()',
      'metadata jsonb',
      "path_tokens text[] = generated string_to_array(name, '/'::text)",
      'version text',
      'owner_id text',
      'user_metadata jsonb',
      'archived_at timestamp with time zone',
      'is_delete_marker boolean not null = false',
      'is_versioned boolean not null = false',
    ]);
    const keys = await engine.db.query<{ def: string }>(
      `select conname || ': ' || pg_get_constraintdef(oid) as def from pg_constraint
       where conrelid = 'storage.objects'::regclass and contype in ('f', 'p') order by conname`,
    );
    expect(keys.rows.map((r) => r.def)).toEqual([
      'objects_bucketId_fkey: FOREIGN KEY (bucket_id) REFERENCES storage.buckets(id)',
      'objects_pkey: PRIMARY KEY (id)',
    ]);
  });

  it('splits paths as storage.foldername, filename and extension do on hosted', async () => {
    const { rows } = await engine.db.query<Record<string, unknown>>(
      `select storage.foldername('f3c1/2026/01.pdf') as folders, storage.foldername('top.pdf') as none,
         storage.filename('f3c1/2026/01.pdf') as file, storage.extension('f3c1/2026/01.statement.pdf') as ext,
         storage.extension('f3c1/README') as bare,
         (storage.foldername('f3c1/2026-01.pdf'))[1] as owner_folder`,
    );
    expect(rows[0]).toEqual({
      folders: ['f3c1', '2026'],
      none: [],
      file: '01.pdf',
      ext: 'pdf',
      bare: 'README',
      owner_folder: 'f3c1',
    });
  });

  it('keeps row-level security on with no policy: only the service role sees or writes rows', async () => {
    const ROLLBACK = new Error('rollback');
    await engine.db
      .transaction(async (tx) => {
        await tx.exec(`insert into storage.buckets (id, name) values ('probe', 'probe');
          insert into storage.objects (bucket_id, name) values ('probe', 'someone/file.pdf');`);
        // The role applies from the next statement on (RLS is planned per statement).
        const seen = async (role: string) => {
          await tx.query(`select set_config('role', $1, true)`, [role]);
          return (await tx.query<{ n: number }>(`select count(*)::int as n from storage.objects`)).rows[0]?.n;
        };
        expect(await seen('anon')).toBe(0);
        expect(await seen('authenticated')).toBe(0);
        expect(await seen('service_role')).toBe(1);
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    const write = await outcome(() =>
      probe(engine.db, { role: 'authenticated', uid: '00000000-0000-4000-8000-000000000001' }, (tx) =>
        tx.query(`insert into storage.buckets (id, name) values ('mine', 'mine')`),
      ),
    );
    expect(write).toBe('42501');
  });

  it('fills path_tokens, follows updates in updated_at and refuses bucket names over 100 characters', async () => {
    const ROLLBACK = new Error('rollback');
    await engine.db
      .transaction(async (tx) => {
        await tx.exec(`insert into storage.buckets (id, name) values ('probe', 'probe');
          insert into storage.objects (bucket_id, name, updated_at) values ('probe', 'a/b/c.pdf', now() - interval '1 day');
          update storage.objects set metadata = '{}' where name = 'a/b/c.pdf';`);
        const { rows } = await tx.query<{ tokens: string[]; fresh: boolean }>(
          `select path_tokens as tokens, updated_at > now() - interval '1 minute' as fresh from storage.objects where name = 'a/b/c.pdf'`,
        );
        expect(rows).toEqual([{ tokens: ['a', 'b', 'c.pdf'], fresh: true }]);
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    const long = await engine.db
      .query(`insert into storage.buckets (id, name) values ('long', repeat('x', 101))`)
      .then(
        () => 'ok',
        (error: unknown) => pgError(error).message,
      );
    expect(long).toBe('bucket name "' + 'x'.repeat(101) + '" is too long (101 characters). Max is 100.');
  });

  it('refuses a DELETE on the storage tables unless the Storage API runs it (storage.allow_delete_query)', async () => {
    const attempt = (allow: boolean) =>
      engine.db
        .transaction(async (tx) => {
          if (allow) await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
          await tx.exec(`delete from storage.objects where false; delete from storage.buckets where false;`);
        })
        .then(
          () => 'ok',
          (error: unknown) => `${pgError(error).code}: ${pgError(error).message}`,
        );
    expect(await attempt(false)).toBe(
      '42501: Direct deletion from storage tables is not allowed. Use the Storage API instead.',
    );
    expect(await attempt(true)).toBe('ok');
  });

  it('tells policies which API operation runs (storage.operation, allow_only_operation, allow_any_operation)', async () => {
    const { rows } = await engine.db.transaction((tx) =>
      tx.query<Record<string, unknown>>(
        `select set_config('storage.operation', 'storage.object.upload', true),
           storage.operation() as op, storage.allow_only_operation('object.upload') as upload,
           storage.allow_only_operation('storage.object.list') as list,
           storage.allow_any_operation(array['object.list', 'storage.object.upload']) as any_of`,
      ),
    );
    expect(rows[0]).toMatchObject({ op: 'storage.object.upload', upload: true, list: false, any_of: true });
  });
});
