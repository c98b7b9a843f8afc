import { useEffect, useId, useState } from 'react';
import toast from '~/lib/toast';
import { errorText } from '~/lib/db-errors';
import { reasonError, reasonLabel } from '~/lib/admin/reason';
import OwnAccountNote from '../OwnAccountNote';
import LazyDialog from '../../shared/LazyDialog';

/** The buttons' and the reason's words: a proposal is approved or rejected, an instruction accepted or declined. */
export interface DecisionWords {
  approve: string;
  reject: string;
  rejectNow: string;
  reason: string;
  rejected: (subject: string) => string;
  /** What an expired one says. */
  expired: string;
  /** The proposer's button: the proposal is retracted (a withdrawal is money leaving, not this). */
  retract: string;
  retracted: (subject: string) => string;
}

/** Approving money is confirmed first: the dialog's title and what approving does, in a sentence. */
export interface ApproveConfirmation {
  title: string;
  effect: string;
}

export const PROPOSAL_WORDS: DecisionWords = {
  approve: 'Approve',
  reject: 'Reject…',
  rejectNow: 'Reject',
  reason: reasonLabel('Reason for rejecting', false),
  rejected: (subject) => `Rejected ${subject}.`,
  retract: 'Retract proposal',
  retracted: (subject) => `Retracted ${subject}.`,
  expired: 'Expired: nobody can approve it now. Propose the change again if it is still needed.',
};

/**
 * What this admin may do with one open proposal: the proposer retracts it; another admin with the
 * role approves or rejects with a reason, unless it moves their own money (then a note says who
 * does); an expired one is only shown. Approving money (`confirm`) asks first, saying what it does.
 * Every outcome is a toast.
 */
export default function DecisionActions({
  mine,
  mayDecide,
  ownAccount,
  expired,
  subject,
  approved,
  approve,
  reject,
  withdraw,
  onDone,
  words = PROPOSAL_WORDS,
  confirm,
}: {
  mine: boolean;
  mayDecide: boolean;
  /** The member whose money it moves is this admin (the database refuses their decision). */
  ownAccount: boolean;
  expired: boolean;
  /** "the change to X's balances", as the toasts say it. */
  subject: string;
  /** The toast after an approval: what changed. */
  approved: string;
  approve: () => Promise<void>;
  reject: (reason: string) => Promise<void>;
  withdraw: () => Promise<void>;
  onDone: () => void;
  words?: DecisionWords;
  /** Set for money: Approve opens a dialog stating the effect, approved from there. */
  confirm?: ApproveConfirmation;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  // The reason field replaces the button that opened it: focus follows, so the keyboard is not lost.
  useEffect(() => {
    if (rejecting) document.getElementById(reasonId)?.focus();
  }, [rejecting, reasonId]);

  async function act(run: () => Promise<void>, done: string, failure: string) {
    setBusy(true);
    try {
      await run();
      toast.success(done);
      onDone();
    } catch (error) {
      toast.error(errorText(error, failure));
      setBusy(false);
    }
    setConfirming(false);
  }

  function rejectNow() {
    const short = reasonError(reason);
    if (short) {
      setProblem(short);
      document.getElementById(reasonId)?.focus();
      return;
    }
    void act(() => reject(reason), words.rejected(subject), 'Could not reject the change.');
  }

  if (expired) {
    return <p className="mt-4 text-sm font-semibold text-danger-600">{words.expired}</p>;
  }
  if (!mayDecide && !mine) return null;
  if (ownAccount && !mine) return <OwnAccountNote className="mt-4" />;
  return (
    <div className="mt-4 flex flex-wrap items-end gap-2">
      {mine ? (
        <>
          <p className="text-sm text-muted">You proposed this: another admin approves it.</p>
          <button
            type="button"
            className="btn-outline-dark"
            disabled={busy}
            onClick={() => void act(withdraw, words.retracted(subject), 'Could not retract the proposal.')}
          >
            {words.retract}
          </button>
        </>
      ) : rejecting ? (
        <>
          <div className="min-w-0 flex-1">
            <label htmlFor={reasonId} className="field-label">
              {words.reason}
            </label>
            <input
              id={reasonId}
              className="field-input mt-1"
              value={reason}
              maxLength={500}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${reasonId}-problem` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setProblem('');
              }}
            />
            {problem && (
              <p id={`${reasonId}-problem`} className="mt-1 text-sm text-danger-600">
                {problem}
              </p>
            )}
          </div>
          <button type="button" className="btn-dark" disabled={busy} onClick={rejectNow}>
            {words.rejectNow}
          </button>
          <button
            type="button"
            className="btn-outline-dark"
            disabled={busy}
            onClick={() => setRejecting(false)}
          >
            Cancel
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className="btn-dark"
            disabled={busy}
            onClick={() =>
              confirm ? setConfirming(true) : void act(approve, approved, 'Could not approve the change.')
            }
          >
            {words.approve}
          </button>
          {confirm && (
            <LazyDialog
              open={confirming}
              title={confirm.title}
              size="md"
              onClose={() => {
                if (!busy) setConfirming(false);
              }}
              actions={
                <>
                  <button
                    type="button"
                    className="btn-outline-dark"
                    disabled={busy}
                    onClick={() => setConfirming(false)}
                  >
                    Cancel
                  </button>
                  <button
                    type="button"
                    className="btn-dark"
                    disabled={busy}
                    onClick={() => void act(approve, approved, 'Could not approve the change.')}
                  >
                    {words.approve}
                  </button>
                </>
              }
            >
              <p className="text-ink-800">{confirm.effect}</p>
            </LazyDialog>
          )}
          <button
            type="button"
            className="btn-outline-dark"
            disabled={busy}
            onClick={() => setRejecting(true)}
          >
            {words.reject}
          </button>
        </>
      )}
    </div>
  );
}
