import { describe, expect, it } from 'vitest';
import { client, signedInUser, type Engine } from '../harness';
import { applyAsPostgres } from '../../../../supabase/local/db/migrate';
import type { RestContext } from './context';

/** Operators, Prefer on tables and functions, aggregates and wire formats, as PostgREST documents them. */
export function featuresSection(engine: Engine, ctx: RestContext): void {
  describe(`${engine}: REST range operators and full-text search`, () => {
    it('maps every range operator to the Postgres operator PostgREST uses', async () => {
      const names = async (q: PromiseLike<{ data: Array<{ username: string }> | null; error: unknown }>) => {
        const { data, error } = await q;
        expect(error).toBeNull();
        return (data ?? []).map((r) => r.username).sort();
      };
      const q = () => ctx.anon().from('users').select('username');
      // age ranges: supabot [1,2), kiwicopple [25,35), awailas [25,35), dragarcia [20,30)
      expect(await names(q().rangeGt('age_range', '[2,24]'))).toEqual(['awailas', 'kiwicopple']);
      expect(await names(q().rangeLt('age_range', '[2,24]'))).toEqual(['supabot']);
      // rangeGte = nxl (&>): does not extend to the left of [2,24]
      expect(await names(q().rangeGte('age_range', '[2,24]'))).toEqual([
        'awailas',
        'dragarcia',
        'kiwicopple',
      ]);
      // rangeLte = nxr (&<): does not extend to the right of [2,24]
      expect(await names(q().rangeLte('age_range', '[2,24]'))).toEqual(['supabot']);
      expect(await names(q().rangeAdjacent('age_range', '[2,20)'))).toEqual(['dragarcia', 'supabot']);
      expect(await names(q().overlaps('age_range', '[29,31)'))).toEqual([
        'awailas',
        'dragarcia',
        'kiwicopple',
      ]);
      expect(await names(q().contains('age_range', '[31,32)'))).toEqual(['awailas', 'kiwicopple']);
      expect(await names(q().containedBy('age_range', '[0,30)'))).toEqual(['dragarcia', 'supabot']);
      expect(await names(q().textSearch('catchphrase', "'fat' & 'cat'"))).toEqual(['supabot']);
      expect(await names(q().textSearch('catchphrase', 'bat rat', { type: 'plain' }))).toEqual(['awailas']);
    });
  });

  describe(`${engine}: REST Prefer`, () => {
    it('counts exactly, by the planner, and estimated, with 206 for a partial page', async () => {
      const exact = await ctx.anon().from('messages').select('id', { count: 'exact' }).order('id').limit(2);
      expect(exact.count).toBe(4);
      expect(exact.status).toBe(206);
      const planned = await ctx.rest('/messages?select=id&limit=1', { headers: { prefer: 'count=planned' } });
      expect(planned.status).toBe(206);
      const range = planned.headers.get('content-range') ?? '';
      expect(range).toMatch(/^0-0\/\d+$/);
      expect(Number(range.split('/')[1])).toBeGreaterThan(0);
      // Under max-rows an estimated count is exact.
      const estimated = await ctx.anon().from('messages').select('id', { count: 'estimated' });
      expect(estimated.count).toBe(4);
      expect(estimated.status).toBe(200);
    });

    it('honours missing=default, refuses mixed keys without columns, and upserts answer 200 when nothing is new', async () => {
      const u = ctx.service();
      const withDefaults = await u
        .from('defaults_demo')
        .insert([{ label: 'given', qty: 1 }, { qty: 2 }], { defaultToNull: false })
        .select('label, qty')
        .order('qty');
      expect(withDefaults.error).toBeNull();
      expect(withDefaults.data).toEqual([
        { label: 'given', qty: 1 },
        { label: 'unnamed', qty: 2 },
      ]);
      const mixed = await ctx.rest('/defaults_demo', {
        method: 'POST',
        token: ctx.server().serviceRoleKey,
        body: JSON.stringify([{ label: 'a' }, { qty: 3 }]),
      });
      expect(mixed.status).toBe(400);
      expect(((await mixed.json()) as { code: string; message: string }).code).toBe('PGRST102');
      const fresh = await u.from('channels').upsert({ id: 40, slug: 'new' }).select('slug');
      expect(fresh.status).toBe(201);
      const again = await u.from('channels').upsert({ id: 40, slug: 'renamed' }).select('slug');
      expect(again.status).toBe(200);
      expect(again.data).toEqual([{ slug: 'renamed' }]);
      await u.from('channels').delete().eq('id', 40);
    });

    it('refuses UPDATE and DELETE without a filter (21000), as hosted Supabase does', async () => {
      const u = ctx.service();
      const upd = await u.from('defaults_demo').update({ qty: 0 });
      expect(upd.status).toBe(400);
      expect(upd.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
      const del = await u.from('defaults_demo').delete();
      expect(del.status).toBe(400);
      expect(del.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
      expect((await u.from('defaults_demo').select('id')).data?.length).toBeGreaterThan(0);
    });

    it('applies count, tx=rollback and max-affected to functions', async () => {
      const counted = await ctx
        .anon()
        .rpc('channel_messages', { p_channel: 1 }, { count: 'exact' })
        .select('id')
        .limit(1);
      expect(counted.error).toBeNull();
      expect(counted.count).toBe(2);
      expect(counted.data).toEqual([{ id: 1 }]);
      expect(counted.status).toBe(206);

      // PostgREST's default db-tx-end is commit: Prefer: tx=rollback is ignored and the write stays.
      const kept = await ctx.rest('/rpc/add_channel', {
        method: 'POST',
        headers: { prefer: 'tx=rollback' },
        body: JSON.stringify({ p_id: 72, p_slug: 'kept' }),
      });
      expect(kept.status).toBe(200);
      expect((await ctx.anon().from('channels').select('id').eq('id', 72)).data).toEqual([{ id: 72 }]);
      await ctx.server().db.exec('delete from channels where id = 72');
      await ctx.server().db.exec(`alter role authenticator set pgrst.db_tx_end = 'commit-allow-override'`);
      await ctx.server().reloadRestSchema();
      try {
        const rolledBack = await ctx.rest('/rpc/add_channel', {
          method: 'POST',
          headers: { prefer: 'tx=rollback' },
          body: JSON.stringify({ p_id: 70, p_slug: 'temporary' }),
        });
        expect(rolledBack.status).toBe(200);
        expect(await rolledBack.json()).toEqual([{ id: 70, slug: 'temporary' }]);
        expect((await ctx.anon().from('channels').select('id').eq('id', 70)).data).toEqual([]);
        const viaClient = await ctx
          .anon()
          .rpc('add_channel', { p_id: 71, p_slug: 'also temporary' })
          .rollback();
        expect(viaClient.error).toBeNull();
        expect((await ctx.anon().from('channels').select('id').eq('id', 71)).data).toEqual([]);
      } finally {
        await ctx.server().db.exec('alter role authenticator reset pgrst.db_tx_end');
        await ctx.server().reloadRestSchema();
      }

      const tooMany = await ctx.rest('/rpc/channel_messages', {
        method: 'POST',
        headers: { prefer: 'handling=strict, max-affected=1' },
        body: JSON.stringify({ p_channel: 1 }),
      });
      expect(tooMany.status).toBe(400);
      expect(((await tooMany.json()) as { code: string }).code).toBe('PGRST124');
      const notSet = await ctx.rest('/rpc/add_numbers', {
        method: 'POST',
        headers: { prefer: 'handling=strict, max-affected=1' },
        body: JSON.stringify({ a: 1, b: 2 }),
      });
      expect(notSet.status).toBe(400);
      expect(((await notSet.json()) as { code: string }).code).toBe('PGRST128');
      const writes = await ctx.rest('/rpc/add_channel', {
        method: 'POST',
        headers: { prefer: 'handling=strict, max-affected=0' },
        body: JSON.stringify({ p_id: 72, p_slug: 'refused' }),
      });
      expect(writes.status).toBe(400);
      expect((await ctx.anon().from('channels').select('id').eq('id', 72)).data).toEqual([]);
      const unknownPref = await ctx.rest('/messages?select=id', {
        headers: { prefer: 'handling=strict, foo=bar' },
      });
      expect(unknownPref.status).toBe(400);
      expect(await unknownPref.json()).toMatchObject({
        code: 'PGRST122',
        details: 'Invalid preferences: foo=bar',
      });
      const lenient = await ctx.rest('/messages?select=id&id=eq.1', { headers: { prefer: 'foo=bar' } });
      expect(lenient.status).toBe(200);
    });

    it("applies the request role's settings (statement_timeout) per request", async () => {
      const server = ctx.server();
      await server.db.exec(`alter role anon set statement_timeout = '200ms'`);
      await server.reloadRestSchema();
      try {
        expect((await ctx.anon().rpc('setting', { p_name: 'statement_timeout' })).data).toBe('200ms');
        // authenticator's own settings (the role PostgREST logs in as) hold where the request role
        // has none: service_role runs under its 8 s, and every role under its lock_timeout.
        const service = client(server, server.serviceRoleKey);
        expect((await service.rpc('setting', { p_name: 'statement_timeout' })).data).toBe('8s');
        expect((await service.rpc('setting', { p_name: 'lock_timeout' })).data).toBe('8s');
        expect((await ctx.anon().rpc('setting', { p_name: 'lock_timeout' })).data).toBe('8s');
        const u = await signedInUser(server, 'timeout');
        expect((await u.client.rpc('setting', { p_name: 'statement_timeout' })).data).not.toBe('200ms');
        if (engine === 'postgres') {
          // PGlite runs statements on one thread without timers, so only PostgreSQL can cancel one.
          const slow = await ctx.anon().rpc('sleep_for', { seconds: 2 });
          expect(slow.error?.code).toBe('57014');
          expect(slow.status).toBe(500);
          expect((await u.client.rpc('sleep_for', { seconds: 0.3 })).data).toBe(1);
        }
      } finally {
        await server.db.exec('alter role anon reset statement_timeout');
        await server.reloadRestSchema();
      }
      expect((await ctx.anon().rpc('setting', { p_name: 'statement_timeout' })).data).not.toBe('200ms');
    });
  });

  describe(`${engine}: REST aggregates`, () => {
    it('refuses aggregates while db-aggregates-enabled is off, then groups by the plain columns', async () => {
      const off = await ctx.anon().from('products').select('price.sum()');
      expect(off.status).toBe(400);
      expect(off.error).toMatchObject({
        code: 'PGRST123',
        message: 'Use of aggregate functions is not allowed',
      });
      // The embedded row count predates aggregates and works without them.
      const embedded = await ctx.anon().from('channels').select('slug, messages(count)').eq('id', 1);
      expect(embedded.data).toEqual([{ slug: 'public', messages: [{ count: 2 }] }]);
      const server = ctx.server();
      // As Supabase's docs have a project do it: a migration run as postgres, then NOTIFY, which
      // reloads PostgREST's settings (no reloadRestSchema() here).
      await server.db.transaction((tx) =>
        applyAsPostgres(
          tx,
          `alter role authenticator set pgrst.db_aggregates_enabled = 'true'; notify pgrst, 'reload config';`,
        ),
      );
      try {
        const sum = () =>
          ctx
            .anon()
            .from('products')
            .select('total:price.sum(), price.avg()::int, price.min(), price.max(), count()');
        let totals = await sum();
        for (let tries = 0; totals.error && tries < 40; tries += 1) {
          await new Promise((r) => setTimeout(r, 25));
          totals = await sum();
        }
        expect(totals.error).toBeNull();
        expect(totals.data).toEqual([{ total: 1509.48, avg: 503, min: 9.99, max: 999.99, count: 3 }]);
        const grouped = await ctx.anon().from('messages').select('channel_id, count()').order('channel_id');
        expect(grouped.data).toEqual([
          { channel_id: 1, count: 2 },
          { channel_id: 2, count: 2 },
        ]);
      } finally {
        await server.db.exec('alter role authenticator reset pgrst.db_aggregates_enabled');
        await server.reloadRestSchema();
      }
    });
  });

  describe(`${engine}: REST wire formats`, () => {
    it('pages by the Range header, answers CSV for Accept: text/csv and explains plans', async () => {
      const ranged = await ctx.rest('/messages?select=id&order=id', {
        headers: { range: '1-2', 'range-unit': 'items' },
      });
      expect(await ranged.json()).toEqual([{ id: 2 }, { id: 3 }]);
      expect(ranged.headers.get('content-range')).toBe('1-2/*');
      const csv = await ctx.anon().from('messages').select('id, message').order('id').limit(2).csv();
      expect(csv.error).toBeNull();
      expect(csv.data).toBe('id,message\n1,"Hello World 👋"\n2,"Perfection is attained."');
      // db-plan-enabled is off by default: plans show RLS internals, so PostgREST does not offer them.
      const refused = await ctx.anon().from('messages').select('id').explain({ format: 'json' });
      expect(refused.status).toBe(406);
      expect(refused.error?.code).toBe('PGRST107');
      expect(refused.error?.message).toMatch(
        /^None of these media types are available: application\/vnd\.pgrst\.plan\+json; for="application\/json"/,
      );
      await ctx.server().db.exec(`alter role authenticator set pgrst.db_plan_enabled = 'true'`);
      await ctx.server().reloadRestSchema();
      try {
        const plan = await ctx.anon().from('messages').select('id').eq('id', 1).explain({ format: 'json' });
        expect(plan.error).toBeNull();
        expect(
          (plan.data as unknown as Array<{ Plan: { 'Node Type': string } }>)[0]?.Plan['Node Type'],
        ).toBeTruthy();
        const text = await ctx.anon().from('messages').select('id').explain();
        expect(String(text.data)).toMatch(/cost=/);
      } finally {
        await ctx.server().db.exec('alter role authenticator reset pgrst.db_plan_enabled');
        await ctx.server().reloadRestSchema();
      }
      const raw = await ctx.rest('/users?select=username,data&username=eq.supabot', {
        headers: { accept: 'text/csv' },
      });
      expect(raw.headers.get('content-type')).toMatch(/^text\/csv/);
    });
  });

  describe(`${engine}: REST limits at the gateway`, () => {
    it('answers 413 for an oversized body and 414 for an over-long URL, and keeps serving', async () => {
      const big = await ctx.rest('/messages', {
        method: 'POST',
        token: ctx.server().serviceRoleKey,
        body: JSON.stringify({ message: 'x'.repeat(11 * 1024 * 1024) }),
      });
      expect(big.status).toBe(413);
      const longUrl = await ctx.rest(`/messages?select=id&message=eq.${'y'.repeat(20_000)}`);
      expect(longUrl.status).toBe(414);
      const veryLong = await ctx.rest(`/messages?select=id&message=eq.${'z'.repeat(70_000)}`);
      expect(veryLong.status).toBe(414);
      expect((await ctx.anon().from('messages').select('id').eq('id', 1)).data).toEqual([{ id: 1 }]);
    });

    it("refuses a user's session token as apikey, and media types it cannot produce", async () => {
      const u = await signedInUser(ctx.server(), 'apikey');
      const asKey = await fetch(`${ctx.server().url}/rest/v1/messages?select=id`, {
        headers: { apikey: u.accessToken, authorization: `Bearer ${u.accessToken}` },
      });
      expect(asKey.status).toBe(401);
      expect(((await asKey.json()) as { message: string }).message).toBe('Invalid API key');
      const geo = await ctx.rest('/messages?select=id', { headers: { accept: 'application/geo+json' } });
      expect(geo.status).toBe(406);
      expect(await geo.json()).toMatchObject({
        code: 'PGRST107',
        message: 'None of these media types are available: application/geo+json',
      });
    });
  });
}
