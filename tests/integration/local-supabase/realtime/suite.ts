import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LocalSupabase } from '../../../../supabase/local/server';
import { EngineHarness, client, signedInUser, sleep, waitFor, type Engine } from '../harness';
import { realtimeAuthorizationSuite } from './authorization';
import { realtimeBroadcastPresenceSuite } from './broadcast-presence';
import { realtimeJoinSuite } from './join';

/**
 * Realtime conformance on one engine, through supabase-js (and raw frames for wire details):
 * postgres_changes here, join-time checks in join.ts, Broadcast and Presence in broadcast-presence.ts.
 */
export function realtimeSuite(engine: Engine): void {
  const harness = new EngineHarness(engine);
  let server: LocalSupabase;
  let service: SupabaseClient;

  beforeAll(async () => {
    server = await harness.server();
    service = client(server, server.serviceRoleKey);
  });
  afterAll(async () => {
    await harness.stop();
  });

  realtimeJoinSuite(engine, () => ({ server, service }));
  realtimeBroadcastPresenceSuite(engine, () => server);
  realtimeAuthorizationSuite(engine, () => server);

  describe(`${engine}: realtime`, () => {
    interface Seen {
      eventType: string;
      new: Record<string, unknown>;
      old: Record<string, unknown>;
      table: string;
      commit_timestamp: string;
      errors: unknown;
    }

    async function subscribe(
      c: SupabaseClient,
      name: string,
      bindings: Array<{
        event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
        table: string;
        filter?: string;
        tag: string;
      }>,
    ): Promise<{ channel: RealtimeChannel; seen: Array<Seen & { tag: string }>; statuses: string[] }> {
      const seen: Array<Seen & { tag: string }> = [];
      const statuses: string[] = [];
      let system: { status?: string; message?: string } | undefined;
      let channel = c.channel(name);
      for (const b of bindings) {
        channel = channel.on(
          'postgres_changes',
          {
            event: b.event,
            schema: 'public',
            table: b.table,
            ...(b.filter ? { filter: b.filter } : {}),
          } as never,
          (payload: Seen) => seen.push({ ...payload, tag: b.tag }),
        );
      }
      channel = channel.on('system', {}, (payload: { status?: string; message?: string }) => {
        system = payload;
      });
      channel.subscribe((status) => statuses.push(status));
      await waitFor(() => statuses.includes('SUBSCRIBED'), 10000, `${name} SUBSCRIBED`);
      const ready = await waitFor(() => system, 10000, `${name} system message`);
      expect(ready).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' });
      return { channel, seen, statuses };
    }

    it('delivers changes only to subscribers RLS lets see the row, without hidden columns', async () => {
      const a = await signedInUser(server, 'rt-a');
      const b = await signedInUser(server, 'rt-b');
      const anonClient = client(server);
      const serviceClient = client(server, server.serviceRoleKey);
      const subA = await subscribe(a.client, 'notes-a', [
        { event: 'INSERT', table: 'notes', filter: `owner=eq.${a.id}`, tag: 'insert-own' },
        { event: '*', table: 'notes', tag: 'all' },
      ]);
      const subB = await subscribe(b.client, 'notes-b', [{ event: '*', table: 'notes', tag: 'all' }]);
      const subAnon = await subscribe(anonClient, 'notes-anon', [{ event: '*', table: 'notes', tag: 'all' }]);
      const subService = await subscribe(serviceClient, 'notes-service', [
        { event: '*', table: 'notes', tag: 'all' },
      ]);

      const inserted = await a.client
        .from('notes')
        .insert({ title: 'realtime', amount: 5, tags: ['x'] })
        .select('id')
        .single();
      const id = inserted.data?.id as number;
      await waitFor(() => subA.seen.length >= 2, 10000, 'A receives INSERT twice');
      await waitFor(() => subService.seen.length >= 1, 10000, 'service receives INSERT');
      expect(subA.seen.map((s) => s.tag).sort()).toEqual(['all', 'insert-own']);
      const rec = subA.seen[0] as Seen;
      expect(rec.eventType).toBe('INSERT');
      expect(rec.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(rec.errors).toBeNull();
      expect(rec.new).toMatchObject({ id, owner: a.id, title: 'realtime', amount: 5, tags: ['x'] });
      expect(rec.new).not.toHaveProperty('secret');
      expect(subService.seen[0]?.new).toHaveProperty('secret', 'hidden');

      await a.client.from('notes').update({ title: 'changed' }).eq('id', id);
      await waitFor(() => subA.seen.some((s) => s.eventType === 'UPDATE'), 10000, 'A receives UPDATE');
      // The RLS check runs at delivery time (as on Supabase): delete only once every UPDATE went out.
      await waitFor(() => subService.seen.length >= 2, 10000, 'service receives UPDATE');
      const upd = subA.seen.find((s) => s.eventType === 'UPDATE') as Seen;
      expect(upd.new).toMatchObject({ id, title: 'changed' });
      expect(upd.old).toEqual({ id });

      await a.client.from('notes').delete().eq('id', id);
      await waitFor(() => subA.seen.some((s) => s.eventType === 'DELETE'), 10000, 'A receives DELETE');
      expect((subA.seen.find((s) => s.eventType === 'DELETE') as Seen).old).toEqual({ id });
      await waitFor(() => subService.seen.length >= 3, 10000, 'service receives all three');
      await sleep(200);
      // Member B and anon never see A's row; a DELETE reaches them only as its primary key (as on Supabase).
      expect(subB.seen.filter((s) => s.eventType !== 'DELETE')).toEqual([]);
      expect(subAnon.seen.filter((s) => s.eventType !== 'DELETE')).toEqual([]);
      for (const s of [...subB.seen, ...subAnon.seen]) expect(s.old).toEqual({ id });
      for (const c of [a.client, b.client, anonClient, serviceClient]) await c.removeAllChannels();
    });

    it('applies filters (eq, in) and event types, and sends nothing for rolled-back writes', async () => {
      const c = client(server);
      const sub = await subscribe(c, 'items-filters', [
        { event: 'UPDATE', table: 'items', filter: 'category=eq.fruit', tag: 'fruit-updates' },
        { event: 'INSERT', table: 'items', filter: 'id=in.(200,201)', tag: 'some-inserts' },
      ]);
      await service.from('items').update({ qty: 6 }).eq('id', 3);
      await service.from('items').update({ qty: 11 }).eq('id', 1);
      await service.from('items').insert([
        { id: 202, name: 'other' },
        { id: 201, name: 'wanted' },
      ]);
      const failed = await service.from('items').insert([
        { id: 200, name: 'ok-row' },
        { id: 203, name: 'apple' },
      ]);
      expect(failed.error?.code).toBe('23505');
      await waitFor(() => sub.seen.length >= 2, 10000, 'two deliveries');
      await sleep(300);
      expect(sub.seen.map((s) => `${s.tag}:${s.eventType}:${String(s.new['id'])}`).sort()).toEqual([
        'fruit-updates:UPDATE:1',
        'some-inserts:INSERT:201',
      ]);
      await service.from('items').delete().in('id', [201, 202]);
      await service.from('items').update({ qty: 10 }).eq('id', 1);
      await service.from('items').update({ qty: 5 }).eq('id', 3);
      await c.removeAllChannels();
    });

    it('follows access_token changes: after signOut the channel is anon and gets only what anon may read', async () => {
      const u = await signedInUser(server, 'rt-signout');
      const sub = await subscribe(u.client, 'signout', [
        { event: 'INSERT', table: 'notes', tag: 'notes' },
        { event: 'INSERT', table: 'items', tag: 'items' },
      ]);
      await service.from('notes').insert({ title: 'before', owner: u.id });
      await waitFor(() => sub.seen.some((s) => s.tag === 'notes'), 10000, 'note before signOut');
      await u.client.auth.signOut();
      await sleep(300);
      await service.from('notes').insert({ title: 'after', owner: u.id });
      await service.from('items').insert({ id: 300, name: 'after-signout' });
      await waitFor(() => sub.seen.some((s) => s.tag === 'items'), 10000, 'item after signOut');
      await sleep(200);
      expect(sub.seen.filter((s) => s.tag === 'notes').map((s) => s.new['title'])).toEqual(['before']);
      await service.from('items').delete().eq('id', 300);
      const statuses: string[] = [];
      await u.client.removeChannel(sub.channel).then((r) => statuses.push(r));
      expect(statuses).toEqual(['ok']);
      expect(sub.statuses).toContain('CLOSED');
    });

    it('rejoins after the socket drops and delivers again', async () => {
      const c = client(server);
      const sub = await subscribe(c, 'reconnect', [
        { event: 'UPDATE', table: 'items', filter: 'id=eq.2', tag: 'item2' },
      ]);
      expect(server.dropRealtimeConnections()).toBeGreaterThan(0);
      await waitFor(() => sub.statuses.includes('CHANNEL_ERROR'), 10000, 'CHANNEL_ERROR');
      await waitFor(
        () => sub.statuses.lastIndexOf('SUBSCRIBED') > sub.statuses.indexOf('CHANNEL_ERROR'),
        10000,
        'rejoin',
      );
      await sleep(300);
      await service.from('items').update({ qty: 1 }).eq('id', 2);
      await waitFor(() => sub.seen.length === 1, 10000, 'delivery after rejoin');
      await service.from('items').update({ qty: 0 }).eq('id', 2);
      await c.removeAllChannels();
    });

    it('speaks Phoenix vsn 2.0.0: heartbeat, join ids in order, bad token errors, leave then phx_close', async () => {
      const wsUrl = `${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=2.0.0`;
      const ws = new WebSocket(wsUrl);
      const frames: unknown[][] = [];
      ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as unknown[]));
      await new Promise((r, j) => {
        ws.once('open', r);
        ws.once('error', j);
      });
      ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
      await waitFor(() => frames.find((f) => f[1] === '1'), 2000, 'heartbeat reply');
      expect(frames.find((f) => f[1] === '1')).toEqual([
        null,
        '1',
        'phoenix',
        'phx_reply',
        { status: 'ok', response: {} },
      ]);
      const bindings = [
        { event: 'INSERT', schema: 'public', table: 'items', filter: 'id=eq.1' },
        { event: '*', schema: 'public', table: 'notes' },
      ];
      ws.send(
        JSON.stringify([
          '2',
          '2',
          'realtime:raw',
          'phx_join',
          { config: { postgres_changes: bindings, private: false } },
        ]),
      );
      const reply = await waitFor(() => frames.find((f) => f[1] === '2'), 2000, 'join reply');
      const response = reply[4] as {
        status: string;
        response: { postgres_changes: Array<Record<string, unknown>> };
      };
      expect(response.status).toBe('ok');
      expect(response.response.postgres_changes.map(({ id: _id, ...rest }) => rest)).toEqual(bindings);
      expect(response.response.postgres_changes.every((b) => b['id'] !== undefined)).toBe(true);
      // Hosted sends SUBSCRIBED's reply first and this `system` message once changes really flow.
      const ready = await waitFor(
        () => frames.find((f) => f[2] === 'realtime:raw' && f[3] === 'system'),
        5000,
        'system message',
      );
      expect(ready).toEqual([
        null,
        null,
        'realtime:raw',
        'system',
        { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'raw' },
      ]);
      expect(frames.indexOf(ready)).toBeGreaterThan(frames.indexOf(reply));
      ws.send(
        JSON.stringify(['3', '3', 'realtime:bad', 'phx_join', { config: {}, access_token: 'not.a.jwt' }]),
      );
      const bad = await waitFor(() => frames.find((f) => f[1] === '3'), 2000, 'bad join reply');
      expect((bad[4] as { status: string; response: { reason: string } }).status).toBe('error');
      expect((bad[4] as { response: { reason: string } }).response.reason).toMatch(/^InvalidJWTToken/);
      // A token that expires while joined ends the channel: system error, then phx_close.
      const soon = await new SignJWT({ role: 'anon' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
        .sign(new TextEncoder().encode(server.jwtSecret));
      ws.send(
        JSON.stringify(['5', '5', 'realtime:expiring', 'phx_join', { config: {}, access_token: soon }]),
      );
      await waitFor(() => frames.find((f) => f[1] === '5'), 2000, 'expiring join reply');
      const ended = await waitFor(
        () => frames.find((f) => f[2] === 'realtime:expiring' && f[3] === 'system'),
        6000,
        'expiry system message',
      );
      expect(ended[4]).toMatchObject({ extension: 'system', status: 'error', channel: 'expiring' });
      await waitFor(
        () => frames.find((f) => f[2] === 'realtime:expiring' && f[3] === 'phx_close'),
        2000,
        'expiry close',
      );
      // A bad access_token update ends the channel the same way.
      ws.send(JSON.stringify(['6', '6', 'realtime:swap', 'phx_join', { config: {} }]));
      await waitFor(() => frames.find((f) => f[1] === '6'), 2000, 'swap join reply');
      ws.send(
        JSON.stringify(['6', '7', 'realtime:swap', 'access_token', { access_token: 'forged.token.value' }]),
      );
      await waitFor(
        () => frames.find((f) => f[2] === 'realtime:swap' && f[3] === 'phx_close'),
        2000,
        'swap close',
      );
      // A channel without postgres_changes bindings gets no `system` message.
      expect(
        frames.some(
          (f) =>
            f[2] === 'realtime:swap' && f[3] === 'system' && (f[4] as { status?: string }).status === 'ok',
        ),
      ).toBe(false);
      ws.send('this is not json');
      ws.send(JSON.stringify(['2', '4', 'realtime:raw', 'phx_leave', {}]));
      await waitFor(
        () => frames.find((f) => f[2] === 'realtime:raw' && f[3] === 'phx_close'),
        2000,
        'phx_close',
      );
      expect(frames.find((f) => f[1] === '4')).toEqual([
        '2',
        '4',
        'realtime:raw',
        'phx_reply',
        { status: 'ok', response: {} },
      ]);
      expect(frames.find((f) => f[2] === 'realtime:raw' && f[3] === 'phx_close')).toEqual([
        '2',
        '2',
        'realtime:raw',
        'phx_close',
        {},
      ]);
      ws.close();

      const refused = new WebSocket(
        `${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=forged.token.here&vsn=2.0.0`,
      );
      const status = await new Promise<number>((r) => {
        refused.on('unexpected-response', (_req, res) => r(res.statusCode ?? 0));
        refused.on('open', () => r(101));
        refused.on('error', () => undefined);
      });
      expect(status).toBe(401);
      refused.terminate();
    });
  });
}
