import { WITHDRAWABLE_ACCOUNTS, type WithdrawableAccount } from '~/lib/accounts';
import { compareAmounts } from '~/lib/money';
import { formatUsdIn } from '~/lib/money-in-language';
import type { MemberAccount } from '~/lib/my-accounts';
import type { WithdrawWords } from '~/i18n/member/pages/withdraw';
import { useMemberLanguage } from '../member-language';
import { accountFieldId, reservedText } from './rules';

interface AccountChoiceProps {
  /** null while loading. */
  accounts: MemberAccount[] | null;
  value: WithdrawableAccount;
  onChange: (account: WithdrawableAccount) => void;
  /** The in-page validation's props for a radio button (by its id). */
  invalid: (id: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
  words: WithdrawWords['form'];
}

/**
 * "Withdraw from": the accounts a member may withdraw from, each with what it means and what it has
 * available now (its balance less what open requests reserve), and why invested principal is not
 * offered. Radio buttons: arrow keys move between them, as in any radio group.
 */
export default function AccountChoice({ accounts, value, onChange, invalid, words }: AccountChoiceProps) {
  const { locale, words: shell } = useMemberLanguage();
  const rowOf = (account: WithdrawableAccount) => accounts?.find((a) => a.account === account);
  return (
    <fieldset>
      <legend className="field-label">{words.legend}</legend>
      <p className="text-sm text-muted">{words.choose}</p>
      <div className="mt-2 space-y-2">
        {WITHDRAWABLE_ACCOUNTS.map((account) => {
          const id = accountFieldId(account);
          const row = rowOf(account);
          const reserved = row && compareAmounts(row.reserved, '0') > 0 ? row.reserved : null;
          return (
            <label
              key={account}
              htmlFor={id}
              className={`flex cursor-pointer items-start gap-3 rounded-md border p-3 ${
                value === account ? 'border-ink-900 bg-mist-50' : 'border-mist-300'
              }`}
            >
              <input
                type="radio"
                id={id}
                name="withdraw-account"
                className="mt-1 size-4 shrink-0"
                value={account}
                checked={value === account}
                onChange={() => onChange(account)}
                {...invalid(id)}
              />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-ink-950">{shell.accounts[account]}</span>
                <span className="block text-sm text-muted">{shell.balances.cards[account].meaning}</span>
              </span>
              <span className="shrink-0 text-end text-sm">
                <span className="block text-muted">{words.available}</span>
                <strong className="block text-ink-950 tabular-nums" data-testid={`available-${account}`}>
                  {row ? <bdi dir="ltr">{formatUsdIn(locale, row.available)}</bdi> : '…'}
                </strong>
                {reserved && (
                  <span className="block text-xs text-muted" data-testid={`reserved-${account}`}>
                    {reservedText(words, locale, reserved)}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <p className="mt-2 text-sm text-muted">{words.principal}</p>
    </fieldset>
  );
}
