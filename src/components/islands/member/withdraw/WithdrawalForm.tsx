import { useState, type SubmitEvent } from 'react';
import toast from '~/lib/toast';
import Field from '../../shared/Field';
import SubmitButton from '../../shared/SubmitButton';
import WalletSelect from '../../shared/WalletSelect';
import { useFormProblem } from '../../shared/formProblem';
import { useWalletChoice } from '../../shared/useWalletChoice';
import { WITHDRAWABLE_ACCOUNTS, type WithdrawableAccount } from '~/lib/accounts';
import { errorTextIn } from '~/lib/db-errors';
import { compareAmounts } from '~/lib/money';
import { fileWithdrawalRequest } from '~/lib/requests';
import type { MemberAccount } from '~/lib/my-accounts';
import type { DepositWallet } from '~/lib/wallets';
import type { AddressEntry } from '~/lib/withdrawal-addresses';
import AccountChoice from './AccountChoice';
import DestinationSelect from './DestinationSelect';
import { destinationsFor, waitingText, withdrawalProblem } from './rules';
import type { WithdrawWords } from '~/i18n/member/pages/withdraw';
import { useMemberLanguage } from '../member-language';

interface WithdrawalFormProps {
  wallets: DepositWallet[];
  /** The member's accounts with what each has available (null while loading). */
  accounts: MemberAccount[] | null;
  /** The member's address book (null while loading). */
  addresses: AddressEntry[] | null;
  words: WithdrawWords;
}

/**
 * Until the member picks one: the first withdrawable account with money available, else the
 * Deposit Wallet (funds not invested).
 */
function defaultAccount(accounts: MemberAccount[] | null): WithdrawableAccount {
  return (
    WITHDRAWABLE_ACCOUNTS.find((a) => {
      const available = accounts?.find((row) => row.account === a)?.available;
      return available !== undefined && compareAmounts(available, '0') > 0;
    }) ?? 'deposit_wallet'
  );
}

/** "Request a withdrawal": the account, asset, amount and an active address-book entry as the destination. */
export default function WithdrawalForm({ wallets, accounts, addresses, words: page }: WithdrawalFormProps) {
  const { locale, words: shell } = useMemberLanguage();
  const words = page.form;
  const { usable, wallet, setWalletId } = useWalletChoice(wallets);
  const [picked, setPicked] = useState<WithdrawableAccount | null>(null);
  const [amount, setAmount] = useState('');
  const [destinationId, setDestinationId] = useState('');
  const { report, fieldProps, alert } = useFormProblem();
  const [busy, setBusy] = useState(false);
  const { active, waiting } = destinationsFor(addresses, wallet?.id);
  const destination = active.find((a) => a.id === destinationId) ?? active[0];
  const account = picked ?? defaultAccount(accounts);
  const available = accounts?.find((a) => a.account === account)?.available ?? null;

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (
      report(
        form,
        withdrawalProblem(
          { wallet, account, amount, available, destination },
          { locale, words: page.problems, accounts: shell.accounts },
        ),
      ) ||
      !wallet ||
      !destination
    )
      return;
    setBusy(true);
    try {
      await fileWithdrawalRequest({
        walletId: wallet.id,
        account,
        amount,
        destinationAddress: destination.address,
        destinationTag: destination.destination_tag || undefined,
      });
      toast.success(words.sent);
      setAmount('');
      // The account stays the one the member chose, even if it now has less than another.
      setPicked(account);
    } catch (err) {
      // The database's refusal is English: on another language's page, the page's own sentence.
      report(form, { message: errorTextIn(locale, err, words.failed), fields: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card space-y-4 p-5 sm:p-6"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="withdraw-form-heading"
    >
      <h2 id="withdraw-form-heading" className="text-xl text-ink-950">
        {words.heading}
      </h2>
      <AccountChoice
        accounts={accounts}
        value={account}
        onChange={setPicked}
        invalid={(id) => fieldProps(id)}
        words={words}
      />
      <WalletSelect
        label={words.asset}
        id="withdraw-asset"
        wallets={usable}
        value={wallet ? String(wallet.id) : ''}
        onChange={setWalletId}
      />
      <Field
        id="withdraw-amount"
        label={words.amount}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        {...fieldProps('withdraw-amount')}
      />
      <DestinationSelect
        active={active}
        wallet={wallet}
        value={destination?.id ?? ''}
        onChange={setDestinationId}
        invalid={fieldProps('withdraw-destination')}
        words={words}
      />
      {waiting.length > 0 && (
        <p className="text-sm text-muted" data-testid="waiting-addresses">
          {waitingText(words, waiting)}
        </p>
      )}
      {alert}
      <SubmitButton
        className="btn-dark"
        label={words.submit}
        busyLabel={words.sending}
        busy={busy}
        disabled={usable.length === 0}
      />
    </form>
  );
}
