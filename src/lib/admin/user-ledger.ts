import { supabase } from '~/lib/supabase';
import { readAllRows, toLedgerEntry, type LedgerEntry as MemberLedgerEntry } from '~/lib/ledger-entry';
import { toDbError } from '~/lib/db-errors';
import { columnText as text } from '../column-text';

// Apart from users.ts: only the ledger dialog (loaded when opened) reads a ledger, so the users page
// does not load the ledger reader before its first interaction (issue 24).

/** Admins also see who made each change. */
export interface LedgerEntry extends MemberLedgerEntry {
  actor_email: string;
}

/** A user's ledger, as the database orders it: who changed which account, by how much, when and why. */
export async function userLedger(userId: string): Promise<LedgerEntry[]> {
  const rows = await readAllRows(
    (from, to) => supabase().rpc('admin_user_ledger', { p_user_id: userId }).range(from, to),
    (error) => toDbError(error, 'Could not load the ledger.'),
  );
  return rows.map((r) => ({
    ...toLedgerEntry(r),
    actor_email: text(r.actor_email),
  }));
}
