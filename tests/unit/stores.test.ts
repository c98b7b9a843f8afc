import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@supabase/supabase-js';

type AuthCallback = (event: string, session: Session | null) => void;
const auth = vi.hoisted(() => ({
  callbacks: [] as AuthCallback[],
  unsubscribed: 0,
}));

vi.mock('~/lib/supabase', () => ({
  supabase: () => ({
    auth: {
      onAuthStateChange(callback: AuthCallback) {
        auth.callbacks.push(callback);
        return { data: { subscription: { unsubscribe: () => (auth.unsubscribed += 1) } } };
      },
    },
  }),
}));

const { $session, sessionReady } = await import('~/stores/session');

const fakeSession = { user: { id: 'u1' }, access_token: 't' } as unknown as Session;

describe('session store', () => {
  beforeEach(() => {
    auth.callbacks.length = 0;
  });

  it('stays loading until supabase-js reports, then follows its events', async () => {
    const seen: string[] = [];
    const stop = $session.subscribe((s) => seen.push(s.status));
    expect(seen).toEqual(['loading']);
    // The client is imported when the store is first used; until it reports, the store stays loading.
    await vi.waitFor(() => expect(auth.callbacks).toHaveLength(1));
    expect(seen).toEqual(['loading']);
    const ready = sessionReady();
    auth.callbacks[0]?.('INITIAL_SESSION', fakeSession);
    await expect(ready).resolves.toEqual({ status: 'signed-in', session: fakeSession });
    auth.callbacks[0]?.('SIGNED_OUT', null);
    expect(seen).toEqual(['loading', 'signed-in', 'signed-out']);
    stop();
    // nanostores unmounts after a delay; the auth listener goes with it.
    await new Promise((r) => setTimeout(r, 1100));
    expect(auth.unsubscribed).toBe(1);
  });
});
