import { Suspense, useState } from 'react';
import { lazyPart } from '../shared/lazyPart';
import MemberShell from './MemberShell';
import BalanceCards, { balancesSkeleton } from './BalanceCards';
import WalletCard from './WalletCard';
import { useLoad } from '../shared/useLoad';
import { listDepositWallets } from '~/lib/wallets';
import type { MemberLanguage } from './member-language';
import type { Profile } from '~/lib/profile-row';
import type { DepositWords } from '~/i18n/member/pages/deposit';

// The notice form loads when the member opens it, not with the page.
const DepositNoticeDialog = lazyPart(() => import('./DepositNoticeDialog'), 'dialog');
// The member's notices load after the page is up, out of its first load (tests/budgets.json).
const DepositNotices = lazyPart(() => import('./DepositNotices'));

/** What the member reads first about depositing: in the page's first view too (depositSkeleton). */
function WalletsIntro({ words }: { words: DepositWords }) {
  return (
    <>
      <p className="max-w-3xl text-base text-ink-800">{words.instruction}</p>
      <h2 id="wallets-heading" className="text-2xl text-ink-950">
        {words.walletsHeading}
      </h2>
    </>
  );
}

function WalletPlaceholders() {
  return (
    <ul key="placeholders" className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-busy="true">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="card h-64 animate-pulse" />
      ))}
    </ul>
  );
}

/**
 * The page's first view, before the session is checked (and built into its HTML): the balance cards
 * and the wallets' instructions with their placeholders, the same markup the page then keeps, so the
 * instructions (a phone's largest paint) are painted with the first frame and nothing moves.
 */
export function depositSkeleton(words: DepositWords) {
  return (profile: Profile | null) => (
    <div className="space-y-10">
      {balancesSkeleton(profile)}
      <section aria-labelledby="wallets-heading" className="space-y-5">
        <WalletsIntro words={words} />
        <WalletPlaceholders />
      </section>
    </div>
  );
}

function Wallets({ tag, userId, words }: { tag: string | undefined; userId: string; words: DepositWords }) {
  const { data: wallets, error } = useLoad(listDepositWallets, words.walletsFailed, { toast: false });
  const [noticeOpen, setNoticeOpen] = useState(false);

  return (
    <section aria-labelledby="wallets-heading" className="space-y-5">
      <WalletsIntro words={words} />
      {error && (
        <p role="alert" className="text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
      {/* Two lists with their own keys: React must not reuse a placeholder's <li> for a wallet whose id
          equals its index, which moved the card into place as a layout shift (CLS). */}
      {wallets === null && !error ? (
        <WalletPlaceholders />
      ) : (
        <ul key="wallets" className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {(wallets ?? []).map((wallet) => (
            <li key={wallet.id}>
              <WalletCard wallet={wallet} destinationTag={tag} words={words} />
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn-primary" onClick={() => setNoticeOpen(true)}>
        {words.madeDeposit}
      </button>
      {noticeOpen && (
        <Suspense fallback={null}>
          <DepositNoticeDialog
            open
            onClose={() => setNoticeOpen(false)}
            wallets={wallets ?? []}
            words={words}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <DepositNotices userId={userId} wallets={wallets ?? []} />
      </Suspense>
    </section>
  );
}

/** /user/deposit: balance cards, the deposit wallets with QR and copy, and the deposit notice. */
export default function DepositPage({ language, words }: { language: MemberLanguage; words: DepositWords }) {
  return (
    <MemberShell
      language={language}
      current="/user/deposit"
      heading={words.heading}
      skeleton={depositSkeleton(words)}
    >
      {({ session, profile, openReferralsDialog }) => (
        <div className="space-y-10">
          <BalanceCards profile={profile} onReferralEarnings={openReferralsDialog} />
          <Wallets tag={profile?.xrp_destination_tag} userId={session.user.id} words={words} />
        </div>
      )}
    </MemberShell>
  );
}
