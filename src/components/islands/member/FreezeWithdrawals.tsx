import { useState } from 'react';
import toast from '~/lib/toast';
import Dialog from '../shared/LazyDialog';
import { errorText } from '~/lib/db-errors';
import { freezeWithdrawals } from '~/lib/withdrawal-freeze';
import { useMemberLanguage } from './member-language';
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
  const { words } = useMemberLanguage();
  const [busy, setBusy] = useState(false);

  async function freeze() {
    setBusy(true);
    try {
      await freezeWithdrawals();
      onClose();
      toast.success(words.freeze.frozen);
      onFrozen?.();
    } catch (error) {
      toast.error(errorText(error, words.freeze.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={words.freeze.confirmTitle}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn-outline-dark" onClick={onClose}>
            {words.freeze.cancel}
          </button>
          <button type="button" className="btn-dark" disabled={busy} onClick={() => void freeze()}>
            {busy ? words.freeze.freezing : words.freeze.freezeNow}
          </button>
        </>
      }
    >
      <p className="text-sm text-ink-800">{words.freeze.confirmText}</p>
    </Dialog>
  );
}

/** "Freeze withdrawals" as a card, mountable on any member page; the notice once frozen. */
export default function FreezeWithdrawals({ userId }: { userId: string }) {
  const { words } = useMemberLanguage();
  const frozen = useWithdrawalFreeze(userId);
  const [confirming, setConfirming] = useState(false);

  if (frozen === null) return null;
  if (frozen) return <FrozenNotice />;

  return (
    <section aria-labelledby="freeze-heading" className="card p-5 sm:p-6">
      <h2 id="freeze-heading" className="text-xl text-ink-950">
        {words.freeze.heading}
      </h2>
      <p className="mt-2 text-sm text-muted">{words.freeze.text}</p>
      <button type="button" className="btn-outline-dark mt-4" onClick={() => setConfirming(true)}>
        {words.freeze.button}
      </button>
      <FreezeDialog open={confirming} onClose={() => setConfirming(false)} />
    </section>
  );
}
