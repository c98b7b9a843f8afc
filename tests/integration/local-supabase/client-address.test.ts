// The gateway hands Postgres the client's address the way hosted Supabase's edge does: as the
// cf-connecting-ip request header, taken from the socket (X-Forwarded-For is only appended to), so a
// client cannot choose the address the contact form's per-client limit counts by. Uses the project's own migrations (PGlite in memory);
// the SQL side runs on both engines in supabase/tests/abuse-limits.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_DIR, startLocalSupabase, type LocalSupabase } from '../../../supabase/local/server';
import { pgliteTemplate } from '../../support/db-templates';

const LIMIT_MESSAGE = 'You have sent too many messages. Please try again in an hour.';

function post(server: LocalSupabase, email: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/rest/v1/contact_messages`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      authorization: `Bearer ${server.anonKey}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
      ...headers,
    },
    body: JSON.stringify({ name: 'Visitor', email, message: 'Hello there' }),
  });
}

async function storedAddress(server: LocalSupabase, email: string): Promise<string | null> {
  const { rows } = await server.db.query<{ client_address: string | null }>(
    'select client_address from public.contact_messages where email = $1',
    [email],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.client_address;
}

describe('client address at the gateway', () => {
  let direct: LocalSupabase;
  let behindProxy: LocalSupabase;

  beforeAll(async () => {
    // Both from the project's migrated dump (tests/support/db-templates.ts), not initdb and every migration.
    const pgliteDump = await pgliteTemplate({ projectDir: DEFAULT_PROJECT_DIR, openWallets: false });
    direct = await startLocalSupabase({ port: 0, memory: true, quiet: true, bcryptCost: 4, pgliteDump });
    behindProxy = await startLocalSupabase({
      port: 0,
      memory: true,
      quiet: true,
      bcryptCost: 4,
      pgliteDump,
      trustedProxies: ['127.0.0.0/8'],
    });
  });

  afterAll(async () => {
    await direct?.stop();
    await behindProxy?.stop();
  });

  it('a client forging X-Forwarded-For and CF-Connecting-IP gets 5 of 6 messages in', async () => {
    const outcomes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      // A new made-up address in both headers and a new e-mail each time: still one client.
      const res = await post(direct, `spoof-${i}@gateway.test`, {
        'x-forwarded-for': `198.51.100.${i + 1}, 10.0.0.${i + 1}`,
        'cf-connecting-ip': `203.0.113.${i + 1}`,
      });
      outcomes.push(res.status);
      if (res.status === 429)
        expect(await res.json()).toMatchObject({ code: 'PT429', message: LIMIT_MESSAGE });
    }
    expect(outcomes).toEqual([201, 201, 201, 201, 201, 429]);
    const { rows } = await direct.db.query<{ client_address: string; n: string }>(
      `select client_address, count(*)::text as n from public.contact_messages
       where email like 'spoof-%' group by client_address`,
    );
    expect(rows).toEqual([{ client_address: '127.0.0.1', n: '5' }]);
  });

  it('behind a trusted proxy, the right-most address the proxy did not write is the client', async () => {
    // The proxy (127.0.0.1, trusted) appended the address it saw; what the client wrote is to its left.
    const viaProxy = await post(behindProxy, 'proxied@gateway.test', {
      'x-forwarded-for': '192.0.2.66, 198.51.100.7',
      'cf-connecting-ip': '192.0.2.67',
    });
    expect(viaProxy.status).toBe(201);
    expect(await storedAddress(behindProxy, 'proxied@gateway.test')).toBe('198.51.100.7');
    // Garbage in the chain is skipped rather than believed.
    await post(behindProxy, 'garbage@gateway.test', { 'x-forwarded-for': '198.51.100.8, not-an-ip' });
    expect(await storedAddress(behindProxy, 'garbage@gateway.test')).toBe('198.51.100.8');
    // No forwarded chain: the proxy itself is the client.
    await post(behindProxy, 'no-chain@gateway.test');
    expect(await storedAddress(behindProxy, 'no-chain@gateway.test')).toBe('127.0.0.1');
  });
});
