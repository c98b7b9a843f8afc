import { subscribeToChanges } from './realtime';
import { supabase } from './supabase';
import { toAdminError as toDbError } from './admin/errors';

/** The member's own profile. Money is decimal text exactly as Postgres wrote it (never a float). */
export interface Profile {
  id: string;
  username: string;
  email: string;
  interest_wallet: string;
  deposit_wallet: string;
  total_invest: string;
  total_deposit: string;
  total_withdraw: string;
  referral: string;
  version: number;
  xrp_destination_tag: string;
}

const PROFILE_COLUMNS =
  'id, username, email, interest_wallet::text, deposit_wallet::text, total_invest::text, total_deposit::text, total_withdraw::text, referral::text, version, xrp_destination_tag::text';

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

export function toProfile(raw: unknown): Profile {
  if (!raw || typeof raw !== 'object') throw new Error('Your profile could not be read.');
  const r = raw as Record<string, unknown>;
  return {
    id: text(r.id),
    username: text(r.username),
    email: text(r.email),
    interest_wallet: text(r.interest_wallet),
    deposit_wallet: text(r.deposit_wallet),
    total_invest: text(r.total_invest),
    total_deposit: text(r.total_deposit),
    total_withdraw: text(r.total_withdraw),
    referral: text(r.referral),
    version: Number(r.version ?? 0),
    xrp_destination_tag: text(r.xrp_destination_tag),
  };
}

/** Reads the signed-in member's profile row (RLS shows only their own). */
export async function fetchProfile(userId: string): Promise<Profile> {
  const { data, error } = await supabase()
    .from('profiles')
    .select(PROFILE_COLUMNS)
    .eq('id', userId)
    .maybeSingle();
  if (error) throw toDbError(error, 'Your balances could not be loaded.');
  if (!data) throw new Error('Your profile was not found. Please sign in again.');
  return toProfile(data);
}

export interface FeedHandlers<T> {
  onData: (value: T) => void;
  onError: (error: Error) => void;
  /** 'live' once changes flow; 'reconnecting' while the channel is down (the last values stay shown). */
  onStatus?: (status: 'connecting' | 'live' | 'reconnecting') => void;
}

/**
 * A live feed: reads now, then re-reads on every postgres_changes event for `tables` and each time
 * the change feed goes live (after the first join and after every rejoin; see subscribeToChanges).
 * The event payload is only a hint; numbers always come from a fresh read. Reads that finish out of
 * order never overwrite a newer one. Returns the cleanup (removes exactly this channel), so
 * StrictMode's mount, unmount, mount leaves one subscription.
 */
export function watchTable<T>(
  tables: { table: string; filter: string }[],
  read: () => Promise<T>,
  handlers: FeedHandlers<T>,
): () => void {
  let stopped = false;
  let started = 0;
  let applied = 0;

  const refresh = () => {
    const ticket = ++started;
    read().then(
      (value) => {
        if (stopped || ticket < applied) return;
        applied = ticket;
        handlers.onData(value);
      },
      (error: unknown) => {
        if (!stopped) handlers.onError(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };

  handlers.onStatus?.('connecting');
  refresh();
  const unsubscribe = subscribeToChanges(`feed:${tables.map((t) => t.table).join('+')}`, tables, {
    onChange: refresh,
    onLive: () => {
      handlers.onStatus?.('live');
      refresh();
    },
    onDown: () => handlers.onStatus?.('reconnecting'),
  });

  return () => {
    stopped = true;
    unsubscribe();
  };
}

/** Live profile of one member (filter `id=eq.<uid>`). */
export function watchProfile(userId: string, handlers: FeedHandlers<Profile>): () => void {
  return watchTable([{ table: 'profiles', filter: `id=eq.${userId}` }], () => fetchProfile(userId), handlers);
}
