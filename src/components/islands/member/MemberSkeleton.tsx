import BalanceCards from './BalanceCards';
import type { Profile } from '~/lib/profile-row';

interface MemberSkeletonProps {
  /**
   * The page opens with the balance cards (dashboard, deposit): the skeleton has them too, labelled,
   * with their value placeholders, so the early paint (early-balances.ts) can fill them.
   */
  balances?: boolean;
  /** Values already read (the early read), shown in the cards. */
  profile?: Profile | null;
  /** Rendered into the page's HTML at build time: the one copy the early paint may fill. */
  prerendered?: boolean;
}

const noDialog = () => undefined;

/**
 * What a member page shows until the session is known: the shell's shape with no member data (at
 * most the balances the member's own stored session has just read), so nothing jumps when the real
 * page appears and a visitor never sees member content.
 */
export default function MemberSkeleton({
  balances = false,
  profile = null,
  prerendered = false,
}: MemberSkeletonProps) {
  return (
    <div
      className="min-h-dvh bg-mist-50 lg:flex"
      role="status"
      aria-label="Loading your account"
      data-prerendered={prerendered || undefined}
    >
      <div className="hidden w-64 shrink-0 bg-ink-900 lg:block" />
      <div className="h-[68px] bg-ink-900 lg:hidden" />
      <div className="min-w-0 flex-1">
        <div className="h-[97px] border-b border-mist-200 bg-white px-5 py-5 sm:px-8">
          <div className="h-8 w-48 animate-pulse rounded bg-mist-200" />
          <div className="mt-2 h-5 w-32 animate-pulse rounded bg-mist-100" />
        </div>
        {balances ? (
          <div className="px-5 py-6 sm:px-8 sm:py-8">
            <BalanceCards profile={profile} onReferralEarnings={noDialog} />
          </div>
        ) : (
          <div className="grid gap-4 px-5 py-6 sm:grid-cols-2 sm:px-8 sm:py-8 xl:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="card h-28 animate-pulse" />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
