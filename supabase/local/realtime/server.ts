import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Database } from '../db/engine';
import { mapApiKey, type JwtClaims, type JwtVerifier, type Keys } from '../gateway/keys';
import { ApiError, parseFilter, splitTopLevel, type Filter } from '../rest/request';
import { filterSql, ident, Params, type Target } from '../rest/query';

/**
 * Realtime `postgres_changes` over Phoenix's vsn 2.0.0 JSON frames (protocol §6). Changes are
 * captured by AFTER ROW triggers on the tables of the `supabase_realtime` publication, announced by
 * NOTIFY after commit, then re-read once per distinct subscriber identity inside a transaction that
 * runs as that subscriber's role and claims, so RLS decides who gets what (§6.6).
 */
export interface RealtimeOptions {
  db: Database;
  keys: Keys;
  verifier: JwtVerifier;
  quiet: boolean;
}

const NOTIFY_CHANNEL = 'supabase_local_realtime';
const TRIGGER_NAME = 'supabase_local_realtime';
const SOCKET_PATH = '/realtime/v1/websocket';

interface Binding {
  id: number;
  event: string;
  schema: string;
  table: string;
  filter: string | undefined;
  filters: Filter[];
  raw: Record<string, unknown>;
}

interface Channel {
  topic: string;
  name: string;
  joinRef: string | null;
  claims: JwtClaims;
  role: string;
  bindings: Binding[];
  broadcastSelf: boolean;
  expiry: NodeJS.Timeout | undefined;
  conn: Connection;
}

interface Connection {
  ws: WebSocket;
  token: string;
  channels: Map<string, Channel>;
}

interface ChangeNotice {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  ts: string;
  pk: string | null;
  old: string | null;
}

interface TableMeta {
  schema: string;
  table: string;
  rls: boolean;
  primaryKey: Array<{ name: string; type: string }>;
  columns: Array<{ name: string; type: string; typname: string }>;
}

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

let nextBindingId = 1000;

/** Realtime's format: milliseconds, UTC, "Z" (the trigger sends microseconds). */
const commitTimestamp = (ts: string): string => (ts.length > 23 ? `${ts.slice(0, 23)}Z` : ts);

export class Realtime {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly connections = new Set<Connection>();
  private unlisten: (() => Promise<void>) | undefined;
  private queue: Promise<void> = Promise.resolve();
  private tableMeta = new Map<string, TableMeta | null>();
  private permitted = new Map<string, Set<string>>();
  private allowedRoles: Set<string> | undefined;
  private stopped = false;

  constructor(private readonly opts: RealtimeOptions) {}

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
    for (const conn of this.connections) {
      for (const ch of conn.channels.values()) clearTimeout(ch.expiry);
      conn.ws.terminate();
    }
    this.connections.clear();
    await this.unlisten?.().catch(() => undefined);
    await this.queue.catch(() => undefined);
    this.wss.close();
  }

  /** Drops every socket as a network failure would (clients then reconnect and rejoin). */
  dropConnections(): number {
    const n = this.connections.size;
    for (const conn of this.connections) conn.ws.terminate();
    return n;
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
    }>(
      `select n.nspname as schema, c.relname as name, c.relreplident::text as ident,
         coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                   from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                   where i.indrelid = c.oid and i.indisprimary), '[]')::text as pk,
         (select encode(t.tgargs, 'escape') from pg_trigger t where t.tgrelid = c.oid and t.tgname = $1) as current
       from pg_publication_tables pt
       join pg_namespace n on n.nspname = pt.schemaname
       join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
       where pt.pubname = 'supabase_realtime' and c.relkind in ('r', 'p')`,
      [TRIGGER_NAME],
    );
    const literal = (s: string): string => `'${s.replace(/'/g, "''")}'`;
    for (const r of rows) {
      const args = [r.ident === 'f' ? 'full' : 'default', ...(JSON.parse(r.pk) as string[])];
      const expected = args.map((a) => `${a.replace(/\\/g, '\\\\')}\\000`).join('');
      if (r.current === expected) continue;
      const table = `${ident(r.schema)}.${ident(r.name)}`;
      await db.exec(
        `drop trigger if exists ${TRIGGER_NAME} on ${table};
         create trigger ${TRIGGER_NAME} after insert or update or delete on ${table}
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

  // -------------------------------------------------------------------------------------------
  // Connections

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://local');
    const refuse = (status: number, error: string): void => {
      const body = JSON.stringify({ error });
      socket.end(
        `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Unauthorized'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    };
    if (url.pathname !== SOCKET_PATH && url.pathname !== `${SOCKET_PATH}/`) {
      refuse(404, 'Not found');
      return;
    }
    const headerKey = req.headers['x-api-key'] ?? req.headers['apikey'];
    const apikey = url.searchParams.get('apikey') ?? (typeof headerKey === 'string' ? headerKey : undefined);
    if (!apikey) {
      refuse(401, 'API key is missing');
      return;
    }
    const token = mapApiKey(this.opts.keys, apikey);
    this.opts.verifier
      .verify(token)
      .then((result) => {
        if (!result.ok) {
          refuse(
            401,
            result.reason === 'expired' ? 'Token has expired' : 'The token provided is not a valid JWT',
          );
          return;
        }
        this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, token));
      })
      .catch(() => socket.destroy());
  }

  private accept(ws: WebSocket, token: string): void {
    const conn: Connection = { ws, token, channels: new Map() };
    this.connections.add(conn);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      this.onFrame(conn, data.toString()).catch((error: unknown) => {
        if (!this.opts.quiet) console.error('[local-supabase] realtime frame failed:', error);
      });
    });
    ws.on('close', () => {
      for (const ch of conn.channels.values()) clearTimeout(ch.expiry);
      conn.channels.clear();
      this.connections.delete(conn);
    });
    ws.on('error', () => ws.terminate());
  }

  private send(conn: Connection, frame: Frame | string): void {
    if (conn.ws.readyState === conn.ws.OPEN)
      conn.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  private async roles(): Promise<Set<string>> {
    if (!this.allowedRoles) {
      const { rows } = await this.opts.db.query<{ rolname: string }>(
        `select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid
         join pg_roles a on a.oid = m.member where a.rolname = 'authenticator'`,
      );
      this.allowedRoles = new Set(
        rows.length ? rows.map((r) => r.rolname) : ['anon', 'authenticated', 'service_role'],
      );
    }
    return this.allowedRoles;
  }

  private async checkToken(
    token: string,
  ): Promise<{ ok: true; claims: JwtClaims; role: string } | { ok: false; reason: string }> {
    const result = await this.opts.verifier.verify(token);
    if (!result.ok) {
      if (result.reason === 'expired') {
        const exp = Number(
          JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}').exp ?? 0,
        );
        return {
          ok: false,
          reason: `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000 - exp))} seconds ago`,
        };
      }
      return { ok: false, reason: result.message };
    }
    const role = typeof result.claims.role === 'string' ? result.claims.role : '';
    if (!role || !(await this.roles()).has(role)) return { ok: false, reason: `invalid role "${role}"` };
    return { ok: true, claims: result.claims, role };
  }

  private scheduleExpiry(ch: Channel): void {
    clearTimeout(ch.expiry);
    const exp = typeof ch.claims.exp === 'number' ? ch.claims.exp * 1000 : undefined;
    if (!exp) return;
    const delay = Math.min(Math.max(0, exp - Date.now()), 2 ** 31 - 1);
    ch.expiry = setTimeout(() => this.endChannel(ch, 'Token has expired 0 seconds ago'), delay);
    ch.expiry.unref();
  }

  /** Server-side end: a system error then phx_close; the client does not rejoin. */
  private endChannel(ch: Channel, message: string): void {
    clearTimeout(ch.expiry);
    this.send(ch.conn, [
      null,
      null,
      ch.topic,
      'system',
      { extension: 'system', status: 'error', message, channel: ch.name },
    ]);
    this.send(ch.conn, [ch.joinRef, ch.joinRef, ch.topic, 'phx_close', {}]);
    ch.conn.channels.delete(ch.topic);
  }

  private async onFrame(conn: Connection, text: string): Promise<void> {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (!Array.isArray(frame) || frame.length !== 5) return;
    const [joinRef, ref, topic, event, rawPayload] = frame as [unknown, unknown, unknown, unknown, unknown];
    if (typeof topic !== 'string' || typeof event !== 'string') return;
    const jr = typeof joinRef === 'string' ? joinRef : null;
    const r = typeof ref === 'string' ? ref : null;
    const payload =
      rawPayload && typeof rawPayload === 'object' ? (rawPayload as Record<string, unknown>) : {};
    const reply = (status: 'ok' | 'error', response: Record<string, unknown>): void =>
      this.send(conn, [jr, r, topic, 'phx_reply', { status, response }]);

    if (topic === 'phoenix') {
      if (event === 'heartbeat') reply('ok', {});
      return;
    }
    switch (event) {
      case 'phx_join':
        await this.join(conn, jr, r, topic, payload);
        return;
      case 'phx_leave': {
        const ch = conn.channels.get(topic);
        if (ch) clearTimeout(ch.expiry);
        conn.channels.delete(topic);
        reply('ok', {});
        this.send(conn, [jr, jr, topic, 'phx_close', {}]);
        return;
      }
      case 'access_token': {
        const ch = conn.channels.get(topic);
        const token = payload['access_token'];
        if (!ch || typeof token !== 'string') return;
        const checked = await this.checkToken(token);
        if (!checked.ok) {
          this.endChannel(ch, checked.reason);
          return;
        }
        ch.claims = checked.claims;
        ch.role = checked.role;
        this.scheduleExpiry(ch);
        return;
      }
      case 'broadcast': {
        const ch = conn.channels.get(topic);
        if (!ch) return;
        for (const other of this.connections) {
          for (const target of other.channels.values()) {
            if (target.topic === topic && (target !== ch || ch.broadcastSelf)) {
              this.send(other, [null, null, topic, 'broadcast', payload]);
            }
          }
        }
        if (r) reply('ok', {});
        return;
      }
      default:
        if (r) reply('ok', {});
    }
  }

  private async join(
    conn: Connection,
    jr: string | null,
    ref: string | null,
    topic: string,
    payload: Record<string, unknown>,
  ): Promise<void> {
    const replyError = (reason: string): void =>
      this.send(conn, [jr, ref, topic, 'phx_reply', { status: 'error', response: { reason } }]);
    const config = (payload['config'] ?? {}) as Record<string, unknown>;
    const token = typeof payload['access_token'] === 'string' ? payload['access_token'] : conn.token;
    const checked = await this.checkToken(token);
    if (!checked.ok) {
      replyError(`InvalidJWTToken: ${checked.reason}`);
      return;
    }
    const requested = Array.isArray(config['postgres_changes'])
      ? (config['postgres_changes'] as unknown[])
      : [];
    const name = topic.startsWith('realtime:') ? topic.slice('realtime:'.length) : topic;
    const bindings: Binding[] = [];
    const problems: string[] = [];
    for (const item of requested) {
      const raw = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
      const event = typeof raw['event'] === 'string' ? raw['event'] : '*';
      const schema = typeof raw['schema'] === 'string' ? raw['schema'] : 'public';
      const table = typeof raw['table'] === 'string' ? raw['table'] : '*';
      const filter = typeof raw['filter'] === 'string' ? raw['filter'] : undefined;
      let filters: Filter[] = [];
      if (filter) {
        try {
          filters = splitTopLevel(filter).map((part) => {
            const eq = part.indexOf('=');
            if (eq <= 0) throw new ApiError(400, 'filter', `Error parsing filter params: ${filter}`);
            return parseFilter(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
          });
        } catch {
          problems.push(`Error parsing filter params: ${filter}`);
        }
      }
      bindings.push({ id: nextBindingId++, event: event.toUpperCase(), schema, table, filter, filters, raw });
    }
    const old = conn.channels.get(topic);
    if (old) clearTimeout(old.expiry);
    const broadcast = (config['broadcast'] ?? {}) as Record<string, unknown>;
    const ch: Channel = {
      topic,
      name,
      joinRef: jr,
      claims: checked.claims,
      role: checked.role,
      bindings,
      broadcastSelf: broadcast['self'] === true,
      expiry: undefined,
      conn,
    };
    conn.channels.set(topic, ch);
    this.scheduleExpiry(ch);
    // Echo each binding exactly as sent, plus its id, in the same order (the client checks this).
    this.send(conn, [
      jr,
      ref,
      topic,
      'phx_reply',
      { status: 'ok', response: { postgres_changes: bindings.map((b) => ({ ...b.raw, id: b.id })) } },
    ]);
    if (bindings.length === 0) return;
    try {
      await this.syncTriggers();
      for (const b of bindings) {
        if (b.table === '*') continue;
        const meta = await this.meta(b.schema, b.table);
        if (!meta) {
          problems.push(
            `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${b.event}, schema: ${b.schema}, table: ${b.table}, filters: [${b.filter ?? ''}]]`,
          );
          continue;
        }
        const allowed = await this.permittedColumns(meta, ch.role);
        for (const f of b.filters) {
          if (!meta.columns.some((c) => c.name === f.column.name) || !allowed.has(f.column.name)) {
            problems.push(`invalid column for filter ${f.column.name}`);
          }
        }
      }
    } catch (error) {
      problems.push((error as Error).message);
    }
    if (!conn.channels.has(topic)) return;
    this.send(conn, [
      null,
      null,
      topic,
      'system',
      problems.length
        ? { extension: 'postgres_changes', status: 'error', message: problems.join('; '), channel: name }
        : { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: name },
    ]);
  }

  // -------------------------------------------------------------------------------------------
  // Delivery

  private async meta(schema: string, table: string): Promise<TableMeta | undefined> {
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

  private async permittedColumns(meta: TableMeta, role: string): Promise<Set<string>> {
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

  private matches(b: Binding, notice: ChangeNotice): boolean {
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
    const groups = new Map<string, Array<{ ch: Channel; bindings: Binding[] }>>();
    for (const conn of this.connections) {
      for (const ch of conn.channels.values()) {
        const bindings = ch.bindings.filter((b) => this.matches(b, notice));
        if (!bindings.length) continue;
        const key = `${ch.role}\u0000${JSON.stringify(ch.claims)}`;
        groups.set(key, [...(groups.get(key) ?? []), { ch, bindings }]);
      }
    }
    if (groups.size === 0) return;
    const meta = await this.meta(notice.schema, notice.table);
    if (!meta || meta.primaryKey.length === 0) return;
    for (const members of groups.values()) {
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

  private async deliverToGroup(
    notice: ChangeNotice,
    meta: TableMeta,
    role: string,
    claims: JwtClaims,
    members: Array<{ ch: Channel; bindings: Binding[] }>,
  ): Promise<void> {
    const allowed = await this.permittedColumns(meta, role);
    if (!meta.primaryKey.every((k) => allowed.has(k.name))) return;
    const columns = meta.columns.filter((c) => allowed.has(c.name));
    const target: Target = {
      columns: new Map(meta.columns.map((c) => [c.name, { name: c.name, type: c.type, typname: c.typname }])),
      label: meta.table,
    };
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
      const pkParam = params.add(notice.pk ?? '{}');
      const where = meta.primaryKey
        .map(
          (k) => `pgrst_t.${ident(k.name)} = (${pkParam}::jsonb ->> ${params.add(k.name)}::text)::${k.type}`,
        )
        .join(' and ');
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
      this.send(
        ch.conn,
        `[null,null,${JSON.stringify(ch.topic)},"postgres_changes",{"ids":${JSON.stringify(ids)},"data":${data}}]`,
      );
    }
  }
}
