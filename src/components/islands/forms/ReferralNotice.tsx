import { useEffect, useState, type ReactNode } from 'react';

/** What the register page says about a referral link (`/register?ref=CODE`). */
export const REFERRAL_INVITED =
  'You were invited by a member: your sign-up will be linked to their referral.';
export const REFERRAL_INVALID = 'This referral link is not valid. You can still register.';

/** A link's code from the page's query (`?ref=`), trimmed; null when absent or blank. */
export function referralCodeFrom(search: string): string | null {
  const code = new URLSearchParams(search).get('ref')?.trim();
  return code ? code : null;
}

/**
 * The referral link the visitor came by, checked with the database (which says only whether the
 * code names a member). `code` is what sign-up passes on: the link's code unless it proved invalid.
 * The Supabase client is loaded for the check only when the page has a `?ref=`.
 */
export function useReferral(): { code: string | null; notice: ReactNode } {
  // Not rendered itself, so reading the address while hydrating changes nothing in the HTML.
  const [code] = useState(() =>
    typeof window === 'undefined' ? null : referralCodeFrom(window.location.search),
  );
  const [valid, setValid] = useState<boolean | null>(null);

  useEffect(() => {
    if (!code) return;
    let current = true;
    import('~/lib/referrals')
      .then(({ referralCodeValid }) => referralCodeValid(code))
      .then(
        (answer) => current && setValid(answer),
        () => current && setValid(false),
      );
    return () => {
      current = false;
    };
  }, [code]);

  if (code === null) return { code: null, notice: null };
  // The live region is there from the start, so the answer is announced when it arrives.
  const notice = (
    <div role="status" data-testid="referral-notice">
      {valid !== null && (
        <p
          className={`rounded-lg border-l-4 px-4 py-3 text-sm font-medium text-ink-900 ${
            valid ? 'border-success-600 bg-mist-50' : 'border-accent-500 bg-accent-50'
          }`}
        >
          {valid ? REFERRAL_INVITED : REFERRAL_INVALID}
        </p>
      )}
    </div>
  );
  return { code: valid === false ? null : code, notice };
}
