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
const { approveTransfer, byMember, pendingTransfers, proposeCorrection, rejectTransfer, withdrawTransfer } =
  await import('~/lib/admin/transfers');

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

const pendingRow = {
  id: 41,
  kind: 'deposit',
  user_id: profile.id,
  email: profile.email,
  account: 'deposit_wallet',
  amount: '30000.00',
  client_text: 'Deposit of 0.5 BTC',
  internal_note: null,
  category: null,
  asset: 'BTC',
  quantity: '0.50000000',
  rate: '60000.0000000000',
  source: 'deposit_notice',
  source_id: 9,
  proposed_by: '00000000-0000-0000-0000-0000000000aa',
  proposed_by_email: 'finance@example.com',
  created_at: '2026-11-21T12:00:00+00:00',
  expires_at: '2999-01-01T00:00:00+00:00',
};

describe('pendingTransfers', () => {
  it('reads admin_pending_transfers (all, or one member) with money and quantities as text', async () => {
    nextResult = {
      data: [
        pendingRow,
        {
          ...pendingRow,
          id: 40,
          created_at: '2026-11-20T12:00:00+00:00',
          expires_at: '2000-01-01T00:00:00+00:00',
        },
      ],
      error: null,
    };
    const all = await pendingTransfers();
    expect(calls[0]).toEqual({ fn: 'admin_pending_transfers', args: {} });
    expect(all.map((t) => t.id)).toEqual(['40', '41']);
    expect(all[1]).toMatchObject({
      amount: '30000.00',
      quantity: '0.50000000',
      rate: '60000.0000000000',
      internal_note: '',
      source_id: '9',
      expired: false,
    });
    // Past expires_at: shown, marked expired (nobody can approve it any more).
    expect(all[0]?.expired).toBe(true);
    expect(
      byMember(all)
        .get(profile.id)
        ?.map((t) => t.id),
    ).toEqual(['40', '41']);
    await pendingTransfers(profile.id);
    expect(calls[1]).toEqual({ fn: 'admin_pending_transfers', args: { p_user_id: profile.id } });
  });
});

describe('proposeCorrection', () => {
  it('sends the signed amount as typed, the category and both texts, and tells pending from posted', async () => {
    nextResult = { data: { id: 7, phase: 'pending' }, error: null };
    await expect(
      proposeCorrection({
        userId: profile.id,
        account: 'deposit_wallet',
        amount: ' -12.50 ',
        category: 'error_correction',
        clientText: '  Correction of a duplicated payment ',
        internalNote: ' Ticket 4411 ',
      }),
    ).resolves.toEqual({ id: '7', posted: false });
    expect(calls[0]).toEqual({
      fn: 'propose_correction',
      args: {
        p_user_id: profile.id,
        p_account: 'deposit_wallet',
        p_amount: '-12.50',
        p_category: 'error_correction',
        p_client_text: 'Correction of a duplicated payment',
        p_internal_note: 'Ticket 4411',
      },
    });
    nextResult = { data: { id: 8, phase: 'posted' }, error: null };
    await expect(
      proposeCorrection({
        userId: profile.id,
        account: 'referral',
        amount: '+1.00',
        category: 'goodwill',
        clientText: 'Goodwill',
        internalNote: '  ',
      }),
    ).resolves.toEqual({ id: '8', posted: true });
    // A plus sign is dropped; an empty internal note is not sent (the function's default applies).
    expect(calls[1]?.args).toEqual({
      p_user_id: profile.id,
      p_account: 'referral',
      p_amount: '1.00',
      p_category: 'goodwill',
      p_client_text: 'Goodwill',
    });
  });

  it('shows the database refusal as is (own account, four eyes, bad input)', async () => {
    nextResult = {
      data: null,
      error: { code: '42501', message: 'Staff never act on their own account.', hint: 'own_account' },
    };
    await expect(
      proposeCorrection({
        userId: profile.id,
        account: 'deposit_wallet',
        amount: '5',
        category: 'other',
        clientText: 'abc',
        internalNote: '',
      }),
    ).rejects.toThrow('Staff never act on their own account.');
  });
});

describe('approve, reject and withdraw a transfer', () => {
  it('sends the transfer id (and a reason to reject), and refuses a short reason before sending', async () => {
    await approveTransfer('41');
    await rejectTransfer('41', '  Wrong rate  ');
    await withdrawTransfer('41');
    expect(calls).toEqual([
      { fn: 'approve_transfer', args: { p_transfer_id: 41 } },
      { fn: 'reject_transfer', args: { p_transfer_id: 41, p_reason: 'Wrong rate' } },
      { fn: 'withdraw_transfer', args: { p_transfer_id: 41 } },
    ]);
    await expect(rejectTransfer('41', ' x ')).rejects.toThrow('Reason must be 3 to 500 characters.');
    expect(calls).toHaveLength(3);
  });

  it('passes on the four-eyes refusal', async () => {
    nextResult = {
      data: null,
      error: {
        code: '42501',
        message: 'You proposed this transfer: another admin must approve it.',
        hint: 'four_eyes',
      },
    };
    await expect(approveTransfer('41')).rejects.toThrow(
      'You proposed this transfer: another admin must approve it.',
    );
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
