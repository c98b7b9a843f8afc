import type { DepositWallet } from '~/lib/wallets';
import type { AddressEntry } from '~/lib/withdrawal-addresses';
import { destinationText } from './rules';

interface DestinationSelectProps {
  active: AddressEntry[];
  wallet: DepositWallet | undefined;
  value: string;
  onChange: (id: string) => void;
  invalid: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

/** The destination, chosen among the wallet's active address-book entries, or where to add one. */
export default function DestinationSelect({
  active,
  wallet,
  value,
  onChange,
  invalid,
}: DestinationSelectProps) {
  if (active.length === 0) {
    return (
      <div>
        <p className="field-label" id="withdraw-destination-label">
          Destination
        </p>
        <p className="text-sm text-ink-800" data-testid="no-destination">
          You have no active {wallet?.wallet_name ?? ''} address yet.{' '}
          <a
            href="/user/addresses"
            className="font-semibold underline decoration-accent-500 underline-offset-2"
          >
            Add one on the Addresses page
          </a>
          . A new address can receive withdrawals after a waiting period (usually 24 hours).
        </p>
        <input type="hidden" id="withdraw-destination" name="withdraw-destination" />
      </div>
    );
  }
  return (
    <div>
      <label htmlFor="withdraw-destination" className="field-label">
        Destination (from your address book)
      </label>
      <select
        id="withdraw-destination"
        className="field-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...invalid}
      >
        {active.map((a) => (
          <option key={a.id} value={a.id}>
            {destinationText(a, wallet)}
          </option>
        ))}
      </select>
    </div>
  );
}
