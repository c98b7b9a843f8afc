import { supabaseUrl } from './supabase-config';
import type { Locale } from '~/i18n/locales';
import { oldestFirst, ROWS_PER_REQUEST, toLedgerEntry, type LedgerEntry } from './ledger-entry';
import {
  earlyAnswer,
  pendingEarlyRead,
  signedInHeaders,
  startEarlyRead,
  type EarlyReader,
} from './early-read';

/*
 * The member's statement before React (early-read.ts): /user/statement paints its chart caption from
 * this read (components/islands/member/early-statement-paint.ts), and the statement island starts from
 * the same entries.
 */

const KEY = 'statement';

/**
 * The first page of my_ledger, as the client's first request asks for it. A statement longer than one
 * page gives no early answer: the island reads it whole, and its first view must be the whole.
 */
const readStatementPage =
  (locale: Locale): EarlyReader<LedgerEntry[]> =>
  async (session, fetcher) => {
    const url = new URL('rest/v1/rpc/my_ledger', new URL(supabaseUrl));
    const response = await fetcher(url.href, {
      method: 'POST',
      headers: { ...signedInHeaders(session), 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_limit: ROWS_PER_REQUEST, p_locale: locale }),
    });
    if (!response.ok) return null;
    const rows: unknown = await response.json();
    if (!Array.isArray(rows) || rows.length >= ROWS_PER_REQUEST) return null;
    return oldestFirst((rows as Record<string, unknown>[]).map(toLedgerEntry));
  };

/**
 * Starts the early statement read (once per page), its lines in `locale` as the island reads them;
 * never rejects.
 */
export function startEarlyStatement(
  locale: Locale,
  fetcher?: typeof fetch,
  storage?: Pick<Storage, 'getItem'>,
): Promise<LedgerEntry[] | null> {
  return startEarlyRead(KEY, readStatementPage(locale), fetcher, storage);
}

export function pendingEarlyStatement(): Promise<LedgerEntry[] | null> | undefined {
  return pendingEarlyRead<LedgerEntry[]>(KEY);
}

export function earlyStatement(): LedgerEntry[] | null {
  return earlyAnswer<LedgerEntry[]>(KEY);
}
