import { supabase } from './supabase';
import { toDbError } from './db-errors';

/**
 * Referrals (issue 33, docs/plans-and-referrals.md): each member's link is /register?ref=CODE (a code,
 * not the member id). Sign-up through it records the referrer once, in the database (an unknown code
 * is ignored there; visitors reach no database function, so the register page cannot ask first);
 * when a referred member's subscription is accepted the referrer is paid the bonus (a firm setting,
 * as a percent).
 */
export interface MyReferrals {
  code: string;
  /** "/register?ref=CODE": the page's origin goes in front (referralLink). */
  link_path: string;
  referred_count: number;
  /** Referral bonuses received to date ("250.00"). */
  earned: string;
  /** The bonus rate as a percent ("5"). */
  bonus_percent: string;
}

/** The member's code, link, how many people they referred and what it brought them. */
export async function myReferrals(): Promise<MyReferrals> {
  const { data, error } = await supabase().rpc('my_referrals');
  if (error) throw toDbError(error, 'Your referral link could not be loaded.');
  const row = Array.isArray(data) ? (data[0] as Record<string, unknown> | undefined) : undefined;
  if (!row) throw new Error('Your referral link could not be loaded.');
  return {
    code: String(row.code ?? ''),
    link_path: String(row.link_path ?? ''),
    referred_count: Number(row.referred_count ?? 0),
    earned: String(row.earned ?? '0'),
    bonus_percent: String(row.bonus_percent ?? ''),
  };
}

/** The link to share: this site's origin and the member's path. */
export function referralLink(origin: string, linkPath: string): string {
  return new URL(linkPath, origin).href;
}
