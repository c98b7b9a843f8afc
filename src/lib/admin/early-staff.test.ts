import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEarlyReads } from '~/lib/early-read';
import { sessionStorageKey, supabaseUrl } from '~/lib/supabase-config';
import { startEarlyStaff } from './early-staff';

/** A stored session that is good now. */
const fresh = (): Pick<Storage, 'getItem'> => ({
  getItem: (key) =>
    key === sessionStorageKey
      ? JSON.stringify({
          access_token: 'token-a',
          expires_at: Math.floor(Date.now() / 1000) + 3600,
          user: { id: '00000000-0000-4000-8000-0000000000a1', email: 'a@example.com' },
        })
      : null,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => resetEarlyReads());

describe('the early staff read', () => {
  it('asks my_staff_role by POST with the token and gives the e-mail and role', async () => {
    const fetcher = vi.fn(async (_url: string, _init?: RequestInit) => json('finance'));
    await expect(startEarlyStaff(fetcher as unknown as typeof fetch, fresh())).resolves.toEqual({
      email: 'a@example.com',
      role: 'finance',
    });
    const [url, init] = fetcher.mock.calls[0] ?? [];
    expect(url).toBe(new URL('rest/v1/rpc/my_staff_role', supabaseUrl).href);
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-a');
  });

  it.each([
    ['no role (a member)', json(null)],
    ['a role the app does not know', json('superuser')],
    ['a refusal', json({ message: 'no' }, 403)],
  ])('gives nothing for %s', async (_, response) => {
    await expect(startEarlyStaff(async () => response, fresh())).resolves.toBeNull();
  });
});
