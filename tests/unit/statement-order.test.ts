import { describe, expect, it, vi } from 'vitest';

// The statement is read through the one browser client; here a stand-in answers my_ledger with rows
// exactly as PostgREST writes them (newest first, timestamps with trimmed fractions).
let ledgerRows: Record<string, unknown>[] = [];
const asked: unknown[] = [];
vi.mock('~/lib/supabase', () => ({
  supabase: () => ({
    rpc: async (_name: string, args: unknown) => {
      asked.push(args);
      return { data: ledgerRows, error: null };
    },
  }),
}));

const { myLedger } = await import('~/lib/ledger');
const { ledgerCsv } = await import('~/lib/ledger-csv');

const row = (id: number, created_at: string, account = 'interest_wallet') => ({
  id,
  account,
  delta: '1.00',
  balance_before: '0.00',
  balance_after: '1.00',
  reason: `entry ${id}`,
  source: 'admin_edit',
  source_id: null,
  created_at,
});

describe('the statement order', () => {
  it('is the ledger order, oldest first, whatever fraction of a second an entry carries', async () => {
    // Oldest first: one on a whole second (no fraction), then .05, .5, .500001 and .6 of that second,
    // two of them written in one transaction (same timestamp), then the next second.
    const oldestFirst = [
      row(1, '2026-11-24T10:00:01+00:00'),
      row(2, '2026-11-24T10:00:01.05+00:00'),
      row(3, '2026-11-24T10:00:01.5+00:00'),
      row(4, '2026-11-24T10:00:01.5+00:00', 'referral'),
      row(5, '2026-11-24T10:00:01.500001+00:00'),
      row(6, '2026-11-24T10:00:01.6+00:00'),
      row(7, '2026-11-24T10:00:02+00:00'),
    ];
    ledgerRows = [...oldestFirst].reverse();
    const entries = await myLedger('zh-hant');
    // Every page asks for the lines in the page's language (the database words its own lines in it).
    expect(asked).toEqual([{ p_limit: expect.any(Number), p_locale: 'zh-hant' }]);
    expect(entries.map((e) => e.id)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    const csvReasons = ledgerCsv(entries)
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',').at(-1));
    expect(csvReasons).toEqual(oldestFirst.map((r) => r.reason));
  });
});
