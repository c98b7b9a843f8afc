import { useState } from 'react';
import toast from '~/lib/toast';
import Dialog from '../shared/LazyDialog';
import { useFeed } from '../shared/useFeed';
import { errorText } from '~/lib/db-errors';
import { freezeWithdrawals, watchFreeze } from '~/lib/withdrawal-addresses';

export const FROZEN_TEXT =
  'Withdrawals are frozen. No new request can be filed and nothing pending will be paid. To lift the freeze, contact us: a second member of our team must approve it.';

/** Whether the member's withdrawals are frozen, kept live; null until the first read. */
export function useWithdrawalFreeze(userId: string): boolean | null {
  return useFeed(watchFreeze, userId, 'freeze-feed');
}

/** The calm notice shown wherever withdrawals would be offered. */
export function FrozenNotice() {
  return (
    <div
      role="status"
      className="card border-l-4 border-danger-600 p-5 sm:p-6"
      data-testid="withdrawals-frozen"
    >
      <h2 className="text-xl text-ink-950">Withdrawals are frozen</h2>
      <p className="mt-2 text-sm text-ink-800">{FROZEN_TEXT}</p>
    </div>
  );
}

/**
 * "Freeze withdrawals": one confirmation, no code to enter, because someone who fears their account is
 * in other hands must be able to stop money leaving at once. Mountable on any member page.
 */
export default function FreezeWithdrawals({ userId }: { userId: string }) {
  const frozen = useWithdrawalFreeze(userId);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  if (frozen === null) return null;
  if (frozen) return <FrozenNotice />;

  async function freeze() {
    setBusy(true);
    try {
      await freezeWithdrawals();
      setConfirming(false);
      toast.success('Withdrawals are frozen.');
    } catch (error) {
      toast.error(errorText(error, 'Withdrawals could not be frozen.'));
    } finally {
      setBusy(false);
    }
  }

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
      <Dialog
        open={confirming}
        title="Freeze withdrawals?"
        onClose={() => setConfirming(false)}
        actions={
          <>
            <button type="button" className="btn-outline-dark" onClick={() => setConfirming(false)}>
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
          stay as they are. Lifting the freeze needs a call with us and the approval of two members of our
          team.
        </p>
      </Dialog>
    </section>
  );
}
