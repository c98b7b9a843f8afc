import { Suspense } from 'react';
import { lazyPart } from '../shared/lazyPart';
import MemberShell from './MemberShell';
import { useLoad } from '../shared/useLoad';
import { listDepositWallets } from '~/lib/wallets';
import type { AddressesWords } from '~/i18n/member/pages/addresses';
import AddForm from './addresses/AddForm';
import AddressList from './addresses/AddressList';
import { useMyAddresses } from './addresses/useAddressBook';
import type { MemberLanguage } from './member-language';

// The hold notice reads its own status after the page is up (as on /user/withdraw): its code stays
// out of the page's first load (tests/budgets.json).
const SecurityHoldNotice = lazyPart(() => import('./SecurityHoldNotice'));

function AddressesContent({
  userId,
  email,
  words,
}: {
  userId: string;
  email: string;
  words: AddressesWords;
}) {
  const wallets = useLoad(listDepositWallets, words.walletsFailed).data ?? [];
  const entries = useMyAddresses(userId);
  return (
    <div className="space-y-8">
      <Suspense fallback={null}>
        <SecurityHoldNotice />
      </Suspense>
      <div className="grid items-start gap-8 xl:grid-cols-2 [&>*]:min-w-0">
        <AddForm wallets={wallets} email={email} words={words} />
        <AddressList entries={entries} wallets={wallets} words={words} />
      </div>
    </div>
  );
}

/** /user/addresses: the member's address book, the only places withdrawals can go. */
export default function AddressesPage({
  language,
  words,
}: {
  language: MemberLanguage;
  words: AddressesWords;
}) {
  return (
    <MemberShell language={language} current="/user/addresses" heading={words.heading}>
      {({ session }) => (
        <AddressesContent userId={session.user.id} email={session.user.email ?? ''} words={words} />
      )}
    </MemberShell>
  );
}
