import type { Database } from '../db/engine';
import type { JwtClaims } from '../gateway/keys';
import { filterSql, ident, Params, type Target } from '../rest/query';
import { send, type Channel, type PostgresBinding } from './protocol';

/**
 * `postgres_changes` fan-out (protocol §6). Changes are captured by AFTER ROW triggers on the
 * tables of the `supabase_realtime` publication, announced by NOTIFY after commit, then re-read
 * once per distinct subscriber identity inside a transaction that runs as that subscriber's role
 * and claims, so RLS decides who gets what (§6.6).
 */
export interface PostgresChangesOptions {
  db: Database;
  quiet: boolean;
  /** Every joined channel on every open socket, read at delivery time. */
  channels: () => Iterable<Channel>;
}

const NOTIFY_CHANNEL = 'supabase_local_realtime';
const TRIGGER_NAME = 'supabase_local_realtime';

/** pg_trigger.tgtype of a row-level AFTER trigger on the given operations ("insert or update"). */
function triggerType(ops: string): number {
  const bits: Record<string, number> = { insert: 4, delete: 8, update: 16 };
  return ops.split(' or ').reduce((type, op) => type | (bits[op] ?? 0), 1);
}

interface ChangeNotice {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  ts: string;
  pk: string | null;
  old: string | null;
}

export interface TableMeta {
  schema: string;
  table: string;
  rls: boolean;
  primaryKey: Array<{ name: string; type: string }>;
  columns: Array<{ name: string; type: string; typname: string }>;
}

/** `pgrst_t.<pk> = <the changed row's key>`, for re-reading the row a notice is about. */
function primaryKeyMatch(meta: TableMeta, notice: ChangeNotice, params: Params): string {
  const pkParam = params.add(notice.pk ?? '{}');
  return meta.primaryKey
    .map((k) => `pgrst_t.${ident(k.name)} = (${pkParam}::jsonb ->> ${params.add(k.name)}::text)::${k.type}`)
    .join(' and ');
}

/** Realtime's format: milliseconds, UTC, "Z" (the trigger sends microseconds). */
const commitTimestamp = (ts: string): string => (ts.length > 23 ? `${ts.slice(0, 23)}Z` : ts);

/** The filter SQL's view of a table: every column, typed, so values are cast as PostgREST casts them. */
export const filterTarget = (meta: TableMeta): Target => ({
  columns: new Map(meta.columns.map((c) => [c.name, { name: c.name, type: c.type, typname: c.typname }])),
  label: meta.table,
});

export class PostgresChanges {
  private unlisten: (() => Promise<void>) | undefined;
  private queue: Promise<void> = Promise.resolve();
  private tableMeta = new Map<string, TableMeta | null>();
  private permitted = new Map<string, Set<string>>();
  private stopped = false;

  constructor(private readonly opts: PostgresChangesOptions) {}

  async start(): Promise<void> {
    await this.syncTriggers();
    this.unlisten = await this.opts.db.listen(NOTIFY_CHANNEL, (payload) => {
      // One change at a time, in commit order.
      this.queue = this.queue
        .then(() => this.deliver(payload))
        .catch((error: unknown) => {
          if (!this.stopped) console.error('[local-supabase] realtime delivery failed:', error);
        });
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.unlisten?.().catch(() => undefined);
    await this.queue.catch(() => undefined);
  }

  /** Installs the capture trigger on every published table and removes it from the others. */
  async syncTriggers(): Promise<void> {
    const { db } = this.opts;
    const { rows } = await db.query<{
      schema: string;
      name: string;
      ident: string;
      pk: string;
      current: string | null;
      current_type: number | null;
      ops: string;
    }>(
      // The publication's publish option (insert, update, delete) decides which changes are sent, as
      // in Postgres logical replication, which hosted Realtime reads.
      `select n.nspname as schema, c.relname as name, c.relreplident::text as ident,
         concat_ws(' or ', case when p.pubinsert then 'insert' end, case when p.pubupdate then 'update' end,
           case when p.pubdelete then 'delete' end) as ops,
         (select t.tgtype::int from pg_trigger t where t.tgrelid = c.oid and t.tgname = $1) as current_type,
         coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                   from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                   where i.indrelid = c.oid and i.indisprimary), '[]')::text as pk,
         (select encode(t.tgargs, 'escape') from pg_trigger t where t.tgrelid = c.oid and t.tgname = $1) as current
       from pg_publication_tables pt
       join pg_publication p on p.pubname = pt.pubname
       join pg_namespace n on n.nspname = pt.schemaname
       join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
       where pt.pubname = 'supabase_realtime' and c.relkind in ('r', 'p')`,
      [TRIGGER_NAME],
    );
    const literal = (s: string): string => `'${s.replace(/'/g, "''")}'`;
    for (const r of rows) {
      const args = [r.ident === 'f' ? 'full' : 'default', ...(JSON.parse(r.pk) as string[])];
      const expected = args.map((a) => `${a.replace(/\\/g, '\\\\')}\\000`).join('');
      if (r.current === expected && r.current_type === triggerType(r.ops)) continue;
      const table = `${ident(r.schema)}.${ident(r.name)}`;
      await db.exec(`drop trigger if exists ${TRIGGER_NAME} on ${table};`);
      if (r.ops === '') continue;
      await db.exec(
        `create trigger ${TRIGGER_NAME} after ${r.ops} on ${table}
           for each row execute function realtime.local_capture_changes(${args.map(literal).join(', ')});`,
      );
    }
    const stale = await db.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_trigger t
       join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where t.tgname = $1 and not exists (
         select 1 from pg_publication_tables pt
         where pt.pubname = 'supabase_realtime' and pt.schemaname = n.nspname and pt.tablename = c.relname)`,
      [TRIGGER_NAME],
    );
    for (const r of stale.rows)
      await db.exec(`drop trigger if exists ${TRIGGER_NAME} on ${ident(r.schema)}.${ident(r.name)}`);
    this.tableMeta.clear();
    this.permitted.clear();
  }

  async meta(schema: string, table: string): Promise<TableMeta | undefined> {
    const key = `${schema}.${table}`;
    if (!this.tableMeta.has(key)) {
      const { rows } = await this.opts.db.query<{ rls: boolean; pk: string; columns: string }>(
        `select c.relrowsecurity as rls,
           coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod))
                       order by array_position(i.indkey::int2[], a.attnum))
                     from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                     where i.indrelid = c.oid and i.indisprimary), '[]')::text as pk,
           coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typname', t.typname) order by a.attnum)
                     from pg_attribute a join pg_type t on t.oid = a.atttypid
                     where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]')::text as columns
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
        [schema, table],
      );
      const r = rows[0];
      this.tableMeta.set(
        key,
        r
          ? {
              schema,
              table,
              rls: r.rls,
              primaryKey: JSON.parse(r.pk) as TableMeta['primaryKey'],
              columns: JSON.parse(r.columns) as TableMeta['columns'],
            }
          : null,
      );
    }
    return this.tableMeta.get(key) ?? undefined;
  }

  async permittedColumns(meta: TableMeta, role: string): Promise<Set<string>> {
    const key = `${meta.schema}.${meta.table}:${role}`;
    let set = this.permitted.get(key);
    if (!set) {
      const { rows } = await this.opts.db.query<{ name: string }>(
        `select a.attname as name from pg_attribute a
         where a.attrelid = ($1::text)::regclass and a.attnum > 0 and not a.attisdropped
           and has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')`,
        [`${ident(meta.schema)}.${ident(meta.table)}`, role],
      );
      set = new Set(rows.map((r) => r.name));
      this.permitted.set(key, set);
    }
    return set;
  }

  private matches(b: PostgresBinding, notice: ChangeNotice): boolean {
    return (
      (b.event === '*' || b.event === notice.type) &&
      b.schema === notice.schema &&
      (b.table === '*' || b.table === notice.table)
    );
  }

  private async deliver(payload: string): Promise<void> {
    if (this.stopped) return;
    const notice = JSON.parse(payload) as ChangeNotice;
    // Group the interested channels by identity: one RLS check per distinct role + claims.
    const groups = new Map<string, Array<{ ch: Channel; bindings: PostgresBinding[] }>>();
    for (const ch of this.opts.channels()) {
      const bindings = ch.bindings.filter((b) => this.matches(b, notice));
      if (!bindings.length) continue;
      const key = `${ch.role}\u0000${JSON.stringify(ch.claims)}`;
      groups.set(key, [...(groups.get(key) ?? []), { ch, bindings }]);
    }
    if (groups.size === 0) return;
    const meta = await this.meta(notice.schema, notice.table);
    if (!meta || meta.primaryKey.length === 0) return;
    for (const members of await this.couldMatch(notice, meta, [...groups.values()])) {
      const first = members[0];
      if (!first) continue;
      await this.deliverToGroup(notice, meta, first.ch.role, first.ch.claims, members).catch(
        (error: unknown) => {
          if (!this.opts.quiet)
            console.error('[local-supabase] realtime check failed:', (error as Error).message);
        },
      );
    }
  }

  /**
   * The groups with a binding that could match the changed row: unfiltered ones, and those whose
   * filter holds on the row as the server sees it (one query for all of them, no RLS). Only a
   * narrowing: each remaining group is still re-read under its own role and claims, which alone
   * decides delivery. Without it a change to one member's row costs one RLS query per connected
   * identity (a thousand dashboards: a thousand queries) before the one member hears of it.
   */
  private async couldMatch<G extends Array<{ bindings: PostgresBinding[] }>>(
    notice: ChangeNotice,
    meta: TableMeta,
    groups: G[],
  ): Promise<G[]> {
    if (notice.type === 'DELETE') return groups; // judged on the old values in deliverToGroup
    const keep = new Set<number>();
    const filtered: Array<{ group: number; binding: PostgresBinding }> = [];
    groups.forEach((members, group) => {
      for (const b of members.flatMap((m) => m.bindings)) {
        if (b.filters.length) filtered.push({ group, binding: b });
        else keep.add(group);
      }
    });
    const target = filterTarget(meta);
    const table = `${ident(meta.schema)}.${ident(meta.table)}`;
    // Postgres allows 1,664 result columns: filters are evaluated a few hundred at a time.
    for (let i = 0; i < filtered.length; i += 500) {
      const part = filtered.slice(i, i + 500).filter((f) => !keep.has(f.group));
      if (!part.length) continue;
      const params = new Params();
      const flags = part.map(
        ({ binding }, j) =>
          `(${binding.filters.map((f) => filterSql(target, f, params, 'pgrst_t')).join(' and ')}) as f${j}`,
      );
      try {
        const row = (
          await this.opts.db.query<Record<string, unknown>>(
            `select ${flags.join(', ')} from ${table} pgrst_t where ${primaryKeyMatch(meta, notice, params)}`,
            params.values,
          )
        ).rows[0];
        if (!row) continue; // gone since: nothing of this part can match
        part.forEach(({ group }, j) => {
          if (row[`f${j}`] === true) keep.add(group);
        });
      } catch {
        // A filter that fails on this row: leave the verdict (and the report) to deliverToGroup.
        for (const { group } of part) keep.add(group);
      }
    }
    return groups.filter((_, group) => keep.has(group));
  }

  private async deliverToGroup(
    notice: ChangeNotice,
    meta: TableMeta,
    role: string,
    claims: JwtClaims,
    members: Array<{ ch: Channel; bindings: PostgresBinding[] }>,
  ): Promise<void> {
    const allowed = await this.permittedColumns(meta, role);
    if (!meta.primaryKey.every((k) => allowed.has(k.name))) return;
    const columns = meta.columns.filter((c) => allowed.has(c.name));
    const target = filterTarget(meta);
    const params = new Params();
    const table = `${ident(meta.schema)}.${ident(meta.table)}`;
    const flagSql = (alias: string): string[] =>
      members
        .flatMap((m) => m.bindings)
        .map((b) => {
          return b.filters.length
            ? `(${b.filters.map((f) => filterSql(target, f, params, alias)).join(' and ')})`
            : 'true';
        });
    const oldKeys =
      notice.type === 'DELETE' && meta.rls ? meta.primaryKey.map((k) => k.name) : columns.map((c) => c.name);
    let row: Record<string, unknown> | undefined;
    if (notice.type === 'DELETE') {
      // Not RLS-checked on Supabase either; filters see only the old values we have.
      const oldParam = params.add(notice.old ?? '{}');
      const keysParam = params.add(oldKeys);
      const flags = flagSql('pgrst_t');
      const sql = `select (select json_object_agg(key, value) from json_each(${oldParam}::json) where key = any(${keysParam}::text[]))::text as old_record,
          ${flags.map((f, i) => `${f} as f${i}`).join(', ')}
        from jsonb_populate_record(null::${table}, ${params.add(notice.old ?? '{}')}::jsonb) pgrst_t`;
      row = (await this.opts.db.query<Record<string, unknown>>(sql, params.values)).rows[0];
    } else {
      const where = primaryKeyMatch(meta, notice, params);
      const record = `json_build_object(${columns.map((c) => `${params.add(c.name)}::text, pgrst_t.${ident(c.name)}`).join(', ')})::text`;
      const oldSql =
        notice.type === 'UPDATE'
          ? `(select json_object_agg(key, value) from json_each(${params.add(notice.old ?? '{}')}::json) where key = any(${params.add(oldKeys)}::text[]))::text`
          : 'null::text';
      const flags = flagSql('pgrst_t');
      const sql = `select ${record} as record, ${oldSql} as old_record, ${flags.map((f, i) => `${f} as f${i}`).join(', ')}
        from ${table} pgrst_t where ${where}`;
      row = await this.opts.db.transaction(async (tx) => {
        await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
          role,
          JSON.stringify(claims),
        ]);
        return (await tx.query<Record<string, unknown>>(sql, params.values)).rows[0];
      });
    }
    if (!row) return;
    const data =
      `{"schema":${JSON.stringify(notice.schema)},"table":${JSON.stringify(notice.table)},` +
      `"commit_timestamp":${JSON.stringify(commitTimestamp(notice.ts))},"type":${JSON.stringify(notice.type)},` +
      `"columns":${JSON.stringify(columns.map((c) => ({ name: c.name, type: c.typname })))},` +
      (notice.type !== 'DELETE' ? `"record":${String(row['record'] ?? '{}')},` : '') +
      (notice.type !== 'INSERT' ? `"old_record":${String(row['old_record'] ?? '{}')},` : '') +
      `"errors":null}`;
    let flagIndex = 0;
    for (const { ch, bindings } of members) {
      const ids: number[] = [];
      for (const b of bindings) {
        if (row[`f${flagIndex}`] === true) ids.push(b.id);
        flagIndex++;
      }
      if (!ids.length || !ch.conn.channels.has(ch.topic)) continue;
      send(
        ch.conn,
        `[null,null,${JSON.stringify(ch.topic)},"postgres_changes",{"ids":${JSON.stringify(ids)},"data":${data}}]`,
      );
    }
  }
}
