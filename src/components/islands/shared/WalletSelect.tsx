import { FieldFrame } from './Field';
import type { DepositWallet } from '~/lib/wallets';

interface WalletSelectProps {
  id: string;
  /** Only the wallets a member may use right now. */
  wallets: readonly DepositWallet[];
  value: string;
  onChange: (walletId: string) => void;
  /** The field's label in the page's language ("Asset"). */
  label: string;
}

/** The "Asset" choice shared by the deposit notice and the withdrawal request. */
export default function WalletSelect({ id, wallets, value, onChange, label }: WalletSelectProps) {
  return (
    <FieldFrame id={id} label={label}>
      <select id={id} className="field-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {wallets.map((w) => (
          <option key={w.id} value={w.id}>
            {w.wallet_name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
