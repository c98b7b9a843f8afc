import { encodeUserBroadcast, reply, send, type Channel, type Inbound } from './protocol';

/**
 * Broadcast: a message sent on a channel goes to every channel joined to the same topic, the
 * sender's own only when it joined with `broadcast.self`. With `broadcast.ack` the sender gets an
 * ok reply once the message went out; without it, no reply at all (as Realtime). realtime-js sends
 * its broadcasts as binary user-broadcast frames; those are relayed as binary, others as JSON.
 */
export function relayBroadcast(
  sender: Channel,
  msg: Inbound,
  channelsOn: (topic: string) => Iterable<Channel>,
): void {
  const frame = msg.userBroadcast
    ? encodeUserBroadcast(msg.topic, msg.userBroadcast)
    : JSON.stringify([null, null, msg.topic, 'broadcast', msg.payload]);
  for (const target of channelsOn(msg.topic)) {
    if (target !== sender || sender.broadcastSelf) send(target.conn, frame);
  }
  if (sender.broadcastAck && msg.ref) reply(sender.conn, msg, 'ok', {});
}
