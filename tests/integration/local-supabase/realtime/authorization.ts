import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { LocalSupabase } from '../../../../supabase/local/server';
import { broadcastRequest, client, signedInUser, sleep, waitFor, type Engine } from '../harness';

interface Message {
  event: string;
  payload: Record<string, unknown>;
}

/** Subscribes and resolves to the outcome: 'SUBSCRIBED', or the error's message for a refused join. */
function join(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(status);
      else if (status === 'CHANNEL_ERROR') resolve(error?.message ?? status);
    }),
  );
}

function privateChannel(c: SupabaseClient, name: string, heard: Message[], self = false): RealtimeChannel {
  return c
    .channel(name, { config: { private: true, broadcast: { self, ack: true } } })
    .on('broadcast', { event: '*' }, (m: Message) => heard.push(m));
}

/**
 * Realtime Authorization: a private channel is refused unless the realtime.messages policies let
 * the caller read its topic (realtime.topic()), and its broadcasts go out only with a write policy.
 */
export function realtimeAuthorizationSuite(engine: Engine, getServer: () => LocalSupabase): void {
  describe(`${engine}: realtime authorization of private channels`, () => {
    it('refuses every private join while realtime.messages has no policy, public channels still join', async () => {
      const server = getServer();
      const member = await signedInUser(server, 'rt-nopolicy');
      const anon = client(server);
      expect(await join(privateChannel(member.client, 'vault', []))).toBe(
        'Unauthorized: You do not have permissions to read from this Channel topic: vault',
      );
      expect(await join(privateChannel(anon, 'vault', []))).toMatch(/^Unauthorized: /);
      expect(
        await join(client(server, server.serviceRoleKey).channel('vault', { config: { private: true } })),
      ).toBe('SUBSCRIBED');
      // A client keeps one channel per topic: the public join needs a client of its own.
      const publicClient = client(server);
      expect(await join(publicClient.channel('vault'))).toBe('SUBSCRIBED');
      await publicClient.removeAllChannels();
      await member.client.removeAllChannels();
      await anon.removeAllChannels();
    });

    it('lets a policy open a private topic to its user only, and sends only with a write policy', async () => {
      const server = getServer();
      await server.db.exec(`
        create policy "own inbox: read" on realtime.messages for select to authenticated
          using (realtime.topic() = 'inbox:' || auth.uid()::text);
        create policy "own inbox: write" on realtime.messages for insert to authenticated
          with check (realtime.topic() = 'inbox:' || auth.uid()::text and extension = 'broadcast');`);
      try {
        const owner = await signedInUser(server, 'rt-owner');
        const other = await signedInUser(server, 'rt-other');
        const topic = `inbox:${owner.id}`;
        const heardByOwner: Message[] = [];
        const ownerChannel = privateChannel(owner.client, topic, heardByOwner, true);
        expect(await join(ownerChannel)).toBe('SUBSCRIBED');
        // Another member, and anyone without a session, are refused the same topic.
        expect(await join(privateChannel(other.client, topic, []))).toBe(
          `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
        );
        expect(await join(privateChannel(client(server), topic, []))).toMatch(/^Unauthorized: /);
        // The other member's own inbox opens for them.
        const otherHeard: Message[] = [];
        expect(await join(privateChannel(other.client, `inbox:${other.id}`, otherHeard))).toBe('SUBSCRIBED');

        expect(await ownerChannel.send({ type: 'broadcast', event: 'note', payload: { n: 1 } })).toBe('ok');
        await waitFor(() => heardByOwner.length === 1, 5000, 'the owner hears their own note');
        expect(heardByOwner[0]).toMatchObject({ event: 'note', payload: { n: 1 } });

        // Over HTTP: the owner's token may write to the topic, the anon key may not (dropped, 202).
        const post = (token: string, from: string): Promise<Response> =>
          broadcastRequest(
            server,
            { messages: [{ topic, event: 'http', payload: { from }, private: true }] },
            token,
          );
        expect((await post(server.anonKey, 'anon')).status).toBe(202);
        expect((await post(other.accessToken, 'other')).status).toBe(202);
        expect((await post(owner.accessToken, 'owner')).status).toBe(202);
        await waitFor(() => heardByOwner.length === 2, 5000, 'the owner hears the HTTP message');
        await sleep(200);
        expect(heardByOwner.map((m) => m.payload['from'] ?? m.payload['n'])).toEqual([1, 'owner']);
        expect(otherHeard).toEqual([]);
        await owner.client.removeAllChannels();
        await other.client.removeAllChannels();
      } finally {
        await server.db.exec(`
          drop policy "own inbox: read" on realtime.messages;
          drop policy "own inbox: write" on realtime.messages;`);
      }
    });

    it('drops a broadcast from a reader without a write policy, and refuses its presence', async () => {
      const server = getServer();
      await server.db.exec(`
        create policy "lobby: read" on realtime.messages for select to authenticated
          using (realtime.topic() = 'lobby');`);
      try {
        const a = await signedInUser(server, 'rt-reader-a');
        const b = await signedInUser(server, 'rt-reader-b');
        const heardByB: Message[] = [];
        const chA = privateChannel(a.client, 'lobby', []);
        expect(await join(chA)).toBe('SUBSCRIBED');
        expect(await join(privateChannel(b.client, 'lobby', heardByB))).toBe('SUBSCRIBED');
        // With ack, a dropped message gets no reply: supabase-js reports 'timed out'.
        expect(await chA.send({ type: 'broadcast', event: 'x', payload: {} }, { timeout: 500 })).toBe(
          'timed out',
        );
        expect(await chA.track({ here: true })).toBe('error');
        await sleep(200);
        expect(heardByB).toEqual([]);
        await a.client.removeAllChannels();
        await b.client.removeAllChannels();
      } finally {
        await server.db.exec(`drop policy "lobby: read" on realtime.messages;`);
      }
    });
  });
}
