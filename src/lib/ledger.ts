import { supabase } from './supabase';
import { toDbError } from './db-errors';
import { oldestFirst, readStatement, toLedgerEntry, type LedgerEntry } from './ledger-entry';

// Re-exported: callers read a statement line's shape and labels from here as before.
export { accountLabel, toLedgerEntry, type LedgerEntry } from './ledger-entry';

/**
 * The signed-in member's whole ledger (rpc my_ledger, read in pages), oldest first so running
 * balances read naturally.
 */
export async function myLedger(): Promise<LedgerEntry[]> {
  return oldestFirst(
    (
      await readStatement(
        (args) => supabase().rpc('my_ledger', args),
        (error) => toDbError(error, 'Your statement could not be loaded.'),
      )
    ).map(toLedgerEntry),
  );
}
