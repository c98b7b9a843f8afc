import { useId, type FormEvent } from 'react';
import { reasonLabel } from '~/lib/admin/reason';
import type { AddressNetwork } from '~/lib/addresses';
import { networkLabel } from '~/lib/wallets';
import Field from '../../shared/Field';
import type { Draft } from './wallet-draft';

/** The edit dialog's form: address, on/off and the reason, each error under its field. */
export default function WalletForm({
  draft,
  onChange,
  onSave,
  onCancel,
  saving,
}: {
  draft: Draft;
  onChange: (next: Draft) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
}) {
  const id = useId();
  const network = draft.wallet.network as AddressNetwork;
  const errorProps = (field: 'address' | 'reason') => ({
    'aria-invalid': draft.errors[field] ? true : undefined,
    'aria-describedby': draft.errors[field] ? `${id}-${field}-error` : undefined,
  });
  const errorText = (field: 'address' | 'reason') =>
    draft.errors[field] && (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-danger-600">
        {draft.errors[field]}
      </p>
    );
  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSave();
      }}
    >
      <Field
        id={`${id}-address`}
        label={`Address (${networkLabel(network, draft.wallet.asset)})`}
        className="mt-2"
        controlClassName="font-mono text-sm"
        value={draft.address}
        autoComplete="off"
        spellCheck={false}
        {...errorProps('address')}
        onChange={(e) =>
          onChange({ ...draft, address: e.target.value, errors: { ...draft.errors, address: undefined } })
        }
        data-autofocus
      />
      {errorText('address')}
      <label className="mt-4 flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5"
          checked={draft.enabled}
          onChange={(e) => onChange({ ...draft, enabled: e.target.checked })}
        />
        Enabled (members see this wallet)
      </label>
      <Field
        id={`${id}-reason`}
        label={reasonLabel('Reason for the change', false)}
        className="mt-4"
        value={draft.reason}
        maxLength={500}
        {...errorProps('reason')}
        onChange={(e) =>
          onChange({ ...draft, reason: e.target.value, errors: { ...draft.errors, reason: undefined } })
        }
      />
      {errorText('reason')}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-outline-dark" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn-dark" disabled={saving}>
          {saving ? 'Proposing…' : 'Propose change'}
        </button>
      </div>
    </form>
  );
}
