import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { LocalSupabase } from '../../../../supabase/local/server';
import { client, signedInUser, sleep, waitFor, type Engine } from '../harness';

interface Change {
  eventType: string;
  new: Record<string, unknown>;
}

/** Subscribes to `postgres_changes` and resolves with the outcome of the join. */
async function join(
  c: SupabaseClient,
  name: string,
  bindings: Array<{ event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string }>,
): Promise<{ status: string; error: Error | undefined; seen: Change[]; ready: () => boolean }> {
  const seen: Change[] = [];
  let system: { status?: string } | undefined;
  let channel = c.channel(name);
  for (const b of bindings) {
    channel = channel.on(
      'postgres_changes',
      {
        event: b.event ?? '*',
        schema: 'public',
        table: b.table,
        ...(b.filter ? { filter: b.filter } : {}),
      } as never,
      (payload: Change) => seen.push(payload),
    );
  }
  channel = channel.on('system', {}, (p: { status?: string }) => {
    system = p;
  });
  const outcome = await new Promise<{ status: string; error: Error | undefined }>((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        resolve({ status, error });
      }
    });
  });
  return { ...outcome, seen, ready: () => system?.status === 'ok' };
}

/** Join-time checks of `postgres_changes` filters, as hosted Realtime makes them. */
export function realtimeJoinSuite(
  engine: Engine,
  ctx: () => { server: LocalSupabase; service: SupabaseClient },
): void {
  describe(`${engine}: realtime join`, () => {
    it('refuses a join whose filter cannot work, with the reason, and keeps the identity’s other channels working', async () => {
      const { server, service } = ctx();
      const member = await signedInUser(server, 'rt-join');
      const good = await join(member.client, 'join-good', [
        { event: 'UPDATE', table: 'items', filter: 'id=eq.1' },
      ]);
      expect(good.status).toBe('SUBSCRIBED');
      await waitFor(good.ready, 10000, 'good channel live');

      const refused: Array<[string, string, RegExp]> = [
        ['unknown column', 'nope=eq.1', /invalid column for filter nope/],
        ['unsupported operator', 'name=like.a*', /unsupported operator "like"/],
        ['negation', 'id=not.eq.1', /unsupported operator "not"/],
        ['column hidden from the role', 'secret=eq.x', /invalid column for filter secret/],
        ['value the type rejects', 'qty=eq.many', /invalid value for filter qty=eq\.many/],
        ['no operator', 'id', /Error parsing `filter` params/],
        [
          'more than 100 values for in',
          `id=in.(${Array.from({ length: 101 }, (_, i) => i).join(',')})`,
          /too many values for `in` filter\. Maximum 100/,
        ],
      ];
      for (const [what, filter, reason] of refused) {
        const table = what === 'column hidden from the role' ? 'notes' : 'items';
        const bad = await join(member.client, `join-bad-${what}`, [{ table, filter }]);
        expect(bad.status, what).toBe('CHANNEL_ERROR');
        expect(bad.error?.message, what).toMatch(reason);
        // The client retries a refused join; stop it.
        await member.client.removeChannel(
          member.client.getChannels().find((ch) => ch.topic.endsWith(`join-bad-${what}`))!,
        );
      }

      // The refused bindings never reached delivery: the good channel of the same identity still gets its change.
      await service.from('items').update({ qty: 42 }).eq('id', 1);
      await waitFor(() => good.seen.length === 1, 10000, 'delivery to the good channel');
      expect(good.seen[0]?.new).toMatchObject({ id: 1, qty: 42 });
      await service.from('items').update({ qty: 10 }).eq('id', 1);
      await waitFor(() => good.seen.length === 2, 10000, 'second delivery');
      await member.client.removeAllChannels();
    });

    it('sends the system message only once changes flow: a table published after start delivers at once', async () => {
      const { server } = ctx();
      await server.db.exec(
        `create table public.late_items (id integer primary key, name text);
         grant select on public.late_items to anon, authenticated, service_role;
         alter publication supabase_realtime add table public.late_items;`,
      );
      const c = client(server);
      try {
        const sub = await join(c, 'late', [{ event: 'INSERT', table: 'late_items' }]);
        expect(sub.status).toBe('SUBSCRIBED');
        await waitFor(sub.ready, 10000, 'system message');
        // No pause: the capture trigger must already be in place when the message arrives.
        await server.db.exec(`insert into public.late_items values (1, 'first')`);
        await waitFor(() => sub.seen.length === 1, 10000, 'first change on the new table');
        expect(sub.seen[0]?.new).toEqual({ id: 1, name: 'first' });
      } finally {
        await c.removeAllChannels();
        await server.db.exec(
          `alter publication supabase_realtime drop table public.late_items; drop table public.late_items;`,
        );
      }
    });

    it('accepts the documented operators (eq, neq, lt, lte, gt, gte, in) and applies each one', async () => {
      const { server, service } = ctx();
      const c = client(server);
      const filters: Record<string, string> = {
        eq: 'id=eq.402',
        neq: 'id=neq.402',
        lt: 'id=lt.401',
        lte: 'id=lte.401',
        gt: 'id=gt.403',
        gte: 'id=gte.403',
        in: 'id=in.(400,404)',
      };
      const subs = new Map<string, Awaited<ReturnType<typeof join>>>();
      for (const [op, filter] of Object.entries(filters)) {
        const sub = await join(c, `ops-${op}`, [{ event: 'INSERT', table: 'items', filter }]);
        expect(sub.status, op).toBe('SUBSCRIBED');
        await waitFor(sub.ready, 10000, `${op} live`);
        subs.set(op, sub);
      }
      const received = (): Record<string, number[]> =>
        Object.fromEntries(
          [...subs].map(([op, sub]) => [op, sub.seen.map((s) => Number(s.new['id'])).sort((a, b) => a - b)]),
        );
      const ids = [400, 401, 402, 403, 404];
      await service.from('items').insert(ids.map((id) => ({ id, name: `op-${id}` })));
      await waitFor(() => received()['neq']?.length === 4, 10000, 'neq deliveries');
      await sleep(300);
      expect(received()).toEqual({
        eq: [402],
        neq: [400, 401, 403, 404],
        lt: [400],
        lte: [400, 401],
        gt: [404],
        gte: [403, 404],
        in: [400, 404],
      });
      await service.from('items').delete().in('id', ids);
      await c.removeAllChannels();
    });
  });
}
