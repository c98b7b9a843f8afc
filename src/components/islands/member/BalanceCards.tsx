import { useState } from 'react';
import Dialog from '../shared/Dialog';
import { formatUsdIn } from '~/lib/money-in-language';
import {
  BALANCE_ACCOUNTS_SHOWN,
  BALANCE_CARD_ITEM_CLASS,
  BALANCE_PLACEHOLDER_CLASS,
  BALANCE_VALUE_CLASS,
  balanceTestId,
  breakableAmount,
} from './balance-slots';
import type { Profile } from '~/lib/profile-row';
import { useMemberLanguage } from './member-language';

interface BalanceCardsProps {
  profile: Profile | null;
  /** The shell's Referrals dialog (one dialog, whether opened from the sidebar or the card). */
  onReferralEarnings: () => void;
}

/** The six balance cards. Values are the database's text, formatted without floats; blank until loaded. */
export default function BalanceCards({ profile, onReferralEarnings }: BalanceCardsProps) {
  const { locale, words } = useMemberLanguage();
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const onTotalWithdraw = () => setWithdrawOpen(true);
  return (
    <section
      aria-label={words.balances.region}
      aria-busy={profile === null}
      data-balances
      data-locale={locale}
    >
      {/* Two per row even on a phone: one per row filled more than a screen before anything else (issue 35). */}
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
        {BALANCE_ACCOUNTS_SHOWN.map((account) => {
          const { label, meaning } = words.balances.cards[account];
          const onClick =
            account === 'total_withdraw'
              ? onTotalWithdraw
              : account === 'referral'
                ? onReferralEarnings
                : undefined;
          const body = (
            <>
              <span className="block text-xs font-medium text-muted sm:text-sm">{label}</span>
              {profile === null ? (
                <span className={BALANCE_PLACEHOLDER_CLASS} aria-hidden="true" data-balance-slot={account} />
              ) : (
                <span className={BALANCE_VALUE_CLASS} data-testid={balanceTestId(account)} dir="ltr">
                  <Amount text={formatUsdIn(locale, profile[account])} />
                </span>
              )}
              <span className="mt-1 block text-xs text-muted">{meaning}</span>
            </>
          );
          return (
            <li key={account} className={BALANCE_CARD_ITEM_CLASS}>
              {onClick ? (
                <button
                  type="button"
                  onClick={onClick}
                  className="card flex h-full min-h-28 w-full flex-col items-start justify-start p-3 text-start transition-shadow hover:shadow-lg sm:p-5"
                >
                  {body}
                </button>
              ) : (
                <div className="card h-full min-h-28 p-3 sm:p-5">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      <Dialog
        open={withdrawOpen}
        title={words.shell.withdrawalTitle}
        onClose={() => setWithdrawOpen(false)}
        actions={
          <button type="button" className="btn-dark" onClick={() => setWithdrawOpen(false)}>
            {words.shell.okay}
          </button>
        }
      >
        <p>{words.balances.totalWithdrawText}</p>
      </Dialog>
    </section>
  );
}

/** An amount with its break opportunity (breakableAmount), as the early paint writes it. */
function Amount({ text }: { text: string }) {
  const [first, second] = breakableAmount(text);
  return first ? (
    <>
      {first}
      <wbr />
      {second}
    </>
  ) : (
    <>{second}</>
  );
}

const noDialog = () => undefined;

/**
 * The first view of a page that opens with the balance cards (dashboard, deposit), before the
 * session is checked: the cards with what the early read has (else their placeholders).
 */
export function balancesSkeleton(profile: Profile | null) {
  return <BalanceCards profile={profile} onReferralEarnings={noDialog} />;
}
