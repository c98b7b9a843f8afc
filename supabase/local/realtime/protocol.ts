import type { Policies } from './authorization';
import type { WebSocket } from 'ws';
import type { JwtClaims } from '../gateway/keys';
import type { Filter } from '../rest/request';

/**
 * Phoenix vsn 2.0.0 framing as Realtime speaks it: JSON arrays `[join_ref, ref, topic, event,
 * payload]` for everything, plus Realtime's two binary frame kinds for user broadcasts (a client
 * push, kind 3, and its fan-out, kind 4), which realtime-js uses for every `channel.send` broadcast.
 */
export type Frame = [string | null, string | null, string, string, Record<string, unknown>];

/** One decoded client message, whichever framing carried it. */
export interface Inbound {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  /** Set for a binary user broadcast: the body is relayed as bytes, never re-encoded. */
  userBroadcast?: UserBroadcast;
}

export interface UserBroadcast {
  event: string;
  /** 1 = JSON text, 0 = opaque bytes (Realtime's encoding byte). */
  encoding: number;
  body: Buffer;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;

export interface PostgresBinding {
  id: number;
  event: string;
  schema: string;
  table: string;
  filter: string | undefined;
  filters: Filter[];
  /** The binding exactly as the client sent it: the join reply echoes it back. */
  raw: Record<string, unknown>;
}

export interface Channel {
  topic: string;
  /** The topic without its `realtime:` prefix (what system messages call `channel`). */
  name: string;
  joinRef: string | null;
  claims: JwtClaims;
  role: string;
  bindings: PostgresBinding[];
  /** Joined with `config.private`: Broadcast never crosses between private and public channels. */
  isPrivate: boolean;
  /** A private channel's permissions from the realtime.messages policies (undefined: not asked yet). */
  policies: Policies;
  broadcastSelf: boolean;
  broadcastAck: boolean;
  presenceKey: string;
  /** Receives presence_state / presence_diff (asked for at join, or implied by a track). */
  presenceEnabled: boolean;
  expiry: NodeJS.Timeout | undefined;
  conn: Connection;
}

export interface Connection {
  ws: WebSocket;
  token: string;
  channels: Map<string, Channel>;
}

export const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function send(conn: Connection, frame: Frame | string | Buffer): void {
  if (conn.ws.readyState !== conn.ws.OPEN) return;
  conn.ws.send(Buffer.isBuffer(frame) || typeof frame === 'string' ? frame : JSON.stringify(frame));
}

export function reply(
  conn: Connection,
  msg: Pick<Inbound, 'joinRef' | 'ref' | 'topic'>,
  status: 'ok' | 'error',
  response: Record<string, unknown>,
): void {
  send(conn, [msg.joinRef, msg.ref, msg.topic, 'phx_reply', { status, response }]);
}

/** Decodes a text or binary frame; undefined for anything that is not a well-formed message. */
export function decodeFrame(data: Buffer, isBinary: boolean): Inbound | undefined {
  if (isBinary) return decodeUserBroadcastPush(data);
  let frame: unknown;
  try {
    frame = JSON.parse(data.toString());
  } catch {
    return undefined;
  }
  if (!Array.isArray(frame) || frame.length !== 5) return undefined;
  const [joinRef, ref, topic, event, payload] = frame as unknown[];
  if (typeof topic !== 'string' || typeof event !== 'string') return undefined;
  return {
    joinRef: typeof joinRef === 'string' ? joinRef : null,
    ref: typeof ref === 'string' ? ref : null,
    topic,
    event,
    payload: asRecord(payload),
  };
}

/**
 * Kind 3: kind, then one length byte each for join_ref, ref, topic, user event and metadata, one
 * encoding byte, those five strings, and the user payload as the rest.
 */
function decodeUserBroadcastPush(data: Buffer): Inbound | undefined {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) return undefined;
  const sizes = [data[1], data[2], data[3], data[4], data[5]].map(Number);
  const encoding = Number(data[6]);
  let offset = 7;
  const strings: string[] = [];
  for (const size of sizes) {
    if (offset + size > data.length) return undefined;
    strings.push(data.subarray(offset, offset + size).toString('utf8'));
    offset += size;
  }
  const [joinRef = '', ref = '', topic = '', event = ''] = strings;
  const body = data.subarray(offset);
  let payload: Record<string, unknown> = { type: 'broadcast', event };
  if (encoding === 1) {
    try {
      payload = { ...payload, payload: JSON.parse(body.toString('utf8')) as unknown };
    } catch {
      return undefined;
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload,
    userBroadcast: { event, encoding, body: Buffer.from(body) },
  };
}

/** Kind 4: kind, topic / user event / metadata lengths, encoding, those strings, then the body. */
export function encodeUserBroadcast(topic: string, message: UserBroadcast): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(message.event, 'utf8');
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    0,
    message.encoding,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, message.body]);
}
