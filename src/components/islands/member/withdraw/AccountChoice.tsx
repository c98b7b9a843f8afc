import {
  ACCOUNT_LABELS,
  ACCOUNT_MEANINGS,
  WITHDRAWABLE_ACCOUNTS,
  type WithdrawableAccount,
} from '~/lib/accounts';
import { compareAmounts, formatUsd } from '~/lib/money';
import type { MemberAccount } from '~/lib/requests';
import {
  ACCOUNT_CHOICE_LEGEND,
  ACCOUNT_CHOICE_TEXT,
  AVAILABLE_LABEL,
  PRINCIPAL_NOT_WITHDRAWABLE,
  accountFieldId,
  reservedText,
} from './rules';

interface AccountChoiceProps {
  /** null while loading. */
  accounts: MemberAccount[] | null;
  value: WithdrawableAccount;
  onChange: (account: WithdrawableAccount) => void;
  /** The in-page validation's props for a radio button (by its id). */
  invalid: (id: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

/**
 * "Withdraw from": the accounts a member may withdraw from, each with what it means and what it has
 * available now (its balance less what open requests reserve), and why invested principal is not
 * offered. Radio buttons: arrow keys move between them, as in any radio group.
 */
export default function AccountChoice({ accounts, value, onChange, invalid }: AccountChoiceProps) {
  const rowOf = (account: WithdrawableAccount) => accounts?.find((a) => a.account === account);
  return (
    <fieldset>
      <legend className="field-label">{ACCOUNT_CHOICE_LEGEND}</legend>
      <p className="text-sm text-muted">{ACCOUNT_CHOICE_TEXT}</p>
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
                <span className="block font-semibold text-ink-950">{ACCOUNT_LABELS[account]}</span>
                <span className="block text-sm text-muted">{ACCOUNT_MEANINGS[account]}</span>
              </span>
              <span className="shrink-0 text-end text-sm">
                <span className="block text-muted">{AVAILABLE_LABEL}</span>
                <strong className="block text-ink-950 tabular-nums" data-testid={`available-${account}`}>
                  {row ? formatUsd(row.available) : '…'}
                </strong>
                {reserved && (
                  <span className="block text-xs text-muted" data-testid={`reserved-${account}`}>
                    {reservedText(reserved)}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <p className="mt-2 text-sm text-muted">{PRINCIPAL_NOT_WITHDRAWABLE}</p>
    </fieldset>
  );
}
