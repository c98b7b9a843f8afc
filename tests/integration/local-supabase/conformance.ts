import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LocalSupabase } from '../../../supabase/local/server';
import { EngineHarness, client, signedInUser, sleep, waitFor, type Engine } from './harness';

/** The whole conformance suite against one engine; driven only through supabase-js (and raw HTTP/WS for wire details). */
export function conformanceSuite(engine: Engine): void {
  const harness = new EngineHarness(engine);
  let server: LocalSupabase;
  let anon: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(async () => {
    server = await harness.server();
    anon = client(server);
    service = client(server, server.serviceRoleKey);
  });
  afterAll(async () => {
    await harness.stop();
  });

  const rest = (path: string, init: RequestInit & { token?: string } = {}): Promise<Response> =>
    fetch(`${server.url}/rest/v1${path}`, {
      ...init,
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${init.token ?? server.anonKey}`,
        'content-type': 'application/json',
        ...(init.headers as Record<string, string> | undefined),
      },
    });

  describe(`${engine}: gateway`, () => {
    it('requires an apikey, except on e-mail link routes', async () => {
      const res = await fetch(`${server.url}/rest/v1/items`);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
      const bad = await fetch(`${server.url}/rest/v1/items`, { headers: { apikey: 'not-a-key' } });
      expect(bad.status).toBe(401);
      const verify = await fetch(`${server.url}/auth/v1/verify?token=nope&type=recovery`, {
        redirect: 'manual',
      });
      expect(verify.status).toBe(303);
    });

    it('answers CORS preflights and exposes the headers browsers need', async () => {
      const pre = await fetch(`${server.url}/rest/v1/items`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:4321',
          'access-control-request-method': 'POST',
          'access-control-request-headers':
            'apikey, authorization, content-type, x-client-info, prefer, x-retry-count',
        },
      });
      expect(pre.status).toBe(200);
      expect(pre.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
      expect(pre.headers.get('access-control-allow-headers')).toBe(
        'apikey, authorization, content-type, x-client-info, prefer, x-retry-count',
      );
      expect(pre.headers.get('access-control-allow-methods')).toContain('PATCH');
      const res = await rest('/items?select=id', { headers: { origin: 'http://127.0.0.1:4321' } });
      const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
      expect(exposed).toContain('content-range');
      expect(exposed).toContain('x-supabase-api-version');
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    });

    it('maps the new sb_publishable_/sb_secret_ keys to anon and service_role', async () => {
      const pub = client(server, server.publishableKey);
      const who = await pub.rpc('whoami');
      expect(who.error).toBeNull();
      expect((who.data as { role: string }).role).toBe('anon');
      const secret = client(server, server.secretKey);
      const who2 = await secret.rpc('whoami');
      expect((who2.data as { role: string }).role).toBe('service_role');
    });

    it('refuses an unsigned alg:none token claiming service_role on REST, auth admin and realtime', async () => {
      // Built by hand: JWT libraries refuse to produce alg "none", which is exactly the forgery to test.
      const b64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const payload = { role: 'service_role', iss: 'supabase-demo', iat: now, exp: now + 3600 };
      const unsigned = [
        `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.`,
        `${b64url({ alg: 'none' })}.${b64url(payload)}.`,
        `${b64url({ alg: 'NONE', typ: 'JWT' })}.${b64url(payload)}.`,
        // A real HS256 signature pasted under an alg:none header must not count either.
        `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.${server.serviceRoleKey.split('.')[2] ?? ''}`,
      ];
      for (const token of unsigned) {
        const viaRest = await fetch(`${server.url}/rest/v1/notes?select=id`, {
          headers: { apikey: server.anonKey, authorization: `Bearer ${token}` },
        });
        expect(viaRest.status, token).toBe(401);
        const asApikey = await fetch(`${server.url}/rest/v1/notes?select=id`, {
          headers: { apikey: token, authorization: `Bearer ${token}` },
        });
        expect(asApikey.status, token).toBe(401);
        const admin = await fetch(`${server.url}/auth/v1/admin/users`, {
          headers: { apikey: server.anonKey, authorization: `Bearer ${token}` },
        });
        expect([401, 403], token).toContain(admin.status);
        const reply = await new Promise<{ status: string; response: unknown }>((resolve, reject) => {
          const socket = new WebSocket(
            `${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=2.0.0`,
          );
          socket.on('open', () =>
            socket.send(
              JSON.stringify(['1', '1', 'realtime:forged', 'phx_join', { config: {}, access_token: token }]),
            ),
          );
          socket.on('message', (raw) => {
            const [, , , event, body] = JSON.parse(String(raw)) as [
              unknown,
              unknown,
              string,
              string,
              { status: string; response: unknown },
            ];
            if (event === 'phx_reply') {
              socket.close();
              resolve(body);
            }
          });
          socket.on('error', reject);
        });
        expect(reply.status, token).toBe('error');
      }
      // The same request with the real service key works: the refusals above are about the token.
      const real = await fetch(`${server.url}/auth/v1/admin/users`, {
        headers: { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}` },
      });
      expect(real.status).toBe(200);
    });
  });

  describe(`${engine}: REST`, () => {
    it('selects columns with aliases, casts and JSON paths, rendered as Postgres renders them', async () => {
      const { data, error } = await anon
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
      const q = () => anon.from('items').select('id').order('id');
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
      const ordered = await anon
        .from('items')
        .select('id')
        .order('price', { ascending: false, nullsFirst: true })
        .order('id');
      expect(ordered.data?.map((r) => r.id)).toEqual([4, 5, 1, 3, 2]);
      const multi = await anon
        .from('items')
        .select('id')
        .order('category')
        .order('qty', { ascending: false, nullsFirst: false });
      expect(multi.data?.map((r) => r.id)).toEqual([1, 2, 4, 3, 5]);
      const page = await anon.from('items').select('id', { count: 'exact' }).order('id').range(1, 2);
      expect(page.data?.map((r) => r.id)).toEqual([2, 3]);
      expect(page.count).toBe(5);
      expect(page.status).toBe(206);
      const head = await anon
        .from('items')
        .select('*', { count: 'exact', head: true })
        .eq('category', 'fruit');
      expect(head.count).toBe(2);
      expect(head.data).toBeNull();
      const res = await rest('/items?select=id&order=id&limit=2', { headers: { prefer: 'count=exact' } });
      expect(res.headers.get('content-range')).toBe('0-1/5');
    });

    it('enforces single() on the server and maybeSingle() in the client', async () => {
      const one = await anon.from('items').select('name').eq('id', 1).single();
      expect(one.data).toEqual({ name: 'apple' });
      const none = await anon.from('items').select('name').eq('id', 999).single();
      expect(none.status).toBe(406);
      expect(none.error?.code).toBe('PGRST116');
      expect(none.error?.details).toBe('The result contains 0 rows');
      const two = await anon.from('items').select('name').eq('category', 'fruit').single();
      expect(two.error?.code).toBe('PGRST116');
      const maybeNone = await anon.from('items').select('name').eq('id', 999).maybeSingle();
      expect(maybeNone.data).toBeNull();
      expect(maybeNone.error).toBeNull();
      const maybeTwo = await anon.from('items').select('name').eq('category', 'fruit').maybeSingle();
      expect(maybeTwo.error?.code).toBe('PGRST116');
    });

    it('inserts, upserts, updates and deletes with PostgREST statuses', async () => {
      const u = await signedInUser(server, 'writer');
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

      const rolledBack = await rest('/items', {
        method: 'POST',
        token: u.accessToken,
        headers: { prefer: 'return=representation, tx=rollback' },
        body: JSON.stringify({ id: 97, name: 'never' }),
      });
      expect(rolledBack.status).toBe(201);
      expect(await rolledBack.json()).toEqual([expect.objectContaining({ id: 97, name: 'never' })]);
      expect((await anon.from('items').select('id').eq('id', 97)).data).toEqual([]);

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
      const left = await anon.from('items').select('id').gte('id', 10);
      expect(left.data).toEqual([]);
    });

    it('runs as the JWT role so RLS and grants decide (42501 → 401 anon / 403 user)', async () => {
      const a = await signedInUser(server, 'rls-a');
      const b = await signedInUser(server, 'rls-b');
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
      const anonInsert = await anon.from('notes').insert({ title: 'x' });
      expect(anonInsert.status).toBe(401);
      expect(anonInsert.error?.code).toBe('42501');
      const hidden = await a.client.from('notes').select('secret');
      expect(hidden.status).toBe(403);
      expect(hidden.error?.code).toBe('42501');
      const all = await service
        .from('notes')
        .select('secret')
        .eq('id', note.data?.id ?? 0)
        .single();
      expect(all.data).toEqual({ secret: 'hidden' });
    });

    it('calls functions: scalar, setof, rows, row, jsonb, void, GET, and custom error codes', async () => {
      expect((await anon.rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
      const viaGet = await anon.rpc('add_numbers', { a: 4, b: 5 }, { get: true });
      expect(viaGet.data).toBe(9);
      expect((await anon.rpc('item_names', { min_price: 1 })).data).toEqual(['apple', 'eggplant']);
      expect((await anon.rpc('item_names')).data).toEqual(['apple', 'banana', 'carrot', 'eggplant']);
      const rows = await anon.rpc('items_in', { cat: 'vegetable' }).select('id, name').gt('id', 3);
      expect(rows.data).toEqual([{ id: 5, name: 'eggplant' }]);
      expect((await anon.rpc('get_item', { p_id: 2 })).data).toMatchObject({
        id: 2,
        name: 'banana',
        price: 0.25,
      });
      expect((await anon.rpc('echo_json', { payload: { n: [1, 2], s: 'x' } })).data).toEqual({
        echo: { n: [1, 2], s: 'x' },
      });
      const nothing = await anon.rpc('touch_nothing');
      expect(nothing.status).toBe(204);
      expect(nothing.data).toBeNull();
      const pt409 = await anon.rpc('fail_with', { kind: 'PT409' });
      expect(pt409.status).toBe(409);
      expect(pt409.error).toMatchObject({ code: 'PT409', message: 'already requested', hint: 'wait' });
      expect((await anon.rpc('fail_with', { kind: 'PT429' })).status).toBe(429);
      const p0001 = await anon.rpc('fail_with', { kind: 'other' });
      expect(p0001.status).toBe(400);
      expect(p0001.error?.code).toBe('P0001');
      expect((await anon.rpc('fail_with', { kind: '22023' })).status).toBe(400);
      const missing = await anon.rpc('no_such_function', { x: 1 });
      expect(missing.status).toBe(404);
      expect(missing.error?.code).toBe('PGRST202');
      const denied = await anon.rpc('private_thing');
      expect(denied.status).toBe(401);
      expect(denied.error?.code).toBe('42501');
      const u = await signedInUser(server, 'rpc');
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
      const secret = new TextEncoder().encode(server.jwtSecret);
      const expired = await new SignJWT({
        role: 'authenticated',
        sub: '00000000-0000-0000-0000-000000000000',
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(secret);
      const withToken = (token: string): SupabaseClient =>
        client(server, server.anonKey, { global: { headers: { Authorization: `Bearer ${token}` } } });
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
      const weirdRole = await new SignJWT({ role: 'postgres' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('1h')
        .sign(secret);
      const w = await withToken(weirdRole).from('items').select('id');
      expect(w.status).toBe(401);
    });

    it('refuses unexposed schemas with PGRST106', async () => {
      const res = await service.schema('private').from('secrets').select('*');
      expect(res.status).toBe(406);
      expect(res.error).toMatchObject({
        code: 'PGRST106',
        message: 'Invalid schema: private',
        hint: 'Only the following schemas are exposed: public, graphql_public',
      });
    });

    it('fails injection attempts cleanly and changes nothing', async () => {
      const before = await service.from('items').select('*').order('id');
      const attempts: Array<{ status: number }> = [
        await anon.from('items').select('id').eq('name', "x'; drop table public.items; --"),
        await anon.from('items').select('id; drop table public.items'),
        await anon.from('items').select('id').order('id; drop table public.items'),
        await anon.from('items').select('id::text); drop table public.items; --'),
        await anon.from('items').select('id::text; drop table public.items'),
        await anon.from('items').select('id').eq('na"me', 'x'),
        await anon.from('items').select('id').eq("meta->>color'); drop table public.items; --", 'x'),
        await anon.from('items; drop table public.items').select('id'),
        await anon.rpc('add_numbers(1,2); drop table public.items; --'),
        await anon.rpc('add_numbers', { 'a := 1); drop table public.items; --': 1 }),
        await anon.from('items').select('id').or('id.eq.1);drop table public.items;--'),
        await anon.from('items').select('id').in('id', ['1); drop table public.items; --']),
      ];
      expect(attempts[0]?.status).toBe(200);
      for (const a of attempts.slice(1)) expect(a.status).toBeGreaterThanOrEqual(400);
      for (const a of attempts.slice(1)) expect(a.status).toBeLessThan(500);
      const after = await service.from('items').select('*').order('id');
      expect(after.data).toEqual(before.data);
    });

    it('keeps serving after malformed JSON, unknown tables/columns and bad filters', async () => {
      const bad = await rest('/items', { method: 'POST', body: '{"id": 1,', token: server.serviceRoleKey });
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
      const badAuth = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: '{oops',
      });
      expect(badAuth.status).toBe(400);
      const ok = await anon.from('items').select('id').eq('id', 1);
      expect(ok.data).toEqual([{ id: 1 }]);
    });

    it('finds tables and columns created after start (schema cache reload)', async () => {
      // Reloads are rate-limited (250 ms) against clients hammering unknown names.
      await sleep(300);
      await server.db.exec(
        `create table public.late (id int primary key, note text); grant select on public.late to anon;
         insert into public.late values (1, 'x');`,
      );
      expect((await anon.from('late').select('id, note')).data).toEqual([{ id: 1, note: 'x' }]);
      await sleep(300);
      await server.db.exec('alter table public.late add column extra text');
      expect((await anon.from('late').select('extra')).data).toEqual([{ extra: null }]);
      await server.db.exec('drop table public.late');
    });

    it('caps responses at max_rows while counting them all', async () => {
      const rows = Array.from({ length: 1005 }, (_, i) => ({ id: 1000 + i, name: `bulk-${i}` }));
      const ins = await service.from('items').insert(rows);
      expect(ins.status).toBe(201);
      const all = await anon.from('items').select('id', { count: 'exact' });
      expect(all.data?.length).toBe(1000);
      expect(all.count).toBe(1010);
      await service.from('items').delete().gte('id', 1000);
    });
  });

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

    it('reports a bad filter through a system error, and rejoins after the socket drops', async () => {
      const c = client(server);
      const systems: Array<{ status?: string; message?: string }> = [];
      const badStatuses: string[] = [];
      c.channel('bad-filter')
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'items', filter: 'nope=eq.1' },
          () => undefined,
        )
        .on('system', {}, (p: { status?: string; message?: string }) => systems.push(p))
        .subscribe((s) => badStatuses.push(s));
      await waitFor(() => systems[0], 10000, 'system message');
      expect(badStatuses).toContain('SUBSCRIBED');
      expect(systems[0]).toMatchObject({ status: 'error' });
      expect(systems[0]?.message).toContain('nope');
      await c.removeAllChannels();

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
