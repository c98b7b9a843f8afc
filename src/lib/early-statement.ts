import { oldestFirst, ROWS_PER_REQUEST, toLedgerEntry, type LedgerEntry } from './ledger-entry';
import { defineEarlyRead, rpcAnswer } from './early-read';

/*
 * The member's statement before React (early-read.ts): /user/statement paints its chart caption from
 * this read (components/islands/member/early-statement-paint.ts), and the statement island starts from
 * the same entries.
 */

/**
 * The first page of my_ledger, as the client's first request asks for it. A statement longer than one
 * page gives no early answer: the island reads it whole, and its first view must be the whole.
 */
export const earlyStatement = defineEarlyRead<LedgerEntry[]>('statement', async (session, fetcher) => {
  const rows = await rpcAnswer(session, fetcher, 'my_ledger', { p_limit: ROWS_PER_REQUEST });
  if (!Array.isArray(rows) || rows.length >= ROWS_PER_REQUEST) return null;
  return oldestFirst((rows as Record<string, unknown>[]).map(toLedgerEntry));
});
