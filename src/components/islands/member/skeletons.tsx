import MemberSkeleton from './MemberSkeleton';
import { ENGLISH, MemberLanguageProvider, type MemberLanguage } from './member-language';
import { balancesSkeleton } from './BalanceCards';
import { StatementBody } from './StatementPage';

/*
 * The first views member pages are built with (their islands' fallbacks, Astro renders them into the
 * HTML): what an early paint fills in before React arrives (early-balances.ts,
 * early-statement-paint.ts). Never loaded in the browser.
 */

export function BalancesSkeleton({ language = ENGLISH }: { language?: MemberLanguage | undefined }) {
  return (
    <MemberLanguageProvider language={language}>
      <MemberSkeleton prerendered>{balancesSkeleton(null)}</MemberSkeleton>
    </MemberLanguageProvider>
  );
}

export function StatementSkeleton() {
  return (
    <MemberSkeleton prerendered>
      <StatementBody entries={null} />
    </MemberSkeleton>
  );
}
