import type { DepositWallet } from '~/lib/wallets';
import type { AddressEntry } from '~/lib/withdrawal-addresses';
import { destinationText } from './rules';
import { fill } from '~/i18n/fill';
import type { WithdrawWords } from '~/i18n/member/pages/withdraw';
import { memberLink, useMemberLanguage } from '../member-language';

interface DestinationSelectProps {
  active: AddressEntry[];
  wallet: DepositWallet | undefined;
  value: string;
  onChange: (id: string) => void;
  invalid: { 'aria-invalid'?: true; 'aria-describedby'?: string };
  words: WithdrawWords['form'];
}

/** The destination, chosen among the wallet's active address-book entries, or where to add one. */
export default function DestinationSelect({
  active,
  wallet,
  value,
  onChange,
  invalid,
  words,
}: DestinationSelectProps) {
  const language = useMemberLanguage();
  if (active.length === 0) {
    return (
      <div>
        <p className="field-label" id="withdraw-destination-label">
          {words.destinationBare}
        </p>
        <p className="text-sm text-ink-800" data-testid="no-destination">
          {fill(words.noDestination, { wallet: wallet?.wallet_name ?? '' })}{' '}
          <a
            href={memberLink(language, '/user/addresses')}
            className="font-semibold underline decoration-accent-500 underline-offset-2"
          >
            {words.addOne}
          </a>
          {language.locale === 'en' ? '.' : ''} {words.waitingPeriod}
        </p>
        <input type="hidden" id="withdraw-destination" name="withdraw-destination" />
      </div>
    );
  }
  return (
    <div>
      <label htmlFor="withdraw-destination" className="field-label">
        {words.destination}
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
            {destinationText(words, a, wallet)}
          </option>
        ))}
      </select>
    </div>
  );
}
