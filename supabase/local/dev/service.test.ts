import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import type { Database } from '../db/engine';
import type { GatewayRequest } from '../gateway/http';
import { Outbox } from '../mail/outbox';
import { createDevService } from './service';

function request(path: string, query = ''): GatewayRequest {
  return {
    method: 'GET',
    path,
    query: new URLSearchParams(query),
    headers: {},
    bearer: undefined,
    body: '',
    bytes: Buffer.alloc(0),
    raw: {} as IncomingMessage,
  };
}

function service() {
  const auth = structuredClone(DEFAULT_CONFIG.auth);
  let drops = 0;
  const dev = createDevService({
    db: {} as Database,
    outbox: new Outbox(undefined),
    auth,
    realtime: { dropConnections: () => ++drops },
  });
  return { dev, auth, drops: () => drops };
}

describe('the development routes', () => {
  it('changes the running token expiry, refusing anything under 10 whole seconds', async () => {
    const { dev, auth } = service();
    const before = auth.jwtExpiry;
    for (const bad of ['9', '10.5', 'soon', '']) {
      const reply = await dev(request('/auth-settings', `jwt_expiry=${bad}`));
      expect(reply.status).toBe(400);
      expect(auth.jwtExpiry).toBe(before);
    }
    const reply = await dev(request('/auth-settings', 'jwt_expiry=30'));
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body ?? '')).toEqual({ jwt_expiry: 30 });
    expect(auth.jwtExpiry).toBe(30);
  });

  it('cuts the realtime sockets on request', async () => {
    const { dev, drops } = service();
    const reply = await dev(request('/realtime/drop'));
    expect(reply.status).toBe(200);
    expect(drops()).toBe(1);
  });

  it('answers an empty outbox and 404 for anything else', async () => {
    const { dev } = service();
    expect(JSON.parse((await dev(request('/outbox'))).body ?? '')).toEqual([]);
    expect((await dev(request('/outbox/latest', 'to=a@example.com'))).status).toBe(404);
    expect((await dev(request('/auth-settings'))).status).toBe(404);
    expect((await dev(request('/nothing'))).status).toBe(404);
  });
});
