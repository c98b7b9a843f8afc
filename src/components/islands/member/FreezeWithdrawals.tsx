import { useState } from 'react';
import toast from '~/lib/toast';
import Dialog from '../shared/LazyDialog';
import { errorText } from '~/lib/db-errors';
import { freezeWithdrawals } from '~/lib/withdrawal-addresses';
import { FREEZE_LIFT_SENTENCE } from '~/lib/freeze-words';
import { FrozenNotice, useWithdrawalFreeze } from './FrozenNotice';

/**
 * The freeze's confirmation: one click more, no code to enter, because someone who fears their
 * account is in other hands must be able to stop money leaving at once. Shared by the card below and
 * /user/freeze (which works at any assurance level).
 */
export function FreezeDialog({
  open,
  onClose,
  onFrozen,
}: {
  open: boolean;
  onClose: () => void;
  onFrozen?: () => void;
}) {
  const [busy, setBusy] = useState(false);

  async function freeze() {
    setBusy(true);
    try {
      await freezeWithdrawals();
      onClose();
      toast.success('Withdrawals are frozen.');
      onFrozen?.();
    } catch (error) {
      toast.error(errorText(error, 'Withdrawals could not be frozen.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title="Freeze withdrawals?"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn-outline-dark" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn-dark" disabled={busy} onClick={() => void freeze()}>
            {busy ? 'Freezing…' : 'Freeze now'}
          </button>
        </>
      }
    >
      <p className="text-sm text-ink-800">
        No new withdrawal request can be filed, and requests already waiting will not be paid. Your balances
        stay as they are. {FREEZE_LIFT_SENTENCE}
      </p>
    </Dialog>
  );
}

/** "Freeze withdrawals" as a card, mountable on any member page; the notice once frozen. */
export default function FreezeWithdrawals({ userId }: { userId: string }) {
  const frozen = useWithdrawalFreeze(userId);
  const [confirming, setConfirming] = useState(false);

  if (frozen === null) return null;
  if (frozen) return <FrozenNotice />;

  return (
    <section aria-labelledby="freeze-heading" className="card p-5 sm:p-6">
      <h2 id="freeze-heading" className="text-xl text-ink-950">
        Something wrong?
      </h2>
      <p className="mt-2 text-sm text-muted">
        If you think someone else is using your account, freeze withdrawals. It takes effect at once.
      </p>
      <button type="button" className="btn-outline-dark mt-4" onClick={() => setConfirming(true)}>
        Freeze withdrawals
      </button>
      <FreezeDialog open={confirming} onClose={() => setConfirming(false)} />
    </section>
  );
}
