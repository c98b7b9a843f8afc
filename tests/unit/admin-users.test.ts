import { beforeEach, describe, expect, it, vi } from 'vitest';

// The data module is tested against a recording stand-in for the one browser client: what it sends
// to each RPC and how it turns database refusals into messages for the admin.
const calls: { fn: string; args: unknown; range?: [number, number] }[] = [];
let nextResult: { data: unknown; error: unknown } = { data: null, error: null };
/** When set, list calls answer like PostgREST: the rows in the requested range, at most 1,000. */
let table: unknown[] | null = null;

vi.mock('~/lib/supabase', () => ({
  supabase: () => ({
    rpc: (fn: string, args: unknown) => {
      const call: (typeof calls)[number] = { fn, args };
      calls.push(call);
      return {
        then: (resolve: (r: typeof nextResult) => void) => resolve(nextResult),
        range: async (from: number, to: number) => {
          call.range = [from, to];
          return table ? { data: table.slice(from, Math.min(to + 1, from + 1000)), error: null } : nextResult;
        },
      };
    },
  }),
}));

const { searchUsers } = await import('~/lib/admin/users');
const { userLedger } = await import('~/lib/admin/user-ledger');
const { proposeBalances, proposalChanges } = await import('~/lib/admin/proposals');
const { DbError, isStale } = await import('~/lib/db-errors');

const profile = {
  id: '00000000-0000-0000-0000-000000000001',
  username: 'alice',
  email: 'alice@example.com',
  interest_wallet: '12.50',
  deposit_wallet: '0.00',
  total_invest: '100000000000.10',
  total_deposit: '0.00',
  total_withdraw: '0.00',
  referral: '0.00',
  version: 3,
  created_at: '2026-11-21T12:00:00+00:00',
};

beforeEach(() => {
  calls.length = 0;
  nextResult = { data: null, error: null };
  table = null;
});

describe('searchUsers', () => {
  it('sends the query to admin_search_users and keeps money as text', async () => {
    nextResult = { data: { total: 1, rows: [profile] }, error: null };
    const page = await searchUsers({
      search: '  ali ',
      sort: 'email',
      ascending: false,
      limit: 25,
      offset: 50,
    });
    expect(calls).toEqual([
      {
        fn: 'admin_search_users',
        args: { p_search: 'ali', p_sort: 'email', p_ascending: false, p_limit: 25, p_offset: 50 },
      },
    ]);
    expect(page.total).toBe(1);
    expect(page.rows[0]?.total_invest).toBe('100000000000.10');
    expect(page.rows[0]?.version).toBe(3);
  });

  it('shows the database refusal to a non-admin', async () => {
    nextResult = { data: null, error: { code: '42501', message: 'Admin access required.' } };
    await expect(
      searchUsers({ search: '', sort: 'created_at', ascending: true, limit: 25, offset: 0 }),
    ).rejects.toThrow('Admin access required.');
  });

  it('says what failed when the network is down', async () => {
    nextResult = { data: null, error: { message: 'TypeError: Failed to fetch', code: '' } };
    await expect(
      searchUsers({ search: '', sort: 'created_at', ascending: true, limit: 25, offset: 0 }),
    ).rejects.toThrow('Could not load the users. Check your connection and try again.');
  });
});

describe('proposeBalances', () => {
  it('sends the typed text, the version seen and the reason to propose_balances', async () => {
    nextResult = { data: { id: 7, status: 'open' }, error: null };
    await expect(proposeBalances(profile.id, 3, { interest_wallet: '20' }, '  bonus  ')).resolves.toEqual({
      applied: false,
    });
    expect(calls[0]).toEqual({
      fn: 'propose_balances',
      args: {
        p_user_id: profile.id,
        p_expected_version: 3,
        p_balances: { interest_wallet: '20' },
        p_reason: 'bonus',
      },
    });
  });

  it('tells a small edit applied at once (below the firm threshold) from a proposal', async () => {
    nextResult = { data: { ...profile, applied: true }, error: null };
    await expect(proposeBalances(profile.id, 3, { referral: '1.00' }, 'small fix')).resolves.toEqual({
      applied: true,
    });
  });

  it('marks a stale proposal so the table can show the fresh values', async () => {
    const message =
      "This user's balances were changed by someone else. The latest values are shown; check them and save again.";
    nextResult = { data: null, error: { code: 'PT409', message } };
    const failure = await proposeBalances(profile.id, 3, { referral: '1' }, 'fix').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DbError);
    expect((failure as Error).message).toBe(message);
    expect(isStale(failure)).toBe(true);
  });

  it('refuses to send an empty change or a missing reason', async () => {
    await expect(proposeBalances(profile.id, 3, {}, 'x')).rejects.toThrow(/Nothing changed/);
    await expect(proposeBalances(profile.id, 3, { referral: '1' }, '  ')).rejects.toThrow(
      /reason is required/,
    );
    expect(calls).toEqual([]);
  });
});

describe('proposalChanges', () => {
  it('lists only the accounts whose value differs, comparing amounts not text', () => {
    const before = {
      interest_wallet: '12.50',
      deposit_wallet: '0.00',
      total_invest: '1.00',
      total_deposit: '0.00',
      total_withdraw: '0.00',
      referral: '0.00',
    };
    expect(
      proposalChanges({ before, proposed: { ...before, interest_wallet: '12.5', referral: '5.50' } }),
    ).toEqual([{ account: 'referral', before: '0.00', after: '5.50' }]);
  });
});

describe('userLedger', () => {
  it('returns entries with the actor e-mail and text amounts', async () => {
    nextResult = {
      data: [
        {
          id: 7,
          account: 'interest_wallet',
          delta: '7.50',
          balance_before: '12.50',
          balance_after: '20.00',
          reason: 'bonus',
          actor_email: 'admin@example.com',
          source: 'admin_edit',
          created_at: '2026-11-21T12:01:00+00:00',
        },
      ],
      error: null,
    };
    const entries = await userLedger(profile.id);
    expect(calls[0]).toMatchObject({ fn: 'admin_user_ledger', args: { p_user_id: profile.id } });
    expect(entries[0]).toMatchObject({ id: '7', delta: '7.50', actor_email: 'admin@example.com' });
  });

  it('reads a ledger longer than one response (PostgREST answers at most 1,000 rows) in pages', async () => {
    table = Array.from({ length: 2500 }, (_, i) => ({ id: i + 1, delta: '1.00', actor_email: 'a@x.test' }));
    const entries = await userLedger(profile.id);
    expect(entries).toHaveLength(2500);
    expect(calls.map((c) => c.range)).toEqual([
      [0, 999],
      [1000, 1999],
      [2000, 2999],
    ]);
  });
});
