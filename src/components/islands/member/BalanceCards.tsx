import { useState } from 'react';
import Dialog from '../shared/Dialog';
import { formatUsd } from '~/lib/money';
import type { Profile } from '~/lib/profile';
import type { BalanceAccount } from '~/lib/accounts';

/** The member dashboard's own order and card titles (the spec's), not the admin table's. */
const CARDS: { account: BalanceAccount; label: string }[] = [
  { account: 'deposit_wallet', label: 'Deposit Wallet Balance' },
  { account: 'interest_wallet', label: 'Interest Wallet Balance' },
  { account: 'total_invest', label: 'Total Invest' },
  { account: 'total_deposit', label: 'Total Deposit' },
  { account: 'total_withdraw', label: 'Total Withdraw' },
  { account: 'referral', label: 'Referral Earnings' },
];

/** The spec's text for the Total Withdraw card's dialog (it repeats the deposit instruction). */
export const TOTAL_WITHDRAW_DIALOG_TEXT =
  'Please copy the wallet address for your chosen asset and proceed with your investment deposit.';

interface BalanceCardsProps {
  profile: Profile | null;
  /** The shell's Referrals dialog (one dialog, whether opened from the sidebar or the card). */
  onReferralEarnings: () => void;
}

/** The six balance cards. Values are the database's text, formatted without floats; blank until loaded. */
export default function BalanceCards({ profile, onReferralEarnings }: BalanceCardsProps) {
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const onTotalWithdraw = () => setWithdrawOpen(true);
  return (
    <section aria-label="Balances" aria-busy={profile === null}>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {CARDS.map(({ account, label }) => {
          const onClick =
            account === 'total_withdraw'
              ? onTotalWithdraw
              : account === 'referral'
                ? onReferralEarnings
                : undefined;
          const body = (
            <>
              <span className="block text-sm font-medium text-muted">{label}</span>
              {profile === null ? (
                // Where the value will be and as tall (text-3xl's line): nothing moves when it arrives.
                <span className="mt-2 block h-9 w-32 animate-pulse rounded bg-mist-200" aria-hidden="true" />
              ) : (
                <span
                  className="mt-2 block font-serif text-3xl text-ink-950 tabular-nums"
                  data-testid={`balance-${account}`}
                >
                  {formatUsd(profile[account])}
                </span>
              )}
            </>
          );
          return (
            <li key={account}>
              {onClick ? (
                <button
                  type="button"
                  onClick={onClick}
                  className="card flex h-full min-h-28 w-full flex-col items-start justify-start p-5 text-left transition-shadow hover:shadow-lg"
                >
                  {body}
                </button>
              ) : (
                <div className="card h-full min-h-28 p-5">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      <Dialog
        open={withdrawOpen}
        title="Withdrawal!"
        onClose={() => setWithdrawOpen(false)}
        actions={
          <button type="button" className="btn-dark" onClick={() => setWithdrawOpen(false)}>
            Okay
          </button>
        }
      >
        <p>{TOTAL_WITHDRAW_DIALOG_TEXT}</p>
      </Dialog>
    </section>
  );
}
