import { supabase } from './supabase';
import { toDbError } from './db-errors';
import type { Locale } from '~/i18n/locales';
import { oldestFirst, readStatement, toLedgerEntry, type LedgerEntry } from './ledger-entry';

// Re-exported: callers read a statement line's shape and labels from here as before.
export { accountLabel, toLedgerEntry, type LedgerEntry } from './ledger-entry';

/**
 * The signed-in member's whole ledger (rpc my_ledger, read in pages), oldest first so running
 * balances read naturally; the database's own lines worded in `locale`.
 */
export async function myLedger(locale: Locale): Promise<LedgerEntry[]> {
  return oldestFirst(
    (
      await readStatement(
        (args) => supabase().rpc('my_ledger', { ...args, p_locale: locale }),
        (error) => toDbError(error, 'Your statement could not be loaded.'),
      )
    ).map(toLedgerEntry),
  );
}
