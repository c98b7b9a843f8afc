import MemberSkeleton from './MemberSkeleton';
import { MemberLanguageProvider, type MemberLanguage } from './member-language';
import { balancesSkeleton } from './BalanceCards';
import { StatementBody } from './StatementPage';
import { depositSkeleton } from './DepositPage';
import type { StatementWords } from '~/i18n/member/pages/statement';
import type { DepositWords } from '~/i18n/member/pages/deposit';

/*
 * The first views member pages are built with (their islands' fallbacks, Astro renders them into the
 * HTML): what an early paint fills in before React arrives (early-balances.ts,
 * early-statement-paint.ts). Never loaded in the browser.
 */

/** The shell's shape alone (a page whose first view has no early paint), in the page's language. */
export function PageSkeleton({ language }: { language: MemberLanguage }) {
  return (
    <MemberLanguageProvider language={language}>
      <MemberSkeleton />
    </MemberLanguageProvider>
  );
}

export function BalancesSkeleton({ language }: { language: MemberLanguage }) {
  return (
    <MemberLanguageProvider language={language}>
      <MemberSkeleton prerendered>{balancesSkeleton(null)}</MemberSkeleton>
    </MemberLanguageProvider>
  );
}

export function DepositSkeleton({ language, words }: { language: MemberLanguage; words: DepositWords }) {
  return (
    <MemberLanguageProvider language={language}>
      <MemberSkeleton prerendered>{depositSkeleton(words)(null)}</MemberSkeleton>
    </MemberLanguageProvider>
  );
}

export function StatementSkeleton({ language, words }: { language: MemberLanguage; words: StatementWords }) {
  return (
    <MemberLanguageProvider language={language}>
      <MemberSkeleton prerendered>
        <StatementBody words={words} entries={null} />
      </MemberSkeleton>
    </MemberLanguageProvider>
  );
}
