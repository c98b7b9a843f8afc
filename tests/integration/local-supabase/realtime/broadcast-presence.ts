import type { RealtimeChannel } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_BROADCAST_PAYLOAD_BYTES } from '../../../../supabase/local/realtime/broadcast';
import type { LocalSupabase } from '../../../../supabase/local/server';
import { broadcastRequest, client, sleep, waitFor, type Engine } from '../harness';

interface Message {
  type: string;
  event: string;
  payload: Record<string, unknown>;
}

async function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(error ?? new Error(status));
    }),
  );
  return channel;
}

/** A raw vsn 2.0.0 socket, for what supabase-js does not show (replies that must not come). */
async function rawSocket(server: LocalSupabase): Promise<{ ws: WebSocket; frames: unknown[][] }> {
  const ws = new WebSocket(
    `${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=2.0.0`,
  );
  const frames: unknown[][] = [];
  ws.on('message', (d, isBinary) => {
    if (!isBinary) frames.push(JSON.parse(d.toString()) as unknown[]);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, frames };
}

/** Broadcast (`self`, `ack`) and Presence (track, untrack, sync) as supabase-js uses them. */
export function realtimeBroadcastPresenceSuite(engine: Engine, getServer: () => LocalSupabase): void {
  describe(`${engine}: realtime broadcast and presence`, () => {
    it('broadcasts to the other subscribers, to the sender only with self, and acknowledges only with ack', async () => {
      const server = getServer();
      const a = client(server);
      const b = client(server);
      const toA: Message[] = [];
      const toB: Message[] = [];
      const chA = await subscribed(
        a
          .channel('room-1', { config: { broadcast: { self: true, ack: true } } })
          .on('broadcast', { event: 'ping' }, (m: Message) => toA.push(m)),
      );
      const chB = await subscribed(
        b.channel('room-1').on('broadcast', { event: 'ping' }, (m: Message) => toB.push(m)),
      );
      const other = await subscribed(
        b.channel('room-2').on('broadcast', { event: 'ping' }, (m: Message) => toB.push(m)),
      );

      // With ack the promise waits for the server's reply: a missing reply would end in 'timed out'.
      expect(
        await chA.send(
          { type: 'broadcast', event: 'ping', payload: { n: 1, text: 'héllo ✓' } },
          { timeout: 3000 },
        ),
      ).toBe('ok');
      await waitFor(() => toB.length === 1 && toA.length === 1, 5000, 'first ping at A and B');
      expect(toB[0]).toMatchObject({ type: 'broadcast', event: 'ping', payload: { n: 1, text: 'héllo ✓' } });
      expect(toA[0]).toMatchObject({ event: 'ping', payload: { n: 1 } });

      // B joined without self: its own message reaches A only.
      expect(await chB.send({ type: 'broadcast', event: 'ping', payload: { n: 2 } })).toBe('ok');
      await waitFor(() => toA.length === 2, 5000, 'second ping at A');
      await sleep(200);
      expect(toA[1]).toMatchObject({ payload: { n: 2 } });
      expect(toB.map((m) => m.payload['n'])).toEqual([1]);
      await a.removeAllChannels();
      await b.removeChannel(chB);
      await b.removeChannel(other);
    });

    it('refuses a broadcast over the hosted payload size, answering payload_size_exceeded with ack', async () => {
      const server = getServer();
      const sender = client(server);
      const listener = client(server);
      const heard: Message[] = [];
      const chA = await subscribed(sender.channel('room-big', { config: { broadcast: { ack: true } } }));
      await subscribed(
        listener.channel('room-big').on('broadcast', { event: '*' }, (m: Message) => heard.push(m)),
      );
      const big = 'x'.repeat(MAX_BROADCAST_PAYLOAD_BYTES);
      expect(await chA.send({ type: 'broadcast', event: 'big', payload: { big } }, { timeout: 3000 })).toBe(
        'error',
      );
      // Just under the limit still goes through.
      const fits = 'y'.repeat(200 * 1000);
      expect(await chA.send({ type: 'broadcast', event: 'fits', payload: { fits } }, { timeout: 3000 })).toBe(
        'ok',
      );
      await waitFor(() => heard.length === 1, 5000, 'the message that fits');
      expect(heard.map((m) => m.event)).toEqual(['fits']);
      await sender.removeAllChannels();
      await listener.removeAllChannels();
    });

    it('relays JSON broadcast frames too, replying to them only when the channel asked for ack', async () => {
      const server = getServer();
      const listener = client(server);
      const heard: Message[] = [];
      await subscribed(
        listener.channel('room-raw').on('broadcast', { event: 'note' }, (m: Message) => heard.push(m)),
      );
      const { ws, frames } = await rawSocket(server);
      ws.send(
        JSON.stringify([
          '1',
          '1',
          'realtime:room-raw',
          'phx_join',
          { config: { broadcast: { self: true } } },
        ]),
      );
      await waitFor(() => frames.find((f) => f[1] === '1'), 5000, 'join reply');
      ws.send(
        JSON.stringify([
          '1',
          '2',
          'realtime:room-raw',
          'broadcast',
          { type: 'broadcast', event: 'note', payload: { v: 'json' } },
        ]),
      );
      await waitFor(() => heard.length === 1, 5000, 'JSON broadcast heard');
      expect(heard[0]).toMatchObject({ event: 'note', payload: { v: 'json' } });
      const echo = await waitFor(() => frames.find((f) => f[3] === 'broadcast'), 5000, 'self copy');
      expect(echo).toEqual([
        null,
        null,
        'realtime:room-raw',
        'broadcast',
        { type: 'broadcast', event: 'note', payload: { v: 'json' } },
      ]);
      await sleep(200);
      expect(frames.find((f) => f[1] === '2')).toBeUndefined();

      ws.send(
        JSON.stringify(['3', '3', 'realtime:room-ack', 'phx_join', { config: { broadcast: { ack: true } } }]),
      );
      await waitFor(() => frames.find((f) => f[1] === '3'), 5000, 'ack join reply');
      ws.send(
        JSON.stringify([
          '3',
          '4',
          'realtime:room-ack',
          'broadcast',
          { type: 'broadcast', event: 'x', payload: {} },
        ]),
      );
      const ack = await waitFor(() => frames.find((f) => f[1] === '4'), 5000, 'ack reply');
      expect(ack).toEqual(['3', '4', 'realtime:room-ack', 'phx_reply', { status: 'ok', response: {} }]);
      // A push on a topic this socket never joined is answered as Phoenix does.
      ws.send(
        JSON.stringify([
          '9',
          '5',
          'realtime:never-joined',
          'broadcast',
          { type: 'broadcast', event: 'x', payload: {} },
        ]),
      );
      const unmatched = await waitFor(() => frames.find((f) => f[1] === '5'), 5000, 'unmatched reply');
      expect(unmatched[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
      ws.close();
      await listener.removeAllChannels();
    });

    it('takes broadcasts over HTTP: httpSend, send before joining, and the batch endpoint', async () => {
      const server = getServer();
      const listener = client(server);
      const heard: Message[] = [];
      const heardPrivate: Message[] = [];
      await subscribed(
        listener.channel('room-http').on('broadcast', { event: '*' }, (m: Message) => heard.push(m)),
      );
      // One socket joins a topic once: the private listener needs its own client. Only the service
      // role may read a private topic here (no realtime.messages policy; see authorization.ts).
      const privateListener = client(server, server.serviceRoleKey);
      await subscribed(
        privateListener
          .channel('room-http', { config: { private: true } })
          .on('broadcast', { event: '*' }, (m: Message) => heardPrivate.push(m)),
      );
      const sender = client(server);
      const unjoined = sender.channel('room-http');
      expect(await unjoined.httpSend('via-http', { n: 1 })).toEqual({ success: true });
      await waitFor(() => heard.length === 1, 5000, 'httpSend heard');
      expect(heard[0]).toMatchObject({ type: 'broadcast', event: 'via-http', payload: { n: 1 } });
      // send() on a channel that is not joined falls back to POST /api/broadcast.
      const warn = console.warn;
      console.warn = () => undefined;
      try {
        expect(await unjoined.send({ type: 'broadcast', event: 'fallback', payload: { n: 2 } })).toBe('ok');
      } finally {
        console.warn = warn;
      }
      await waitFor(() => heard.length === 2, 5000, 'fallback heard');
      expect(heard[1]).toMatchObject({ event: 'fallback', payload: { n: 2 } });

      const post = (body: unknown, token: string): Promise<Response> => broadcastRequest(server, body, token);
      const privateMessage = (from: string) => ({
        messages: [{ topic: 'room-http', event: 'secret', payload: { from }, private: true }],
      });
      // Without a broadcast policy (none here for anon) a private message is accepted and dropped.
      expect((await post(privateMessage('anon'), server.anonKey)).status).toBe(202);
      expect((await post(privateMessage('service'), server.serviceRoleKey)).status).toBe(202);
      await waitFor(() => heardPrivate.length > 0, 5000, 'private message from the service role');
      await sleep(200);
      expect(heardPrivate.map((m) => m.payload)).toEqual([{ from: 'service' }]);
      expect(heard.map((m) => m.event)).toEqual(['via-http', 'fallback']);

      const missing = await post({ messages: [{ topic: 'room-http', event: 'x' }] }, server.anonKey);
      expect(missing.status).toBe(422);
      expect(((await missing.json()) as { message: string }).message).toMatch(/payload is required/);
      expect((await post({ messages: [] }, 'forged.token.value')).status).toBe(401);
      await listener.removeAllChannels();
      await privateListener.removeAllChannels();
    });

    it('tracks presence: state on join, joins and leaves on track, update, untrack and leave', async () => {
      const server = getServer();
      const a = client(server);
      const b = client(server);
      const aJoins: string[] = [];
      const aLeaves: string[] = [];
      let bSyncs = 0;
      const chA = await subscribed(
        a
          .channel('lobby', { config: { presence: { key: 'alice' } } })
          .on('presence', { event: 'join' }, ({ key }: { key: string }) => aJoins.push(key))
          .on('presence', { event: 'leave' }, ({ key }: { key: string }) => aLeaves.push(key)),
      );
      expect(await chA.track({ online_at: 't1' })).toBe('ok');
      await waitFor(() => aJoins.includes('alice'), 5000, 'A sees its own join');

      const chB = await subscribed(
        b
          .channel('lobby', { config: { presence: { key: 'bob' } } })
          .on('presence', { event: 'sync' }, () => (bSyncs += 1)),
      );
      // presence_state on join: B sees Alice without anyone changing anything.
      await waitFor(() => chB.presenceState()['alice'], 5000, 'B receives the state');
      expect(chB.presenceState()['alice']).toEqual([expect.objectContaining({ online_at: 't1' })]);
      expect(bSyncs).toBeGreaterThan(0);

      expect(await chB.track({ online_at: 't2' })).toBe('ok');
      await waitFor(() => aJoins.includes('bob'), 5000, 'A sees Bob join');
      expect(chA.presenceState()['bob']).toEqual([expect.objectContaining({ online_at: 't2' })]);

      // A second track replaces the meta (one entry per channel, never two).
      expect(await chA.track({ online_at: 't3' })).toBe('ok');
      await waitFor(() => chB.presenceState()['alice']?.[0]?.['online_at' as never] === 't3', 5000, 'update');
      expect(chB.presenceState()['alice']).toHaveLength(1);

      expect(await chA.untrack()).toBe('ok');
      await waitFor(() => !chB.presenceState()['alice'], 5000, 'untrack reaches B');

      // Leaving the channel drops its presence for everyone else.
      await b.removeChannel(chB);
      await waitFor(() => aLeaves.includes('bob'), 5000, 'A sees Bob leave');
      expect(chA.presenceState()).toEqual({});
      await a.removeAllChannels();
    });

    it('refuses a presence payload that is not a map, and drops presence when the socket closes', async () => {
      const server = getServer();
      const watcher = client(server);
      // A presence listener is what asks for presence: without one the channel gets no diffs.
      const watch = await subscribed(
        watcher
          .channel('lobby-2', { config: { presence: { key: 'watcher' } } })
          .on('presence', { event: 'sync' }, () => undefined),
      );
      const { ws, frames } = await rawSocket(server);
      ws.send(
        JSON.stringify([
          '1',
          '1',
          'realtime:lobby-2',
          'phx_join',
          { config: { presence: { enabled: true, key: 'raw' } } },
        ]),
      );
      await waitFor(() => frames.find((f) => f[1] === '1'), 5000, 'join reply');
      const state = await waitFor(
        () => frames.find((f) => f[3] === 'presence_state'),
        5000,
        'presence_state',
      );
      expect(state[4]).toEqual({});
      ws.send(
        JSON.stringify([
          '1',
          '2',
          'realtime:lobby-2',
          'presence',
          { type: 'presence', event: 'track', payload: [1, 2] },
        ]),
      );
      const bad = await waitFor(() => frames.find((f) => f[1] === '2'), 5000, 'track reply');
      expect(bad[4]).toEqual({
        status: 'error',
        response: { reason: 'Presence track payload must be a map' },
      });
      ws.send(
        JSON.stringify([
          '1',
          '3',
          'realtime:lobby-2',
          'presence',
          { type: 'presence', event: 'track', payload: { via: 'raw' } },
        ]),
      );
      await waitFor(() => watch.presenceState()['raw'], 5000, 'raw presence seen');
      const diff = frames.find((f) => f[3] === 'presence_diff') as unknown[];
      const joins = (diff[4] as { joins: Record<string, { metas: Array<Record<string, unknown>> }> }).joins;
      expect(joins['raw']?.metas).toEqual([{ via: 'raw', phx_ref: expect.any(String) }]);
      ws.terminate();
      await waitFor(() => !watch.presenceState()['raw'], 5000, 'presence dropped with the socket');
      await watcher.removeAllChannels();
    });
  });
}
