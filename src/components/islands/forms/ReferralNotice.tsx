import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * A referral link (`/register?ref=CODE`, issue 33, docs/plans-and-referrals.md). Visitors reach no
 * database function, so the page cannot ask whether a code is a member's: a code of the right shape
 * goes with the sign-up (the database ignores one that names nobody) and the page says so; anything
 * else is not a code, and is left out.
 */
const CODE = /^[A-HJ-NP-Z2-9]{8}$/;

/** What the notice says, in the page's language ({code} in `referralInvited`). */
export interface ReferralWords {
  referralInvited: string;
  referralInvalid: string;
}

export const referralInvited = (code: string, words: ReferralWords): string =>
  words.referralInvited.replace('{code}', code);

/** The link's `?ref=` as a code (trimmed, upper case), '' when it is not one, null when there is none. */
export function referralCodeFrom(search: string): string | null {
  const raw = new URLSearchParams(search).get('ref');
  if (raw === null || raw.trim() === '') return null;
  const code = raw.trim().toUpperCase();
  return CODE.test(code) ? code : '';
}

const neverChanges = () => () => undefined;

/**
 * The referral link the visitor came by: `code` is what sign-up passes on (null when there is none or
 * it is not a code), `notice` what the page says about it. Read after hydration (the page's HTML is
 * the same for every visitor).
 */
export function useReferral(words: ReferralWords): { code: string | null; notice: ReactNode } {
  const code = useSyncExternalStore(
    neverChanges,
    () => referralCodeFrom(window.location.search),
    () => null,
  );
  if (code === null) return { code: null, notice: null };
  return {
    code: code || null,
    notice: (
      <p
        role="status"
        data-testid="referral-notice"
        className={`rounded-lg border-s-4 px-4 py-3 text-sm font-medium text-ink-900 ${
          code ? 'border-success-600 bg-mist-50' : 'border-accent-500 bg-accent-50'
        }`}
      >
        {code ? referralInvited(code, words) : words.referralInvalid}
      </p>
    ),
  };
}
