import { useState, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import toast from '~/lib/toast';
import { BALANCE_ACCOUNTS, type BalanceAccount, type BalanceDraft } from '~/lib/accounts';
import { fetchUser, type AdminUser } from '~/lib/admin/users';
import { proposeBalances } from '~/lib/admin/proposals';
import { changedAccounts, draftErrors, reasonError } from '~/lib/admin/balances';
import { errorText, isStale } from '~/lib/db-errors';

export interface Edit {
  user: AdminUser;
  /** What the admin saw when the edit started (or the fresh values after a refused stale save). */
  original: BalanceDraft;
  version: number;
  draft: BalanceDraft;
  reason: string;
  errors: Partial<Record<BalanceAccount | 'reason', string>>;
  /** Accounts whose stored value moved while the admin was editing (shown beside the field). */
  moved: Partial<BalanceDraft>;
  saving: boolean;
}

function pick(user: AdminUser): BalanceDraft {
  return Object.fromEntries(BALANCE_ACCOUNTS.map((a) => [a, user[a]])) as BalanceDraft;
}

function withoutError(errors: Edit['errors'], field: BalanceAccount | 'reason'): Edit['errors'] {
  const { [field]: _dropped, ...rest } = errors;
  return rest;
}

/**
 * One row editable at a time, saved as a proposal (propose_balances) with the version the admin saw;
 * another admin approves it. `onProposed` runs after a proposal is filed; `save`'s `onRow` receives
 * the stored row after a stale refusal, for the page to show.
 */
export function useBalanceEdit(onProposed: () => void) {
  const [edit, setEdit] = useState<Edit | null>(null);
  const change = (update: (current: Edit) => Edit) =>
    setEdit((current) => (current ? update(current) : current));

  function start(user: AdminUser) {
    if (edit && edit.user.id !== user.id) {
      toast.error(`Finish or cancel editing ${edit.user.username} first.`);
      return;
    }
    const values = pick(user);
    setEdit({
      user,
      original: values,
      version: user.version,
      draft: values,
      reason: '',
      errors: {},
      moved: {},
      saving: false,
    });
  }

  const cancel = () => setEdit(null);

  function setField(account: BalanceAccount, value: string) {
    change((current) => ({
      ...current,
      draft: { ...current.draft, [account]: value },
      errors: withoutError(current.errors, account),
    }));
  }

  function setReason(reason: string) {
    change((current) => ({ ...current, reason, errors: withoutError(current.errors, 'reason') }));
  }

  async function save(onRow: (user: AdminUser) => void, event?: SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (!edit || edit.saving) return;
    const errors: Edit['errors'] = draftErrors(edit.draft);
    const reasonProblem = reasonError(edit.reason);
    if (reasonProblem) errors.reason = reasonProblem;
    if (Object.keys(errors).length > 0) {
      // Rendered at once so the first field to fix (in the row or card) can take focus.
      flushSync(() => setEdit({ ...edit, errors }));
      event?.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      toast.error('Some values need correcting before saving.');
      return;
    }
    const changes = changedAccounts(edit.original, edit.draft);
    if (Object.keys(changes).length === 0) {
      toast.error('Nothing changed: edit at least one amount before saving.');
      return;
    }
    setEdit({ ...edit, errors: {}, saving: true });
    try {
      const { applied } = await proposeBalances(edit.user.id, edit.version, changes, edit.reason);
      setEdit(null);
      onProposed();
      toast.success(
        applied
          ? `Saved ${edit.user.username}'s balances: every change is below the firm's small-edit threshold, so no second admin is needed.`
          : `Proposed a change to ${edit.user.username}'s balances: awaiting another admin's approval.`,
      );
    } catch (error) {
      toast.error(errorText(error, 'Could not save the balances.'));
      if (isStale(error)) await adoptStored(edit, onRow);
      else change((current) => ({ ...current, saving: false }));
    }
  }

  /** Someone else saved first: merge, and adopt the new version so a deliberate second save goes through. */
  async function adoptStored(refused: Edit, onRow: (user: AdminUser) => void) {
    try {
      // The merge is loaded only here, on a refused save, not before the page's first interaction.
      const [fresh, { mergeAfterRefusedSave }] = await Promise.all([
        fetchUser(refused.user.id),
        import('./merge'),
      ]);
      const stored = pick(fresh);
      const { draft, moved } = mergeAfterRefusedSave(refused.original, refused.draft, stored);
      onRow(fresh);
      change((current) => ({
        ...current,
        user: fresh,
        original: stored,
        version: fresh.version,
        draft,
        moved,
        saving: false,
      }));
    } catch (readError) {
      toast.error(errorText(readError, 'Could not load the latest values.'));
      change((current) => ({ ...current, saving: false }));
    }
  }

  return { edit, start, cancel, setField, setReason, save };
}

export type BalanceEdit = ReturnType<typeof useBalanceEdit>;
