import { ACCOUNT_LABELS, type BalanceAccount } from './accounts';
import { columnText as text } from './column-text';

// The shape of a statement line without the Supabase client, so the CSV export (loaded on demand),
// the statement's early paint (inline, before the client loads) and the scale bench (Node) can use it
// without pulling in supabase-js.

/** One line of the member's statement; money as text. */
export interface LedgerEntry {
  id: string;
  account: BalanceAccount;
  delta: string;
  balance_before: string;
  balance_after: string;
  reason: string;
  source: string;
  /** The kind of transfer that made the line (deposit, withdrawal, correction, …); '' if unknown. */
  kind: string;
  created_at: string;
}

export function accountLabel(account: string): string {
  return (ACCOUNT_LABELS as Record<string, string>)[account] ?? account;
}

/** One row from my_ledger or admin_user_ledger; null columns become empty text. */
export function toLedgerEntry(r: Record<string, unknown>): LedgerEntry {
  return {
    id: text(r.id),
    account: text(r.account) as BalanceAccount,
    delta: text(r.delta),
    balance_before: text(r.balance_before),
    balance_after: text(r.balance_after),
    reason: text(r.reason),
    source: text(r.source),
    kind: text(r.kind),
    created_at: text(r.created_at),
  };
}

/**
 * PostgREST answers at most `max_rows` rows per request (1000 in config.toml, as on hosted
 * Supabase), silently: a member with 10,000 entries would see the newest 1,000. Long lists are read
 * in pages of that size until a short page; an entry that arrives meanwhile shifts the pages, so rows
 * are kept once per id.
 */
export const ROWS_PER_REQUEST = 1000;

export async function readAllRows(
  page: (
    from: number,
    to: number,
  ) => PromiseLike<{ data: unknown; error: { message: string; code?: string } | null }>,
  onError: (error: { message: string; code?: string }) => Error,
): Promise<Record<string, unknown>[]> {
  const byId = new Map<string, Record<string, unknown>>();
  for (let from = 0; ; from += ROWS_PER_REQUEST) {
    const { data, error } = await page(from, from + ROWS_PER_REQUEST - 1);
    if (error) throw onError(error);
    if (!Array.isArray(data)) throw onError({ message: 'The server returned an unexpected response.' });
    for (const row of data as Record<string, unknown>[]) byId.set(String(row.id), row);
    if (data.length < ROWS_PER_REQUEST) return [...byId.values()];
  }
}

/** Where the next page of my_ledger starts: below this entry (the statement runs newest first). */
export interface LedgerPageStart {
  p_limit: number;
  p_before_created_at?: string;
  p_before_id?: number;
}

/**
 * The whole statement from my_ledger, a page of ROWS_PER_REQUEST at a time, each page starting
 * below the last entry of the one before: every entry is read once, however long the ledger.
 */
export async function readStatement(
  page: (
    args: LedgerPageStart,
  ) => PromiseLike<{ data: unknown; error: { message: string; code?: string } | null }>,
  onError: (error: { message: string; code?: string }) => Error,
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let args: LedgerPageStart = { p_limit: ROWS_PER_REQUEST };
  for (;;) {
    const { data, error } = await page(args);
    if (error) throw onError(error);
    if (!Array.isArray(data)) throw onError({ message: 'The server returned an unexpected response.' });
    const list = data as Record<string, unknown>[];
    rows.push(...list);
    const last = list[list.length - 1];
    if (list.length < ROWS_PER_REQUEST || !last) return rows;
    args = {
      p_limit: ROWS_PER_REQUEST,
      p_before_created_at: String(last.created_at),
      p_before_id: Number(last.id),
    };
  }
}

/**
 * Microseconds since the epoch of a timestamp as PostgREST writes it ("…:01+00:00", "…:01.5+00:00",
 * "…:01.123456+00:00"). Compared as text these misorder: a locale sorts "." before "+", putting
 * 01.5 before 01, and a whole second carries no fraction at all.
 */
function instantMicros(timestamp: string): number {
  const fraction = (/:\d{2}\.(\d+)/.exec(timestamp)?.[1] ?? '').padEnd(6, '0').slice(0, 6);
  return Math.floor(Date.parse(timestamp) / 1000) * 1_000_000 + Number(fraction);
}

/** The statement oldest first, so running balances read naturally: by instant, then by id. */
export function oldestFirst(entries: LedgerEntry[]): LedgerEntry[] {
  return [...entries].sort(
    (a, b) => instantMicros(a.created_at) - instantMicros(b.created_at) || Number(a.id) - Number(b.id),
  );
}
