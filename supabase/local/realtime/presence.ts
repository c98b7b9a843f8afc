import { randomBytes } from 'node:crypto';
import { send, type Channel } from './protocol';

/**
 * Presence as Phoenix.Presence shapes it for Realtime: per topic, each key holds the metas its
 * tracking channels set, every meta stamped with a fresh `phx_ref` (and `phx_ref_prev` when it
 * replaces an earlier one). A channel gets the whole state (`presence_state`) after it joins with
 * presence enabled, and every change after that as `presence_diff` {joins, leaves}.
 */
type Meta = Record<string, unknown> & { phx_ref: string };
type Grouped = Record<string, { metas: Meta[] }>;

interface Entry {
  channel: Channel;
  key: string;
  meta: Meta;
}

/** A private channel sees presence only with a presence read policy on realtime.messages. */
const hearsPresence = (ch: Channel): boolean => !ch.isPrivate || ch.policies.presence.read === true;

const newRef = (): string => randomBytes(9).toString('base64url');

export class PresenceTracker {
  /** topic → the entries of the channels tracking on it, in tracking order. */
  private readonly topics = new Map<string, Entry[]>();

  /** `channelsOn(topic)`: every channel currently joined to that topic, on any socket. */
  constructor(private readonly channelsOn: (topic: string) => Iterable<Channel>) {}

  private entries(topic: string): Entry[] {
    return this.topics.get(topic) ?? [];
  }

  /** The current state of a topic, grouped by key. */
  state(topic: string): Grouped {
    const grouped: Grouped = {};
    for (const { key, meta } of this.entries(topic)) (grouped[key] ??= { metas: [] }).metas.push(meta);
    return grouped;
  }

  /** Sends the full state to one channel (after its join, when it asked for presence). */
  sync(channel: Channel): void {
    if (!hearsPresence(channel)) return;
    send(channel.conn, [null, null, channel.topic, 'presence_state', this.state(channel.topic)]);
  }

  /** Tracks or updates this channel's presence; a payload equal to the current one changes nothing. */
  track(channel: Channel, payload: Record<string, unknown>): void {
    channel.presenceEnabled = true;
    const list = this.entries(channel.topic);
    const current = list.find((e) => e.channel === channel);
    if (current) {
      const { phx_ref: _ref, phx_ref_prev: _prev, ...previous } = current.meta;
      if (JSON.stringify(previous) === JSON.stringify(payload)) return;
      const meta: Meta = { ...payload, phx_ref: newRef(), phx_ref_prev: current.meta.phx_ref };
      const left = current.meta;
      current.meta = meta;
      this.broadcastDiff(
        channel.topic,
        { [current.key]: { metas: [meta] } },
        { [current.key]: { metas: [left] } },
      );
      return;
    }
    const entry: Entry = { channel, key: channel.presenceKey, meta: { ...payload, phx_ref: newRef() } };
    this.topics.set(channel.topic, [...list, entry]);
    this.broadcastDiff(channel.topic, { [entry.key]: { metas: [entry.meta] } }, {});
  }

  /** Drops this channel's presence (untrack, leave, rejoin or a closed socket). */
  untrack(channel: Channel): void {
    const list = this.entries(channel.topic);
    const gone = list.find((e) => e.channel === channel);
    if (!gone) return;
    const rest = list.filter((e) => e !== gone);
    if (rest.length) this.topics.set(channel.topic, rest);
    else this.topics.delete(channel.topic);
    this.broadcastDiff(channel.topic, {}, { [gone.key]: { metas: [gone.meta] } });
  }

  private broadcastDiff(topic: string, joins: Grouped, leaves: Grouped): void {
    for (const ch of this.channelsOn(topic)) {
      if (ch.presenceEnabled && hearsPresence(ch)) {
        send(ch.conn, [null, null, topic, 'presence_diff', { joins, leaves }]);
      }
    }
  }
}
