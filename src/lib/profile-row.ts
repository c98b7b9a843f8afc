import type { BalanceDraft } from './accounts';
import { columnText as text } from './column-text';

/*
 * The profile row as the browser reads it, apart from the Supabase client: the early balance read
 * (early-profile.ts) runs before the client has loaded and must parse the same columns the same way.
 */

/** The member's own profile. Money is decimal text exactly as Postgres wrote it (never a float). */
export interface Profile extends BalanceDraft {
  id: string;
  username: string;
  email: string;
  version: number;
  xrp_destination_tag: string;
}

export const PROFILE_COLUMNS =
  'id, username, email, interest_wallet::text, deposit_wallet::text, total_invest::text, total_deposit::text, total_withdraw::text, referral::text, version, xrp_destination_tag::text';

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
