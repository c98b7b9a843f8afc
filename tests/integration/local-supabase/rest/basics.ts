import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { client, signedInUser, sleep, type Engine } from '../harness';
import type { RestContext } from './context';

/** The flat REST features: select, filters, order, single, writes, RLS, RPC, JWTs, schemas, robustness. */
export function basicsSection(engine: Engine, ctx: RestContext): void {
  const { rest } = ctx;
  describe(`${engine}: REST`, () => {
    it('selects columns with aliases, casts and JSON paths, rendered as Postgres renders them', async () => {
      const { data, error } = await ctx
        .anon()
        .from('items')
        .select('id, label:name, price, p:price::text, meta->>color, big::text')
        .order('id')
        .limit(2);
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 1, label: 'apple', price: 1.5, p: '1.50', color: 'red', big: '9007199254740993' },
        { id: 2, label: 'banana', price: 0.25, p: '0.25', color: 'yellow', big: '2' },
      ]);
      const raw = await (await rest('/items?select=big,price&id=eq.1')).text();
      expect(raw).toBe('[{"big":9007199254740993,"price":1.50}]');
    });

    it('applies every filter operator and or/and trees', async () => {
      const ids = async (
        q: PromiseLike<{ data: Array<{ id: number }> | null; error: unknown }>,
      ): Promise<number[]> => {
        const { data, error } = await q;
        expect(error).toBeNull();
        return (data ?? []).map((r) => r.id);
      };
      const q = () => ctx.anon().from('items').select('id').order('id');
      expect(await ids(q().eq('category', 'fruit'))).toEqual([1, 2]);
      expect(await ids(q().neq('category', 'fruit'))).toEqual([3, 4, 5]);
      expect(await ids(q().gt('price', 0.8))).toEqual([1, 5]);
      expect(await ids(q().gte('price', 0.8))).toEqual([1, 3, 5]);
      expect(await ids(q().lt('price', 0.8))).toEqual([2]);
      expect(await ids(q().lte('price', 0.8))).toEqual([2, 3]);
      expect(await ids(q().like('name', '*an*'))).toEqual([2, 5]);
      expect(await ids(q().ilike('name', 'A%'))).toEqual([1]);
      expect(await ids(q().in('name', ['apple', 'dill, fresh']))).toEqual([1, 4]);
      expect(await ids(q().is('price', null))).toEqual([4]);
      expect(await ids(q().not('qty', 'is', null).eq('active', true))).toEqual([1, 2, 4]);
      expect(await ids(q().not('category', 'in', '(fruit,herb)'))).toEqual([3, 5]);
      expect(await ids(q().is('active', false))).toEqual([3]);
      expect(
        await ids(q().or('id.eq.1,name.eq."dill, fresh",and(category.eq.vegetable,price.gt.1)')),
      ).toEqual([1, 4, 5]);
      expect(await ids(q().or('qty.gt.4,price.is.null').eq('active', true))).toEqual([1, 4]);
      expect(await ids(q().contains('meta', { color: 'red' }))).toEqual([1]);
      expect(await ids(q().eq('meta->>color', 'yellow'))).toEqual([2]);
    });

    it('orders by several columns with nulls placement, limits and ranges', async () => {
      const ordered = await ctx
        .anon()
        .from('items')
        .select('id')
        .order('price', { ascending: false, nullsFirst: true })
        .order('id');
      expect(ordered.data?.map((r) => r.id)).toEqual([4, 5, 1, 3, 2]);
      const multi = await ctx
        .anon()
        .from('items')
        .select('id')
        .order('category')
        .order('qty', { ascending: false, nullsFirst: false });
      expect(multi.data?.map((r) => r.id)).toEqual([1, 2, 4, 3, 5]);
      const page = await ctx.anon().from('items').select('id', { count: 'exact' }).order('id').range(1, 2);
      expect(page.data?.map((r) => r.id)).toEqual([2, 3]);
      expect(page.count).toBe(5);
      expect(page.status).toBe(206);
      const head = await ctx
        .anon()
        .from('items')
        .select('*', { count: 'exact', head: true })
        .eq('category', 'fruit');
      expect(head.count).toBe(2);
      expect(head.data).toBeNull();
      const res = await rest('/items?select=id&order=id&limit=2', { headers: { prefer: 'count=exact' } });
      expect(res.headers.get('content-range')).toBe('0-1/5');
    });

    it('enforces single() on the server and maybeSingle() in the client', async () => {
      const one = await ctx.anon().from('items').select('name').eq('id', 1).single();
      expect(one.data).toEqual({ name: 'apple' });
      const none = await ctx.anon().from('items').select('name').eq('id', 999).single();
      expect(none.status).toBe(406);
      expect(none.error?.code).toBe('PGRST116');
      expect(none.error?.details).toBe('The result contains 0 rows');
      const two = await ctx.anon().from('items').select('name').eq('category', 'fruit').single();
      expect(two.error?.code).toBe('PGRST116');
      const maybeNone = await ctx.anon().from('items').select('name').eq('id', 999).maybeSingle();
      expect(maybeNone.data).toBeNull();
      expect(maybeNone.error).toBeNull();
      const maybeTwo = await ctx.anon().from('items').select('name').eq('category', 'fruit').maybeSingle();
      expect(maybeTwo.error?.code).toBe('PGRST116');
    });

    it('inserts, upserts, updates and deletes with PostgREST statuses', async () => {
      const u = await signedInUser(ctx.server(), 'writer');
      const plain = await u.client.from('items').insert({ id: 10, name: 'fig', category: 'fruit', price: 3 });
      expect(plain.status).toBe(201);
      expect(plain.data).toBeNull();
      const rep = await u.client
        .from('items')
        .insert({ id: 11, name: 'grape', price: '4.10' })
        .select('id, price::text, active')
        .single();
      expect(rep.status).toBe(201);
      expect(rep.data).toEqual({ id: 11, price: '4.10', active: true });
      // An array is sent with columns=: a missing key becomes NULL, not the default.
      const mixed = await u.client
        .from('items')
        .insert([
          { id: 12, name: 'honeydew', category: 'fruit' },
          { id: 13, name: 'iceberg' },
        ])
        .select('id, category')
        .order('id');
      expect(mixed.data).toEqual([
        { id: 12, category: 'fruit' },
        { id: 13, category: null },
      ]);
      const notNull = await u.client.from('items').insert([
        { id: 14, name: 'jicama', active: false },
        { id: 15, name: 'kale' },
      ]);
      expect(notNull.status).toBe(400);
      expect(notNull.error?.code).toBe('23502');
      const dup = await u.client.from('items').insert({ id: 16, name: 'apple' });
      expect(dup.status).toBe(409);
      expect(dup.error?.code).toBe('23505');

      const merged = await u.client
        .from('items')
        .upsert({ id: 99, name: 'fig', price: 3.5 }, { onConflict: 'name' })
        .select('id, price');
      expect(merged.error).toBeNull();
      expect(merged.data).toEqual([{ id: 99, price: 3.5 }]);
      const ignored = await u.client
        .from('items')
        .upsert({ id: 98, name: 'fig', price: 1 }, { onConflict: 'name', ignoreDuplicates: true })
        .select('id');
      expect(ignored.data).toEqual([]);
      const byPk = await u.client
        .from('items')
        .upsert({ id: 11, name: 'grape', qty: 7 })
        .select('qty')
        .single();
      expect(byPk.data).toEqual({ qty: 7 });

      const txRollback = {
        method: 'POST',
        token: u.accessToken,
        headers: { prefer: 'return=representation, tx=rollback' },
        body: JSON.stringify({ id: 97, name: 'never' }),
      };
      // db-tx-end commit (PostgREST's default): the preference is neither applied nor honoured.
      const committed = await rest('/items', txRollback);
      expect(committed.status).toBe(201);
      expect(committed.headers.get('preference-applied')).toBe('return=representation');
      expect((await ctx.anon().from('items').select('id').eq('id', 97)).data).toEqual([{ id: 97 }]);
      await ctx.server().db.exec('delete from items where id = 97');
      await ctx.server().db.exec(`alter role authenticator set pgrst.db_tx_end = 'commit-allow-override'`);
      await ctx.server().reloadRestSchema();
      try {
        const rolledBack = await rest('/items', txRollback);
        expect(rolledBack.status).toBe(201);
        expect(rolledBack.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
        expect(await rolledBack.json()).toEqual([expect.objectContaining({ id: 97, name: 'never' })]);
        expect((await ctx.anon().from('items').select('id').eq('id', 97)).data).toEqual([]);
      } finally {
        await ctx.server().db.exec('alter role authenticator reset pgrst.db_tx_end');
        await ctx.server().reloadRestSchema();
      }

      const upd = await u.client.from('items').update({ qty: 1 }).eq('id', 99);
      expect(upd.status).toBe(204);
      const updRep = await u.client
        .from('items')
        .update({ qty: 2 })
        .in('id', [11, 99])
        .select('id, qty')
        .order('id');
      expect(updRep.status).toBe(200);
      expect(updRep.data).toEqual([
        { id: 11, qty: 2 },
        { id: 99, qty: 2 },
      ]);
      const badCol = await u.client.from('items').update({ nope: 1 }).eq('id', 11);
      expect(badCol.status).toBe(400);
      expect(badCol.error?.code).toBe('PGRST204');

      const del = await u.client.from('items').delete().in('id', [12, 13]);
      expect(del.status).toBe(204);
      const delRep = await u.client.from('items').delete().in('id', [11, 99]).select('id');
      expect(delRep.status).toBe(200);
      expect(delRep.data?.map((r) => r.id).sort()).toEqual([11, 99]);
      const left = await ctx.anon().from('items').select('id').gte('id', 10);
      expect(left.data).toEqual([]);
    });

    it('runs as the JWT role so RLS and grants decide (42501 → 401 anon / 403 user)', async () => {
      const a = await signedInUser(ctx.server(), 'rls-a');
      const b = await signedInUser(ctx.server(), 'rls-b');
      const note = await a.client
        .from('notes')
        .insert({ title: 'mine', amount: 12.5 })
        .select('id, owner, amount::text')
        .single();
      expect(note.error).toBeNull();
      expect(note.data?.owner).toBe(a.id);
      expect(note.data?.amount).toBe('12.50000000');
      expect((await b.client.from('notes').select('id')).data).toEqual([]);
      const stolen = await b.client
        .from('notes')
        .update({ title: 'stolen' })
        .eq('id', note.data?.id ?? 0);
      expect(stolen.status).toBe(204);
      expect((await a.client.from('notes').select('title').single()).data).toEqual({ title: 'mine' });
      const forge = await b.client.from('notes').insert({ title: 'x', owner: a.id });
      expect(forge.status).toBe(403);
      expect(forge.error?.code).toBe('42501');
      expect(forge.error?.message).toContain('row-level security');
      const anonInsert = await ctx.anon().from('notes').insert({ title: 'x' });
      expect(anonInsert.status).toBe(401);
      expect(anonInsert.error?.code).toBe('42501');
      const hidden = await a.client.from('notes').select('secret');
      expect(hidden.status).toBe(403);
      expect(hidden.error?.code).toBe('42501');
      const all = await ctx
        .service()
        .from('notes')
        .select('secret')
        .eq('id', note.data?.id ?? 0)
        .single();
      expect(all.data).toEqual({ secret: 'hidden' });
    });

    it('calls functions: scalar, setof, rows, row, jsonb, void, GET, and custom error codes', async () => {
      expect((await ctx.anon().rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
      const viaGet = await ctx.anon().rpc('add_numbers', { a: 4, b: 5 }, { get: true });
      expect(viaGet.data).toBe(9);
      expect((await ctx.anon().rpc('item_names', { min_price: 1 })).data).toEqual(['apple', 'eggplant']);
      expect((await ctx.anon().rpc('item_names')).data).toEqual(['apple', 'banana', 'carrot', 'eggplant']);
      const rows = await ctx.anon().rpc('items_in', { cat: 'vegetable' }).select('id, name').gt('id', 3);
      expect(rows.data).toEqual([{ id: 5, name: 'eggplant' }]);
      // By GET the argument and the filter on the result share the query string.
      const rowsViaGet = await ctx
        .anon()
        .rpc('items_in', { cat: 'vegetable' }, { get: true })
        .select('id, name')
        .gt('id', 3);
      expect(rowsViaGet.data).toEqual([{ id: 5, name: 'eggplant' }]);
      const notAFilter = await rest('/rpc/items_in?cat=vegetable&id=3');
      expect(notAFilter.status).toBe(400);
      expect(((await notAFilter.json()) as { code: string }).code).toBe('PGRST100');
      expect((await ctx.anon().rpc('get_item', { p_id: 2 })).data).toMatchObject({
        id: 2,
        name: 'banana',
        price: 0.25,
      });
      expect((await ctx.anon().rpc('echo_json', { payload: { n: [1, 2], s: 'x' } })).data).toEqual({
        echo: { n: [1, 2], s: 'x' },
      });
      const nothing = await ctx.anon().rpc('touch_nothing');
      expect(nothing.status).toBe(204);
      expect(nothing.data).toBeNull();
      const pt409 = await ctx.anon().rpc('fail_with', { kind: 'PT409' });
      expect(pt409.status).toBe(409);
      expect(pt409.error).toMatchObject({ code: 'PT409', message: 'already requested', hint: 'wait' });
      expect((await ctx.anon().rpc('fail_with', { kind: 'PT429' })).status).toBe(429);
      const p0001 = await ctx.anon().rpc('fail_with', { kind: 'other' });
      expect(p0001.status).toBe(400);
      expect(p0001.error?.code).toBe('P0001');
      expect((await ctx.anon().rpc('fail_with', { kind: '22023' })).status).toBe(400);
      const missing = await ctx.anon().rpc('no_such_function', { x: 1 });
      expect(missing.status).toBe(404);
      expect(missing.error?.code).toBe('PGRST202');
      expect(missing.error?.message).toBe(
        'Could not find the function public.no_such_function(x) in the schema cache',
      );
      expect(missing.error?.details).toMatch(
        /^Searched for the function public\.no_such_function .* in the schema cache\.$/,
      );
      const denied = await ctx.anon().rpc('private_thing');
      expect(denied.status).toBe(401);
      expect(denied.error?.code).toBe('42501');
      const u = await signedInUser(ctx.server(), 'rpc');
      expect((await u.client.rpc('private_thing')).status).toBe(403);
      const who = await u.client.rpc('whoami');
      expect(who.data).toMatchObject({
        uid: u.id,
        role: 'authenticated',
        current_user: 'authenticated',
        method: 'POST',
        path: '/rpc/whoami',
      });
      expect((who.data as { client_info: string }).client_info).toMatch(/^supabase-js\//);
      const added = await u.client.rpc('add_note', { p_title: 'via rpc', p_amount: 1.25 });
      expect(added.data).toMatchObject({ title: 'via rpc', owner: u.id, amount: 1.25 });
      const readOnly = await rest('/rpc/add_note?p_title=x&p_amount=1', {
        method: 'GET',
        token: u.accessToken,
      });
      expect(readOnly.status).toBe(405);
      expect(((await readOnly.json()) as { code: string }).code).toBe('25006');
    });

    it('rejects expired, forged and malformed JWTs with PGRST303/PGRST301', async () => {
      const secret = new TextEncoder().encode(ctx.server().jwtSecret);
      const expired = await new SignJWT({
        role: 'authenticated',
        sub: '00000000-0000-0000-0000-000000000000',
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(secret);
      const withToken = (token: string): SupabaseClient =>
        client(ctx.server(), ctx.server().anonKey, {
          global: { headers: { Authorization: `Bearer ${token}` } },
        });
      const exp = await withToken(expired).from('items').select('id');
      expect(exp.status).toBe(401);
      expect(exp.error?.code).toBe('PGRST303');
      expect(exp.error?.message).toBe('JWT expired');
      const forged = await new SignJWT({ role: 'service_role' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-that-is-long-enough-000'));
      const f = await withToken(forged).from('notes').select('id');
      expect(f.status).toBe(401);
      expect(f.error?.code).toBe('PGRST301');
      const none = await new SignJWT({ role: 'service_role' })
        .setProtectedHeader({ alg: 'none' as 'HS256' })
        .sign(secret)
        .catch(() => 'e30.e30.');
      const n = await withToken(none).from('notes').select('id');
      expect(n.status).toBe(401);
      const malformed = await withToken('abc').from('items').select('id');
      expect(malformed.status).toBe(401);
      expect(malformed.error?.message).toBe('Expected 3 parts in JWT; got 1');
      // PostgREST checks the token in a middleware before it parses the request or looks up the
      // table: a bad token wins over a malformed filter and an unknown table.
      const both = await withToken('abc').from('no_such_table').select('id').eq('id', 'x').or('broken(');
      expect(both.status).toBe(401);
      expect(both.error?.message).toBe('Expected 3 parts in JWT; got 1');
      const weirdRole = await new SignJWT({ role: 'postgres' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('1h')
        .sign(secret);
      const w = await withToken(weirdRole).from('items').select('id');
      expect(w.status).toBe(401);
    });

    it('refuses unexposed schemas with PGRST106', async () => {
      const res = await ctx.service().schema('private').from('secrets').select('*');
      expect(res.status).toBe(406);
      expect(res.error).toMatchObject({
        code: 'PGRST106',
        message: 'Invalid schema: private',
        hint: 'Only the following schemas are exposed: public, graphql_public',
      });
    });

    it('fails injection attempts cleanly and changes nothing', async () => {
      const before = await ctx.service().from('items').select('*').order('id');
      const attempts: Array<{ status: number }> = [
        await ctx.anon().from('items').select('id').eq('name', "x'; drop table public.items; --"),
        await ctx.anon().from('items').select('id; drop table public.items'),
        await ctx.anon().from('items').select('id').order('id; drop table public.items'),
        await ctx.anon().from('items').select('id::text); drop table public.items; --'),
        await ctx.anon().from('items').select('id::text; drop table public.items'),
        await ctx.anon().from('items').select('id').eq('na"me', 'x'),
        await ctx.anon().from('items').select('id').eq("meta->>color'); drop table public.items; --", 'x'),
        await ctx.anon().from('items; drop table public.items').select('id'),
        await ctx.anon().rpc('add_numbers(1,2); drop table public.items; --'),
        await ctx.anon().rpc('add_numbers', { 'a := 1); drop table public.items; --': 1 }),
        await ctx.anon().from('items').select('id').or('id.eq.1);drop table public.items;--'),
        await ctx.anon().from('items').select('id').in('id', ['1); drop table public.items; --']),
      ];
      expect(attempts[0]?.status).toBe(200);
      for (const a of attempts.slice(1)) expect(a.status).toBeGreaterThanOrEqual(400);
      for (const a of attempts.slice(1)) expect(a.status).toBeLessThan(500);
      const after = await ctx.service().from('items').select('*').order('id');
      expect(after.data).toEqual(before.data);
    });

    it('keeps serving after malformed JSON, unknown tables/columns and bad filters', async () => {
      const bad = await rest('/items', {
        method: 'POST',
        body: '{"id": 1,',
        token: ctx.server().serviceRoleKey,
      });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { code: string }).code).toBe('PGRST102');
      const badRpc = await rest('/rpc/add_numbers', { method: 'POST', body: 'not json' });
      expect(badRpc.status).toBe(400);
      expect((await rest('/nope?select=*')).status).toBe(404);
      const unknownCol = await rest('/items?select=nope');
      expect(unknownCol.status).toBe(400);
      expect(((await unknownCol.json()) as { code: string }).code).toBe('42703');
      const badFilter = await rest('/items?id=foo.1');
      expect(badFilter.status).toBe(400);
      expect(((await badFilter.json()) as { code: string }).code).toBe('PGRST100');
      expect((await rest('/items?id=eq.notanumber')).status).toBe(400);
      expect((await rest('/items?order=id.sideways')).status).toBe(400);
      expect((await rest('/items?limit=-1')).status).toBe(400);
      expect((await rest('/items?or=(id.eq.1')).status).toBe(400);
      const badAuth = await fetch(`${ctx.server().url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: ctx.server().anonKey, 'content-type': 'application/json' },
        body: '{oops',
      });
      expect(badAuth.status).toBe(400);
      const ok = await ctx.anon().from('items').select('id').eq('id', 1);
      expect(ok.data).toEqual([{ id: 1 }]);
    });

    it('finds tables and columns created after start (schema cache reload)', async () => {
      // Reloads are rate-limited (250 ms) against clients hammering unknown names.
      await sleep(300);
      await ctx.server().db.exec(
        `create table public.late (id int primary key, note text); grant select on public.late to anon;
         insert into public.late values (1, 'x');`,
      );
      expect((await ctx.anon().from('late').select('id, note')).data).toEqual([{ id: 1, note: 'x' }]);
      await sleep(300);
      await ctx.server().db.exec('alter table public.late add column extra text');
      expect((await ctx.anon().from('late').select('extra')).data).toEqual([{ extra: null }]);
      await ctx.server().db.exec('drop table public.late');
    });

    it('caps responses at max_rows while counting them all', async () => {
      const rows = Array.from({ length: 1005 }, (_, i) => ({ id: 1000 + i, name: `bulk-${i}` }));
      const ins = await ctx.service().from('items').insert(rows);
      expect(ins.status).toBe(201);
      const all = await ctx.anon().from('items').select('id', { count: 'exact' });
      expect(all.data?.length).toBe(1000);
      expect(all.count).toBe(1010);
      await ctx.service().from('items').delete().gte('id', 1000);
    });
  });
}
