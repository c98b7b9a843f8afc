import { supabase } from './supabase';
import { DbError, toDbError } from './db-errors';
import { answerObject, columnText as text } from './column-text';
import { watchTable, type FeedHandlers } from './realtime';
import { fill } from '~/i18n/fill';

/**
 * The member's address book, its step-up and the withdrawal freeze (docs/address-book.md). The
 * database decides everything (validation, the 10-minute step-up, the cooling-off, refusals while
 * frozen); this module only carries the calls and turns answers into text a member can read.
 */

export interface AddressEntry {
  id: string;
  wallet_id: number;
  label: string;
  address: string;
  /** '' when the network uses none. */
  destination_tag: string;
  created_at: string;
  /** Money may leave to this entry from this moment (created_at + the firm's cooling-off). */
  usable_from: string;
}

export interface NewAddress {
  walletId: number;
  address: string;
  label: string;
  destinationTag?: string | undefined;
}

/** The database's hint when adding an address needs a fresh one-time code (the step-up). */
export const STEP_UP_REQUIRED = 'step_up_required';
/**
 * The member's authenticator was added in this very session, so its code proves nothing the password
 * did not: the mailed code first, then the authenticator (issue 30).
 */
export const STEP_UP_MAIL_REQUIRED = 'step_up_mail_required';

/** Adding the address was refused until the member gives a fresh code (the step-up, lib/step-up.ts). */
export function needsStepUp(error: unknown): boolean {
  return (
    error instanceof DbError && (error.code === STEP_UP_REQUIRED || error.code === STEP_UP_MAIL_REQUIRED)
  );
}

/** The step-up must start with the mailed code, even though the member has an authenticator. */
export function needsMailedCode(error: unknown): boolean {
  return error instanceof DbError && error.code === STEP_UP_MAIL_REQUIRED;
}

function toEntry(r: Record<string, unknown>): AddressEntry {
  return {
    id: text(r.id),
    wallet_id: Number(r.wallet_id),
    label: text(r.label),
    address: text(r.address),
    destination_tag: text(r.destination_tag),
    created_at: text(r.created_at),
    usable_from: text(r.usable_from),
  };
}

/** Active: its cooling-off is over, so withdrawals may go to it. */
export function isActive(entry: Pick<AddressEntry, 'usable_from'>, now: number = Date.now()): boolean {
  return Date.parse(entry.usable_from) <= now;
}

/** The time left as parts a page words in its language: hours and minutes, or under a minute. */
export function timeLeftParts(
  entry: Pick<AddressEntry, 'usable_from'>,
  now: number = Date.now(),
): 'underAMinute' | { hours: number; minutes: number } {
  const minutes = Math.ceil((Date.parse(entry.usable_from) - now) / 60_000);
  if (minutes <= 1) return 'underAMinute';
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** The words for a wait: "4 min", "1 h 5 min", "under a minute" (the address book's, the withdraw form's). */
export interface WaitWords {
  underAMinute: string;
  hoursMinutes: string;
  minutes: string;
}

/** How long until `entry` can receive withdrawals, in the page's words. */
export function timeLeftIn(
  words: WaitWords,
  entry: Pick<AddressEntry, 'usable_from'>,
  now: number = Date.now(),
): string {
  const parts = timeLeftParts(entry, now);
  if (parts === 'underAMinute') return words.underAMinute;
  return parts.hours > 0 ? fill(words.hoursMinutes, parts) : fill(words.minutes, parts);
}

/** The member's entries that are not removed, newest first. */
export async function listMyAddresses(userId: string): Promise<AddressEntry[]> {
  const { data, error } = await supabase()
    .from('withdrawal_addresses')
    .select('id, wallet_id, label, address, destination_tag, created_at, usable_from')
    .eq('user_id', userId)
    .is('removed_at', null)
    .order('created_at', { ascending: false });
  if (error) throw toDbError(error, 'Your address book could not be loaded.');
  return ((data ?? []) as Record<string, unknown>[]).map(toEntry);
}

/** The address book, kept live (an entry added or removed in another tab shows up here). */
export function watchMyAddresses(userId: string, handlers: FeedHandlers<AddressEntry[]>): () => void {
  return watchTable(
    [{ table: 'withdrawal_addresses', filter: `user_id=eq.${userId}` }],
    () => listMyAddresses(userId),
    handlers,
  );
}

/** Adds an entry; throws a DbError with code STEP_UP_REQUIRED when a fresh code is needed first. */
export async function addWithdrawalAddress(input: NewAddress): Promise<AddressEntry> {
  const tag = input.destinationTag?.trim();
  const { data, error } = await supabase().rpc('add_withdrawal_address', {
    p_wallet_id: input.walletId,
    p_address: input.address.trim(),
    p_label: input.label.trim(),
    ...(tag ? { p_destination_tag: tag } : {}),
  });
  if (error) {
    if (error.hint === STEP_UP_REQUIRED || error.hint === STEP_UP_MAIL_REQUIRED)
      throw new DbError(error.message, error.hint);
    throw toDbError(error, 'The address could not be added.');
  }
  const row = answerObject(data);
  if (!row?.id) throw new Error('The address could not be added: unexpected response.');
  return toEntry(row);
}

export async function removeWithdrawalAddress(id: string): Promise<void> {
  const { error } = await supabase().rpc('remove_withdrawal_address', { p_id: Number(id) });
  if (error) throw toDbError(error, 'The address could not be removed.');
}
