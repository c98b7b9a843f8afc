import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Database } from '../db/engine';
import { mapApiKey, type JwtVerifier, type Keys } from '../gateway/keys';
import {
  noPolicies,
  readAccess,
  unauthorizedRead,
  writeAccess,
  type AuthorizationContext,
  type Extension,
} from './authorization';
import { checkBindings, JoinRefused, parseBindings } from './bindings';
import type { GatewayRequest, Reply } from '../gateway/http';
import { broadcastApi, relayBroadcast } from './broadcast';
import { PostgresChanges } from './changes';
import { PresenceTracker } from './presence';
import {
  asRecord,
  decodeFrame,
  reply,
  send,
  type Channel,
  type Connection,
  type Inbound,
  type PostgresBinding,
} from './protocol';
import { ChannelTokens } from './tokens';

/**
 * Realtime over Phoenix's vsn 2.0.0 frames (protocol §6): the socket, and a router from each
 * channel event to its handler. `postgres_changes` lives in changes.ts (checked at join by
 * bindings.ts), Broadcast in broadcast.ts, Presence in presence.ts, the wire format in protocol.ts.
 */
export interface RealtimeOptions {
  db: Database;
  keys: Keys;
  verifier: JwtVerifier;
  quiet: boolean;
}

const SOCKET_PATH = '/realtime/v1/websocket';

/**
 * Hosted Realtime's channels per client (socket): TENANT_MAX_CHANNELS_PER_CLIENT, default 100 in
 * supabase/realtime config/runtime.exs, and "Channels per client: 100" on every plan of
 * supabase.com/docs/guides/realtime/quotas. The join past it is refused with Realtime's reason.
 */
export const MAX_CHANNELS_PER_CLIENT = 100;

type ChannelHandler = (ch: Channel, msg: Inbound) => Promise<void> | void;

export class Realtime {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly connections = new Set<Connection>();
  private readonly tokens: ChannelTokens;
  private readonly changes: PostgresChanges;
  private readonly presence = new PresenceTracker((topic) => this.channelsOn(topic));

  /** Events on a joined channel (phx_join is routed before a channel exists). */
  private readonly channelEvents: Record<string, ChannelHandler> = {
    phx_leave: (ch, msg) => this.leave(ch, msg),
    access_token: (ch, msg) => this.refreshToken(ch, msg),
    broadcast: (ch, msg) => this.broadcastEvent(ch, msg),
    presence: (ch, msg) => this.presenceEvent(ch, msg),
  };

  constructor(private readonly opts: RealtimeOptions) {
    this.tokens = new ChannelTokens(opts.db, opts.verifier);
    this.changes = new PostgresChanges({
      db: opts.db,
      quiet: opts.quiet,
      channels: () => this.allChannels(),
    });
  }

  async start(): Promise<void> {
    await this.changes.start();
  }

  async stop(): Promise<void> {
    for (const conn of this.connections) {
      for (const ch of conn.channels.values()) clearTimeout(ch.expiry);
      conn.ws.terminate();
    }
    this.connections.clear();
    await this.changes.stop();
    this.wss.close();
  }

  /** Drops every socket as a network failure would (clients then reconnect and rejoin). */
  dropConnections(): number {
    const n = this.connections.size;
    for (const conn of this.connections) conn.ws.terminate();
    return n;
  }

  /** HTTP requests under /realtime/v1 (the Broadcast REST API). */
  handleHttp(req: GatewayRequest): Promise<Reply> {
    return broadcastApi(
      req,
      this.tokens,
      (topic) => this.channelsOn(topic),
      (topic, role, claims) => writeAccess(this.opts.db, { topic, role, claims }, 'broadcast'),
    );
  }

  private *allChannels(): Iterable<Channel> {
    for (const conn of this.connections) yield* conn.channels.values();
  }

  private *channelsOn(topic: string): Iterable<Channel> {
    for (const conn of this.connections) {
      const ch = conn.channels.get(topic);
      if (ch) yield ch;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Socket

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
      const bytes = Buffer.isBuffer(data)
        ? data
        : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
      const msg = decodeFrame(bytes, isBinary);
      if (!msg) return;
      this.route(conn, msg).catch((error: unknown) => {
        if (!this.opts.quiet) console.error('[local-supabase] realtime frame failed:', error);
      });
    });
    ws.on('close', () => {
      this.connections.delete(conn);
      for (const ch of conn.channels.values()) this.forget(ch);
      conn.channels.clear();
    });
    ws.on('error', () => ws.terminate());
  }

  private async route(conn: Connection, msg: Inbound): Promise<void> {
    if (msg.topic === 'phoenix') {
      if (msg.event === 'heartbeat') reply(conn, msg, 'ok', {});
      return;
    }
    if (msg.event === 'phx_join') {
      await this.join(conn, msg);
      return;
    }
    const ch = conn.channels.get(msg.topic);
    if (!ch) {
      // Phoenix's answer to a push on a topic this socket has not joined.
      if (msg.event === 'phx_leave') {
        reply(conn, msg, 'ok', {});
        send(conn, [msg.joinRef, msg.joinRef, msg.topic, 'phx_close', {}]);
      } else if (msg.ref) {
        reply(conn, msg, 'error', { reason: 'unmatched topic' });
      }
      return;
    }
    const handler = this.channelEvents[msg.event];
    if (handler) await handler(ch, msg);
    else if (msg.ref) reply(conn, msg, 'ok', {});
  }

  // -------------------------------------------------------------------------------------------
  // Channel lifecycle

  /** A channel leaves the topic (leave, server-side end, rejoin or closed socket). */
  private forget(ch: Channel): void {
    clearTimeout(ch.expiry);
    if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
    this.presence.untrack(ch);
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
    send(ch.conn, [
      null,
      null,
      ch.topic,
      'system',
      { extension: 'system', status: 'error', message, channel: ch.name },
    ]);
    send(ch.conn, [ch.joinRef, ch.joinRef, ch.topic, 'phx_close', {}]);
    this.forget(ch);
  }

  private async join(conn: Connection, msg: Inbound): Promise<void> {
    const { topic, payload } = msg;
    const refuse = (reason: string): void => reply(conn, msg, 'error', { reason });
    const config = asRecord(payload['config']);
    const token = typeof payload['access_token'] === 'string' ? payload['access_token'] : conn.token;
    const checked = await this.tokens.check(token);
    if (!checked.ok) {
      refuse(`InvalidJWTToken: ${checked.reason}`);
      return;
    }
    if (!conn.channels.has(topic) && conn.channels.size >= MAX_CHANNELS_PER_CLIENT) {
      refuse('ChannelRateLimitReached: Too many channels');
      return;
    }
    const name = topic.startsWith('realtime:') ? topic.slice('realtime:'.length) : topic;
    let bindings: PostgresBinding[];
    let missingTables: PostgresBinding[];
    try {
      bindings = parseBindings(config['postgres_changes']);
      missingTables = await checkBindings(this.opts.db, this.changes, bindings, checked.role);
    } catch (error) {
      if (!(error instanceof JoinRefused)) throw error;
      // A rejoin that now fails leaves the topic: nothing of the old join may keep running.
      const old = conn.channels.get(topic);
      if (old) this.forget(old);
      refuse(error.message);
      return;
    }
    const broadcast = asRecord(config['broadcast']);
    const presence = asRecord(config['presence']);
    const isPrivate = config['private'] === true;
    const policies = noPolicies();
    if (isPrivate) {
      // As Realtime: read is asked for broadcast, and for presence when the join enables it; a
      // channel that may read neither is refused.
      const extensions: Extension[] =
        presence['enabled'] === true ? ['broadcast', 'presence'] : ['broadcast'];
      const read = await readAccess(
        this.opts.db,
        { topic: name, role: checked.role, claims: checked.claims },
        extensions,
      );
      policies.broadcast.read = read.get('broadcast');
      policies.presence.read = read.get('presence');
      if (!policies.broadcast.read && !policies.presence.read) {
        const old = conn.channels.get(topic);
        if (old) this.forget(old);
        refuse(unauthorizedRead(name));
        return;
      }
    }
    const old = conn.channels.get(topic);
    if (old) this.forget(old);
    const presenceKey =
      typeof presence['key'] === 'string' && presence['key'] ? presence['key'] : randomUUID();
    const ch: Channel = {
      topic,
      name,
      joinRef: msg.joinRef,
      claims: checked.claims,
      role: checked.role,
      bindings,
      isPrivate,
      policies,
      broadcastSelf: broadcast['self'] === true,
      broadcastAck: broadcast['ack'] === true,
      presenceKey,
      presenceEnabled: presence['enabled'] === true,
      expiry: undefined,
      conn,
    };
    conn.channels.set(topic, ch);
    this.scheduleExpiry(ch);
    // Echo each binding exactly as sent, plus its id, in the same order (the client checks this).
    reply(conn, msg, 'ok', { postgres_changes: bindings.map((b) => ({ ...b.raw, id: b.id })) });
    if (ch.presenceEnabled) this.presence.sync(ch);
    if (bindings.length === 0) return;
    // Changes flow from here on: only now does the `system` message tell the client so.
    let problem: string | undefined;
    try {
      await this.changes.syncTriggers();
    } catch (error) {
      problem = (error as Error).message;
    }
    if (conn.channels.get(topic) !== ch) return;
    problem ??= missingTables.length
      ? missingTables
          .map(
            (b) =>
              `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${b.event}, schema: ${b.schema}, table: ${b.table}, filters: []]`,
          )
          .join('; ')
      : undefined;
    send(conn, [
      null,
      null,
      topic,
      'system',
      problem
        ? { extension: 'postgres_changes', status: 'error', message: problem, channel: name }
        : { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: name },
    ]);
  }

  private leave(ch: Channel, msg: Inbound): void {
    this.forget(ch);
    reply(ch.conn, msg, 'ok', {});
    send(ch.conn, [msg.joinRef, msg.joinRef, ch.topic, 'phx_close', {}]);
  }

  private async refreshToken(ch: Channel, msg: Inbound): Promise<void> {
    const token = msg.payload['access_token'];
    if (typeof token !== 'string') return;
    const checked = await this.tokens.check(token);
    if (!checked.ok) {
      this.endChannel(ch, checked.reason);
      return;
    }
    ch.claims = checked.claims;
    ch.role = checked.role;
    this.scheduleExpiry(ch);
  }

  private context(ch: Channel): AuthorizationContext {
    return { topic: ch.name, role: ch.role, claims: ch.claims };
  }

  /** Whether a private channel may write on `ext`, asked once per channel as Realtime does. */
  private async mayWrite(ch: Channel, ext: Extension): Promise<boolean> {
    if (!ch.isPrivate) return true;
    const access = ch.policies[ext];
    access.write ??= await writeAccess(this.opts.db, this.context(ch), ext);
    return access.write;
  }

  /** A private channel without a broadcast write policy is dropped silently (no ack), as hosted. */
  private async broadcastEvent(ch: Channel, msg: Inbound): Promise<void> {
    if (!(await this.mayWrite(ch, 'broadcast'))) return;
    relayBroadcast(ch, msg, (topic) => this.channelsOn(topic));
  }

  /** `presence` push: {event: track, payload} or {event: untrack}; replies ok or a reason. */
  private async presenceEvent(ch: Channel, msg: Inbound): Promise<void> {
    const event = typeof msg.payload['event'] === 'string' ? msg.payload['event'].toLowerCase() : '';
    if (event === 'track') {
      if (ch.isPrivate && ch.policies.presence.read === undefined) {
        const read = await readAccess(this.opts.db, this.context(ch), ['presence']);
        ch.policies.presence.read = read.get('presence');
      }
      if (!(await this.mayWrite(ch, 'presence'))) {
        reply(ch.conn, msg, 'error', {});
        return;
      }
      const body = msg.payload['payload'] ?? {};
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        reply(ch.conn, msg, 'error', { reason: 'Presence track payload must be a map' });
        return;
      }
      this.presence.track(ch, body as Record<string, unknown>);
    } else if (event === 'untrack') {
      this.presence.untrack(ch);
    } else {
      reply(ch.conn, msg, 'error', { reason: `unknown presence event "${event}"` });
      return;
    }
    reply(ch.conn, msg, 'ok', {});
  }
}
