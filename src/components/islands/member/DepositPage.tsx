import { Suspense, useState } from 'react';
import { lazyPart } from '../shared/lazyPart';
import MemberShell from './MemberShell';
import BalanceCards, { balancesSkeleton } from './BalanceCards';
import WalletCard from './WalletCard';
import { useLoad } from '../shared/useLoad';
import { listDepositWallets } from '~/lib/wallets';
import type { MemberLanguage } from './member-language';

// The notice form loads when the member opens it, not with the page.
const DepositNoticeDialog = lazyPart(() => import('./DepositNoticeDialog'), 'dialog');
// The member's notices load after the page is up, out of its first load (tests/budgets.json).
const DepositNotices = lazyPart(() => import('./DepositNotices'));

export const DEPOSIT_INSTRUCTION =
  'Please copy the wallet address for your chosen asset and proceed with your investment deposit.';

function Wallets({ tag, userId }: { tag: string | undefined; userId: string }) {
  const { data: wallets, error } = useLoad(listDepositWallets, 'The wallet addresses could not be loaded.', {
    toast: false,
  });
  const [noticeOpen, setNoticeOpen] = useState(false);

  return (
    <section aria-labelledby="wallets-heading" className="space-y-5">
      <p className="max-w-3xl text-base text-ink-800">{DEPOSIT_INSTRUCTION}</p>
      <h2 id="wallets-heading" className="text-2xl text-ink-950">
        Wallet Addresses
      </h2>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
      {wallets === null && !error ? (
        <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="card h-64 animate-pulse" />
          ))}
        </ul>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {(wallets ?? []).map((wallet) => (
            <li key={wallet.id}>
              <WalletCard wallet={wallet} destinationTag={tag} />
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn-primary" onClick={() => setNoticeOpen(true)}>
        {"I've made the deposit"}
      </button>
      {noticeOpen && (
        <Suspense fallback={null}>
          <DepositNoticeDialog open onClose={() => setNoticeOpen(false)} wallets={wallets ?? []} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <DepositNotices userId={userId} wallets={wallets ?? []} />
      </Suspense>
    </section>
  );
}

/** /user/deposit: balance cards, the deposit wallets with QR and copy, and the deposit notice. */
export default function DepositPage({ language }: { language: MemberLanguage }) {
  return (
    <MemberShell language={language} current="/user/deposit" heading="Deposit" skeleton={balancesSkeleton}>
      {({ session, profile, openReferralsDialog }) => (
        <div className="space-y-10">
          <BalanceCards profile={profile} onReferralEarnings={openReferralsDialog} />
          <Wallets tag={profile?.xrp_destination_tag} userId={session.user.id} />
        </div>
      )}
    </MemberShell>
  );
}
