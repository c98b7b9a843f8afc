import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_EXPIRY_MARGIN_S,
  earlyAnswer,
  pendingEarlyRead,
  readStoredSession,
  resetEarlyReads,
  startEarlyRead,
  type StoredSession,
} from './early-read';
import { earlyProfileRequest, startEarlyProfile } from './early-profile';
import { startEarlyStatement } from './early-statement';
import { ROWS_PER_REQUEST } from './ledger-entry';
import { sessionStorageKey, supabaseUrl, anonKey } from './supabase-config';

const NOW = 1_800_000_000;
const USER = '00000000-0000-4000-8000-0000000000a1';

function storage(value: unknown): Pick<Storage, 'getItem'> {
  return {
    getItem: (key) =>
      key === sessionStorageKey ? (typeof value === 'string' ? value : JSON.stringify(value)) : null,
  };
}

const session = (expiresAt = NOW + 3600, extra: Record<string, unknown> = {}) => ({
  access_token: 'token-a',
  refresh_token: 'refresh-a',
  expires_at: expiresAt,
  user: { id: USER, email: 'a@example.com' },
  ...extra,
});

/** A stored session that is good now (the readers below are called with the real clock). */
const fresh = () => storage(session(Math.floor(Date.now() / 1000) + 3600));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => resetEarlyReads());

describe('readStoredSession', () => {
  it('reads the token, the user and the e-mail of a session good for a while', () => {
    expect(readStoredSession(storage(session()), NOW)).toEqual({
      accessToken: 'token-a',
      userId: USER,
      email: 'a@example.com',
    });
  });

  it(`leaves a token within ${EARLY_EXPIRY_MARGIN_S} s of its end to the client (the boundary either side)`, () => {
    expect(readStoredSession(storage(session(NOW + EARLY_EXPIRY_MARGIN_S + 1)), NOW)).not.toBeNull();
    expect(readStoredSession(storage(session(NOW + EARLY_EXPIRY_MARGIN_S)), NOW)).toBeNull();
    expect(readStoredSession(storage(session(NOW + EARLY_EXPIRY_MARGIN_S - 1)), NOW)).toBeNull();
    expect(readStoredSession(storage(session(NOW - 1)), NOW)).toBeNull();
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{not json'],
    ['no token', session(NOW + 3600, { access_token: '' })],
    ['a token that is not text', session(NOW + 3600, { access_token: 42 })],
    ['no user', session(NOW + 3600, { user: null })],
    ['no expiry', session(NOW + 3600, { expires_at: undefined })],
    ['an expiry as text', session(NOW + 3600, { expires_at: String(NOW + 3600) })],
  ])('gives nothing for %s', (_, value) => {
    expect(readStoredSession(value === null ? { getItem: () => null } : storage(value), NOW)).toBeNull();
  });

  it('gives nothing when storage itself throws (private mode)', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readStoredSession(broken, NOW)).toBeNull();
  });
});

describe('startEarlyRead', () => {
  it('reads once per page and key, and shares the answer', async () => {
    const reader = vi.fn(async (s: StoredSession) => s.userId);
    const first = startEarlyRead('k', reader, fetch, fresh());
    const second = startEarlyRead('k', reader, fetch, fresh());
    expect(second).toBe(first);
    expect(pendingEarlyRead('k')).toBe(first);
    expect(earlyAnswer('k')).toBeNull();
    await expect(first).resolves.toBe(USER);
    expect(earlyAnswer('k')).toBe(USER);
    expect(reader).toHaveBeenCalledTimes(1);
  });

  it('never rejects: a failed read is no answer', async () => {
    const read = startEarlyRead('k', () => Promise.reject(new Error('network down')), fetch, fresh());
    await expect(read).resolves.toBeNull();
    expect(earlyAnswer('k')).toBeNull();
  });

  it('does not read at all without a usable session', async () => {
    const reader = vi.fn(async () => 'x');
    await expect(startEarlyRead('k', reader, fetch, { getItem: () => null })).resolves.toBeNull();
    expect(reader).not.toHaveBeenCalled();
  });

  it('keeps its state on the window, where a second copy of the module (the island bundle) finds it', async () => {
    await startEarlyRead('k', async () => 'shared', fetch, fresh());
    vi.resetModules();
    const copy = await import('./early-read');
    expect(copy.earlyAnswer).not.toBe(earlyAnswer);
    expect(copy.earlyAnswer('k')).toBe('shared');
  });
});

describe('the early profile read', () => {
  it('asks for exactly the columns the client reads, for the stored user, with their token', () => {
    const { url, init } = earlyProfileRequest({ accessToken: 'token-a', userId: USER, email: '' });
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe(new URL('rest/v1/profiles', supabaseUrl).href);
    expect(parsed.searchParams.get('id')).toBe(`eq.${USER}`);
    expect(parsed.searchParams.get('select')).toBe(
      'id,username,email,interest_wallet::text,deposit_wallet::text,total_invest::text,total_deposit::text,total_withdraw::text,referral::text,version,xrp_destination_tag::text',
    );
    expect(init.headers).toEqual({
      apikey: anonKey,
      Authorization: 'Bearer token-a',
      Accept: 'application/json',
    });
  });

  const row = { id: USER, username: 'a', email: 'a@example.com', deposit_wallet: '5000.00', version: 3 };

  it('gives the member their own row', async () => {
    const profile = await startEarlyProfile(async () => json([row]), fresh());
    expect(profile).toMatchObject({ id: USER, deposit_wallet: '5000.00', interest_wallet: '', version: 3 });
  });

  it.each([
    ['a refusal', json({ message: 'JWT expired' }, 401)],
    ['no row (RLS hid it: aal1 with a factor)', json([])],
    ['two rows', json([row, { ...row, id: 'other' }])],
    ["another member's row", json([{ ...row, id: '00000000-0000-4000-8000-0000000000b2' }])],
    ['an answer that is not a list', json({ id: USER })],
  ])('gives nothing for %s', async (_, response) => {
    await expect(startEarlyProfile(async () => response, fresh())).resolves.toBeNull();
  });
});

describe('the early statement read', () => {
  const entry = (id: number, created_at: string, balance_after: string) => ({
    id,
    account: 'interest_wallet',
    delta: '1.00',
    balance_before: '0.00',
    balance_after,
    reason: 'r',
    source: 'admin',
    created_at,
  });

  it('asks for the first page as the client does and gives it oldest first', async () => {
    const fetcher = vi.fn(async (_url: string, _init?: RequestInit) =>
      json([entry(2, '2026-01-02T00:00:00+00:00', '2.00'), entry(1, '2026-01-01T00:00:00+00:00', '1.00')]),
    );
    const entries = await startEarlyStatement('ar', fetcher as unknown as typeof fetch, fresh());
    expect(entries?.map((e) => e.id)).toEqual(['1', '2']);
    // In the page's language, as the island's own read asks (myLedger).
    expect(JSON.parse(String(fetcher.mock.calls[0]?.[1]?.body))).toEqual({
      p_limit: ROWS_PER_REQUEST,
      p_locale: 'ar',
    });
  });

  it('gives nothing for a statement longer than one page (the island reads it whole)', async () => {
    const full = Array.from({ length: ROWS_PER_REQUEST }, (_, i) =>
      entry(ROWS_PER_REQUEST - i, '2026-01-01T00:00:00+00:00', '1.00'),
    );
    await expect(startEarlyStatement('en', async () => json(full), fresh())).resolves.toBeNull();
    resetEarlyReads();
    await expect(startEarlyStatement('en', async () => json(full.slice(1)), fresh())).resolves.toHaveLength(
      ROWS_PER_REQUEST - 1,
    );
  });
});

describe('holdIslandsUntil', () => {
  const astro = () => (globalThis as unknown as { Astro?: Record<string, unknown> }).Astro;
  afterEach(() => {
    delete (globalThis as unknown as { Astro?: unknown }).Astro;
    vi.useRealTimers();
  });

  /** What Astro's inline bootstrap does: register the directive on window.Astro. */
  function registerOnly(calls: string[]) {
    const globals = globalThis as unknown as { Astro?: Record<string, unknown> };
    (globals.Astro ?? (globals.Astro = {})).only = async (load: () => Promise<unknown>) => {
      calls.push('island');
      await load();
    };
  }

  type Directive = (load: () => Promise<unknown>, options: unknown, element: unknown) => Promise<void>;

  it('starts an island only once the early paint is done', async () => {
    let finish = () => {};
    const ready = new Promise<void>((resolve) => (finish = resolve));
    const { holdIslandsUntil } = await import('./early-read');
    holdIslandsUntil(ready, 60_000);
    expect(astro()?.only).toBeUndefined(); // until Astro registers its own, islands wait for it
    const calls: string[] = [];
    registerOnly(calls);
    const started = (astro()?.only as Directive)(async () => calls.push('loaded'), {}, {});
    await Promise.resolve();
    expect(calls).toEqual([]);
    calls.push('painted');
    finish();
    await started;
    expect(calls).toEqual(['painted', 'island', 'loaded']);
  });

  it('lets the islands go after the cap when the read hangs', async () => {
    vi.useFakeTimers();
    const { holdIslandsUntil } = await import('./early-read');
    holdIslandsUntil(new Promise(() => undefined), 1000);
    const calls: string[] = [];
    registerOnly(calls);
    const started = (astro()?.only as Directive)(async () => calls.push('loaded'), {}, {});
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await started;
    expect(calls).toEqual(['island', 'loaded']);
  });

  it('holds every directive it is given (the form pages hold client:load and client:only)', async () => {
    let finish = () => {};
    const ready = new Promise<void>((resolve) => (finish = resolve));
    const { holdIslandsUntil } = await import('./early-read');
    holdIslandsUntil(ready, 60_000, ['load', 'only']);
    const globals = globalThis as unknown as { Astro: Record<string, unknown> };
    const calls: string[] = [];
    for (const name of ['load', 'only', 'idle'])
      globals.Astro[name] = async (load: () => Promise<unknown>) => {
        calls.push(name);
        await load();
      };
    const run = (name: string) => (globals.Astro[name] as Directive)(async () => undefined, {}, {});
    const held = [run('load'), run('only')];
    await run('idle'); // not held
    expect(calls).toEqual(['idle']);
    finish();
    await Promise.all(held);
    expect(calls.sort()).toEqual(['idle', 'load', 'only']);
  });
});
