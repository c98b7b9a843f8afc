import type { BalanceAccount } from '~/lib/accounts';
import { ACCOUNT_LABELS } from '~/lib/accounts';
import { canonicalAmount, formatUsd } from '~/lib/money';
import Field from '../../shared/Field';
import type { Edit } from './useBalanceEdit';

/** One balance being edited: the input, its label (visible on cards) and its error or "moved" note. */
export function AmountInput({
  row: { baseId, name, edit, onField },
  account,
  visibleLabel,
}: {
  /** The row or card being edited; each amount's input id is its id plus the account. */
  row: {
    baseId: string;
    name: string;
    edit: Edit;
    onField: (account: BalanceAccount, value: string) => void;
  };
  account: BalanceAccount;
  visibleLabel: boolean;
}) {
  const id = `${baseId}-${account}`;
  const error = edit.errors[account];
  const moved = edit.moved[account];
  return (
    <>
      <label htmlFor={id} className={visibleLabel ? 'field-label' : 'sr-only'}>
        {ACCOUNT_LABELS[account]}
        <span className="sr-only"> for {name}</span>
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        className={`block min-h-11 w-full min-w-0 rounded-md border px-2 text-right tabular-nums ${error ? 'border-danger-600' : 'border-mist-300'}`}
        value={edit.draft[account]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || moved ? `${id}-note` : undefined}
        onChange={(e) => onField(account, e.target.value)}
        disabled={edit.saving}
      />
      {(error || moved !== undefined) && (
        <p id={`${id}-note`} className={`mt-1 text-xs ${error ? 'text-danger-600' : 'text-accent-700'}`}>
          {error ??
            (canonicalAmount(edit.draft[account]) === canonicalAmount(moved ?? '')
              ? 'Changed by another admin'
              : `Now ${formatUsd(moved)}`)}
        </p>
      )}
    </>
  );
}

/** The audited reason for the edit, and the note when another admin saved in between. */
export function ReasonInput({
  id,
  name,
  edit,
  onReason,
}: {
  id: string;
  name: string;
  edit: Edit;
  onReason: (reason: string) => void;
}) {
  const error = edit.errors.reason;
  return (
    <>
      <Field
        id={id}
        label={<>Reason for changing {name}&rsquo;s balances</>}
        controlClassName={`max-w-xl ${error ? 'border-danger-600' : ''}`}
        value={edit.reason}
        maxLength={500}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onReason(e.target.value)}
        disabled={edit.saving}
        data-autofocus
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger-600">
          {error}
        </p>
      )}
      {Object.keys(edit.moved).length > 0 && (
        <p className="mt-2 text-sm text-accent-700">
          Another admin changed these balances while you were editing. The “Now” values are stored; your
          entries are kept. Check them and save again.
        </p>
      )}
    </>
  );
}
