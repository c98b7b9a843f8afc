import type { Queryable } from './engine';

/**
 * What the drift test compares between our auth schema and GoTrue's: every table with its owner,
 * its row-level-security flag and its columns (type as Postgres prints it, nullability), and every
 * enum with its labels in order. Defaults, indexes and constraint texts are left out: they print
 * differently across Postgres majors (PGlite is 17, hosted is 15).
 */
export interface AuthCatalog {
  tables: Record<
    string,
    { owner: string; rls: boolean; columns: Record<string, { type: string; nullable: boolean }> }
  >;
  enums: Record<string, string[]>;
}

export async function describeAuthSchema(q: Queryable, schema = 'auth'): Promise<AuthCatalog> {
  const { rows } = await q.query<{ doc: string }>(
    `select jsonb_build_object(
       'tables', coalesce((
         select jsonb_object_agg(c.relname, jsonb_build_object(
           'owner', pg_get_userbyid(c.relowner),
           'rls', c.relrowsecurity,
           'columns', (
             select jsonb_object_agg(a.attname, jsonb_build_object(
               'type', format_type(a.atttypid, a.atttypmod), 'nullable', not a.attnotnull))
             from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped)))
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = $1 and c.relkind in ('r', 'p')), '{}'::jsonb),
       'enums', coalesce((
         select jsonb_object_agg(t.typname, (
           select jsonb_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid))
         from pg_type t join pg_namespace n on n.oid = t.typnamespace
         where n.nspname = $1 and t.typtype = 'e'), '{}'::jsonb))::text as doc`,
    [schema],
  );
  return JSON.parse(rows[0]!.doc) as AuthCatalog;
}
