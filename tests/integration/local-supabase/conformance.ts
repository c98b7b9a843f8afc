import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LocalSupabase } from '../../../supabase/local/server';
import { EngineHarness, client, restRequest, type Engine } from './harness';

/**
 * The gateway's conformance suite against one engine (auth, REST and realtime have their own folders
 * beside this file); driven through supabase-js, and raw HTTP/WS for wire details.
 */
export function conformanceSuite(engine: Engine): void {
  const harness = new EngineHarness(engine);
  let server: LocalSupabase;

  beforeAll(async () => {
    server = await harness.server();
  });
  afterAll(async () => {
    await harness.stop();
  });

  const rest = (path: string, init: RequestInit & { token?: string } = {}): Promise<Response> =>
    restRequest(server, path, init);

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
}
