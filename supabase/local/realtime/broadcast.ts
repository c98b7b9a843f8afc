import { json, type GatewayRequest, type Reply } from '../gateway/http';
import { asRecord, encodeUserBroadcast, reply, send, type Channel, type Inbound } from './protocol';
import type { JwtClaims } from '../gateway/keys';
import type { ChannelTokens } from './tokens';

/**
 * Broadcast: a message sent on a channel goes to every channel joined to the same topic, the
 * sender's own only when it joined with `broadcast.self`. With `broadcast.ack` the sender gets an
 * ok reply once the message went out; without it, no reply at all (as Realtime). realtime-js sends
 * its broadcasts as binary user-broadcast frames; those are relayed as binary, others as JSON.
 */
/**
 * The largest broadcast payload: the Free plan's "Broadcast payload size 256 KB" of
 * supabase.com/docs/guides/realtime/quotas (paid plans 3,000 KB, supabase/realtime's default
 * `max_payload_size_in_kb`), plus the 500 bytes of slack Realtime's check allows.
 */
export const MAX_BROADCAST_PAYLOAD_BYTES = 256 * 1000 + 500;

export function relayBroadcast(
  sender: Channel,
  msg: Inbound,
  channelsOn: (topic: string) => Iterable<Channel>,
): void {
  const size = msg.userBroadcast
    ? msg.userBroadcast.body.length
    : Buffer.byteLength(JSON.stringify(msg.payload));
  if (size > MAX_BROADCAST_PAYLOAD_BYTES) {
    // As Realtime: not relayed; with ack the sender's reply is the error `payload_size_exceeded`.
    if (sender.broadcastAck && msg.ref) {
      send(sender.conn, [
        msg.joinRef,
        msg.ref,
        msg.topic,
        'phx_reply',
        { status: 'error', response: 'payload_size_exceeded' },
      ]);
    }
    return;
  }
  const frame = msg.userBroadcast
    ? encodeUserBroadcast(msg.topic, msg.userBroadcast)
    : JSON.stringify([null, null, msg.topic, 'broadcast', msg.payload]);
  for (const target of channelsOn(msg.topic)) {
    if (!hears(target, sender.isPrivate)) continue;
    if (target !== sender || sender.broadcastSelf) send(target.conn, frame);
  }
  if (sender.broadcastAck && msg.ref) reply(sender.conn, msg, 'ok', {});
}

/** Private and public never mix; a private channel hears broadcasts only with a read policy. */
function hears(target: Channel, isPrivate: boolean): boolean {
  return target.isPrivate === isPrivate && (!isPrivate || target.policies.broadcast.read === true);
}

interface HttpMessage {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  isPrivate: boolean;
}

/**
 * Realtime's REST side of Broadcast, under /realtime/v1: `POST /api/broadcast` with
 * `{messages: [{topic, event, payload, private?}]}` (realtime-js `send` before the channel is
 * joined) and `POST /api/broadcast/<topic>/events/<event>` with the payload as body (`httpSend`).
 * Both answer 202 with no body. A private message goes out only when the sender's role may write
 * broadcasts on its topic (realtime.messages policies); otherwise it is dropped silently, as hosted.
 */
export async function broadcastApi(
  req: GatewayRequest,
  tokens: ChannelTokens,
  channelsOn: (topic: string) => Iterable<Channel>,
  mayWrite: (topic: string, role: string, claims: JwtClaims) => Promise<boolean>,
): Promise<Reply> {
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(req.path);
  if (req.path !== '/api/broadcast' && !single) return json(404, { message: 'Not found' });
  if (req.method !== 'POST') return json(405, { message: `${req.method} is not allowed here; use POST` });
  const checked = await tokens.check(req.bearer ?? '');
  if (!checked.ok) return json(401, { message: checked.reason });
  if (!(req.headers['content-type'] ?? 'application/json').includes('json')) {
    return json(415, { message: 'Send the payload as JSON (binary broadcasts are not supported here)' });
  }
  let body: unknown;
  try {
    body = req.body ? JSON.parse(req.body) : undefined;
  } catch {
    return json(400, { message: 'The body is not valid JSON' });
  }
  let messages: HttpMessage[];
  if (single) {
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return json(422, { message: 'payload must be a JSON object' });
    }
    messages = [
      {
        topic: decodeURIComponent(single[1] ?? ''),
        event: decodeURIComponent(single[2] ?? ''),
        payload: body as Record<string, unknown>,
        isPrivate: req.query.get('private') === 'true',
      },
    ];
  } else {
    const list = asRecord(body)['messages'];
    if (!Array.isArray(list) || list.length === 0) {
      return json(422, { message: 'messages is required: a non-empty list of {topic, event, payload}' });
    }
    messages = [];
    for (const [i, item] of list.entries()) {
      const m = asRecord(item);
      const payload = m['payload'];
      if (typeof m['topic'] !== 'string' || !m['topic'] || typeof m['event'] !== 'string' || !m['event']) {
        return json(422, { message: `messages[${i}]: topic and event are required strings` });
      }
      if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
        return json(422, { message: `messages[${i}]: payload is required and must be an object` });
      }
      messages.push({
        topic: m['topic'],
        event: m['event'],
        payload: payload as Record<string, unknown>,
        isPrivate: m['private'] === true,
      });
    }
  }
  for (const m of messages) {
    if (m.isPrivate && !(await mayWrite(m.topic, checked.role, checked.claims))) continue;
    const topic = `realtime:${m.topic}`;
    const frame = JSON.stringify([
      null,
      null,
      topic,
      'broadcast',
      { type: 'broadcast', event: m.event, payload: m.payload },
    ]);
    for (const target of channelsOn(topic)) if (hears(target, m.isPrivate)) send(target.conn, frame);
  }
  return { status: 202, headers: {}, body: '' };
}
