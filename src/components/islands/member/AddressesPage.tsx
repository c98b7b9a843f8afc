import MemberShell from './MemberShell';
import { useLoad } from '../shared/useLoad';
import { listDepositWallets } from '~/lib/wallets';
import AddForm from './addresses/AddForm';
import AddressList from './addresses/AddressList';
import { useMyAddresses } from './addresses/useAddressBook';
import SecurityHoldNotice from './SecurityHoldNotice';
import type { MemberLanguage } from './member-language';

function AddressesContent({ userId, email }: { userId: string; email: string }) {
  const wallets = useLoad(listDepositWallets, 'The wallet list could not be loaded.').data ?? [];
  const entries = useMyAddresses(userId);
  return (
    <div className="space-y-8">
      <SecurityHoldNotice />
      <div className="grid items-start gap-8 xl:grid-cols-2 [&>*]:min-w-0">
        <AddForm wallets={wallets} email={email} />
        <AddressList entries={entries} wallets={wallets} />
      </div>
    </div>
  );
}

/** /user/addresses: the member's address book, the only places withdrawals can go. */
export default function AddressesPage({ language }: { language: MemberLanguage }) {
  return (
    <MemberShell language={language} current="/user/addresses" heading="Addresses">
      {({ session }) => <AddressesContent userId={session.user.id} email={session.user.email ?? ''} />}
    </MemberShell>
  );
}
