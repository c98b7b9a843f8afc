import AdminArea, { type AdminPath, type StaffSession } from './AdminArea';
import Dialog from '~/components/islands/shared/Dialog';
import LoadingCards from '../shared/LoadingCards';
import WalletCard from './wallets/WalletCard';
import WalletForm from './wallets/WalletForm';
import WalletHistory from './wallets/WalletHistory';
import { useWallets } from './wallets/useWallets';
import { startDraft } from './wallets/wallet-draft';

/**
 * The seven deposit wallets: finance admins and owners propose a new address or on/off with a
 * reason; another one approves it on the Approvals page. Every applied change is listed below.
 */
function Wallets({ session }: { session: StaffSession }) {
  const { data, draft, setDraft, saving, save } = useWallets();
  if (!data) return <LoadingCards label="Loading wallets" />;
  return (
    <div className="space-y-10">
      <ul className="grid gap-4 md:grid-cols-2">
        {data.wallets.map((wallet) => (
          <WalletCard
            key={wallet.id}
            wallet={wallet}
            pending={data.pending.get(String(wallet.id))}
            mayEdit={session.can.moveMoney}
            onEdit={() => setDraft(startDraft(wallet))}
          />
        ))}
      </ul>
      <WalletHistory wallets={data.wallets} changes={data.changes} />
      <Dialog
        open={draft !== null}
        title={draft ? `Edit ${draft.wallet.wallet_name}` : ''}
        onClose={() => !saving && setDraft(null)}
        size="md"
      >
        {draft && (
          <WalletForm
            draft={draft}
            onChange={setDraft}
            onSave={() => void save()}
            onCancel={() => setDraft(null)}
            saving={saving}
          />
        )}
      </Dialog>
    </div>
  );
}

export default function WalletsPage({ current }: { current: AdminPath }) {
  return (
    <AdminArea current={current} title="Wallets">
      {(session) => <Wallets session={session} />}
    </AdminArea>
  );
}
