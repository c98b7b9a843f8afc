import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PGLITE_MAX_EMBEDS } from '../../../../supabase/local/rest/plan';
import { MAX_CHANNELS_PER_CLIENT } from '../../../../supabase/local/realtime/server';
import type { LocalSupabase } from '../../../../supabase/local/server';
import { EngineHarness, restRequest, signedInUser, waitFor, type Engine } from '../harness';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

/** A raw vsn 2.0.0 socket that answers each join and leave with its reply frame. */
async function socket(server: LocalSupabase): Promise<{
  join: (topic: string, config: Record<string, unknown>) => Promise<Frame>;
  leave: (topic: string) => Promise<Frame>;
  close: () => void;
}> {
  const ws = new WebSocket(
    `${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=2.0.0`,
  );
  const waiting = new Map<string, (f: Frame) => void>();
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const frame = JSON.parse(data.toString()) as Frame;
    if (frame[3] === 'phx_reply' && frame[1]) waiting.get(frame[1])?.(frame);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let ref = 0;
  const joinRefs = new Map<string, string>();
  const push = (joinRef: string, topic: string, event: string, payload: Record<string, unknown>) =>
    new Promise<Frame>((resolve) => {
      const r = String(++ref);
      waiting.set(r, resolve);
      ws.send(JSON.stringify([joinRef || r, r, `realtime:${topic}`, event, payload]));
      if (!joinRef) joinRefs.set(topic, r);
    });
  return {
    join: (topic, config) => push('', topic, 'phx_join', { config }),
    leave: (topic) => push(joinRefs.get(topic) ?? '', topic, 'phx_leave', {}),
    close: () => ws.close(),
  };
}

/**
 * Other clients' requests, one after another until stopped: a REST read, an auth call that reads
 * the database (GET /user) and a realtime join with a filtered binding. Resolves to the slowest.
 */
function otherTraffic(server: LocalSupabase, accessToken: string): { stop: () => Promise<number[]> } {
  let running = true;
  const slowest = [0, 0, 0];
  const timed = async (i: number, fn: () => Promise<unknown>): Promise<void> => {
    const t = performance.now();
    await fn();
    slowest[i] = Math.max(slowest[i] ?? 0, performance.now() - t);
  };
  const loop = (async () => {
    const rt = await socket(server);
    let n = 0;
    while (running) {
      await timed(0, async () =>
        expect((await restRequest(server, '/channels?select=id&limit=1')).status).toBe(200),
      );
      await timed(1, async () => {
        const res = await fetch(`${server.url}/auth/v1/user`, {
          headers: { apikey: server.anonKey, authorization: `Bearer ${accessToken}` },
        });
        expect(res.status).toBe(200);
      });
      await timed(2, async () => {
        const topic = `probe-${++n}`;
        const reply = await rt.join(topic, {
          postgres_changes: [{ event: '*', schema: 'public', table: 'messages', filter: 'id=eq.1' }],
        });
        expect(reply[4]['status'], JSON.stringify(reply[4])).toBe('ok');
        // A client leaves what it joined: the socket may hold only 100 channels, as on hosted.
        await rt.leave(topic);
      });
    }
    rt.close();
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return slowest;
    },
  };
}

/**
 * No stalls: one client's heavy request must not hold up everybody else's. Each abusive request
 * runs while other clients keep calling REST, auth and realtime; each of theirs must answer in 1 s.
 */
export function stallSuite(engine: Engine): void {
  const harness = new EngineHarness(engine);
  let server: LocalSupabase;
  let accessToken: string;
  beforeAll(async () => {
    server = await harness.server();
    accessToken = (await signedInUser(server, 'stalls')).accessToken;
  });
  afterAll(async () => {
    await harness.stop();
  });

  describe(`${engine}: no stalls`, () => {
    it('answers others within 1 s while a GET embeds 600 resources, and refuses it with a timeout error', async () => {
      const embeds = Array.from({ length: 600 }, (_, i) => `u${i}:users(username)`).join(',');
      expect(embeds.length).toBeGreaterThan(12_000);
      const others = otherTraffic(server, accessToken);
      await waitFor(() => true);
      const abusive = await restRequest(server, `/messages?select=id,${embeds}`);
      const body = (await abusive.json()) as { code: string; message: string; details: string };
      const slowest = await others.stop();
      expect(abusive.status).toBe(500);
      expect(body).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
      if (engine === 'pglite') expect(body.details).toContain(`more than ${PGLITE_MAX_EMBEDS}`);
      expect(
        slowest.every((ms) => ms < 1000),
        `slowest REST, auth, realtime: ${slowest.join(', ')} ms`,
      ).toBe(true);
      // The database is still there for everyone (PGlite used to run out of memory and exit).
      expect((await restRequest(server, '/channels?select=id&limit=1')).status).toBe(200);
    });

    it('answers others within 1 s while a realtime join carries 2,000 filtered bindings', async () => {
      const others = otherTraffic(server, accessToken);
      const rt = await socket(server);
      const bindings = Array.from({ length: 2000 }, (_, i) => ({
        event: '*',
        schema: 'public',
        table: 'messages',
        filter: `id=eq.${i}`,
      }));
      const reply = await rt.join('many-bindings', { postgres_changes: bindings });
      const slowest = await others.stop();
      rt.close();
      // Hosted accepts such a join (it has no cap on bindings): so does the local server.
      expect(reply[4]['status']).toBe('ok');
      expect((reply[4]['response'] as { postgres_changes: unknown[] }).postgres_changes).toHaveLength(2000);
      expect(
        slowest.every((ms) => ms < 1000),
        `slowest REST, auth, realtime: ${slowest.join(', ')} ms`,
      ).toBe(true);
    });

    it(`refuses a socket's channel past ${MAX_CHANNELS_PER_CLIENT}, as hosted Realtime does`, async () => {
      const rt = await socket(server);
      for (let i = 0; i < MAX_CHANNELS_PER_CLIENT; i++) {
        expect((await rt.join(`room-${i}`, {}))[4]['status']).toBe('ok');
      }
      // Joining a topic again is a rejoin, not one more channel.
      expect((await rt.join('room-0', {}))[4]['status']).toBe('ok');
      const refused = await rt.join('one-too-many', {});
      expect(refused[4]).toEqual({
        status: 'error',
        response: { reason: 'ChannelRateLimitReached: Too many channels' },
      });
      rt.close();
    });
  });
}
