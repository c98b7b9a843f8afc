import type { Queryable } from './engine';

/**
 * What the drift test compares between our auth schema and GoTrue's: every table with its owner,
 * its row-level-security flag, its columns (type as Postgres prints it, nullability, default
 * expression), its unique indexes by name (primary keys included, and whether each is a constraint:
 * `on conflict on constraint …` works only then), its CHECK and FOREIGN KEY definitions (what a
 * row may hold; their names are left out), and every enum with its labels in order. Plain indexes
 * are left out: they change speed, not what the database accepts. PostgreSQL 17's NOT NULL
 * constraints are left out too (the columns carry nullability), so catalogs from 15 and 17 compare.
 */
export interface AuthCatalog {
  tables: Record<
    string,
    {
      owner: string;
      rls: boolean;
      columns: Record<string, { type: string; nullable: boolean; default: string | null }>;
      /** Unique indexes (primary keys included) by name, and whether a constraint stands behind each. */
      keys: Record<string, { definition: string; constraint: 'primary key' | 'unique' | null }>;
      /** CHECK and FOREIGN KEY definitions, sorted: what rows are refused, whatever the names. */
      checks: string[];
      foreignKeys: string[];
    }
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
               'type', format_type(a.atttypid, a.atttypmod), 'nullable', not a.attnotnull,
               'default', pg_get_expr(d.adbin, d.adrelid)))
             from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
           'keys', coalesce((
             select jsonb_object_agg(ic.relname, jsonb_build_object(
               'definition', replace(pg_get_indexdef(i.indexrelid), ' ' || $1 || '.', ' '),
               'constraint', (select case k.contype when 'p' then 'primary key' when 'u' then 'unique' end
                              from pg_constraint k where k.conindid = i.indexrelid and k.contype in ('p', 'u'))))
             from pg_index i join pg_class ic on ic.oid = i.indexrelid
             where i.indrelid = c.oid and i.indisunique), '{}'::jsonb),
           'checks', coalesce((
             select jsonb_agg(pg_get_constraintdef(k.oid) order by pg_get_constraintdef(k.oid))
             from pg_constraint k where k.conrelid = c.oid and k.contype = 'c'), '[]'::jsonb),
           'foreignKeys', coalesce((
             select jsonb_agg(pg_get_constraintdef(k.oid) order by pg_get_constraintdef(k.oid))
             from pg_constraint k where k.conrelid = c.oid and k.contype = 'f'), '[]'::jsonb)))
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
