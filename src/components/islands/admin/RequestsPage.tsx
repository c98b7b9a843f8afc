import { useEffect, useId, useState } from 'react';
import toast from '~/lib/toast';
import AdminArea, { type AdminPath, type StaffSession } from './AdminArea';
import Dialog from '~/components/islands/shared/Dialog';
import { formatUsd } from '~/lib/money';
import {
  loadReviewQueue,
  reviewDepositNotice,
  reviewWithdrawal,
  watchReviewQueue,
} from '~/lib/admin/requests';
import { listWallets } from '~/lib/admin/wallets';
import { fetchUser } from '~/lib/admin/users';
import { errorText } from '~/lib/db-errors';
import { useLoad } from '../shared/useLoad';
import LoadingCards from '../shared/LoadingCards';
import {
  ACTION_TEXT,
  noticeActions,
  ReviewCard,
  ReviewSection,
  withdrawalActions,
  type Pending,
} from './ReviewCard';

function Requests({ session }: { session: StaffSession }) {
  const { data: queue, reload } = useLoad(loadReviewQueue, 'Could not load the requests.');
  const { data: walletList } = useLoad(listWallets, 'Could not load the wallet names.');
  const wallets = new Map((walletList ?? []).map((w) => [w.id, w]));
  const [pending, setPending] = useState<Pending | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [noteProblem, setNoteProblem] = useState('');
  const noteId = useId();
  // Rejecting a withdrawal tells the member why, so it needs a reason.
  const noteRequired = pending?.kind === 'withdrawal' && pending.action === 'reject';

  useEffect(() => {
    let timer: number | undefined;
    const stop = watchReviewQueue(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(reload, 250);
    });
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [reload]);

  function open(next: Pending) {
    setNote('');
    setNoteProblem('');
    setPending(next);
  }

  /** The outcome toast, with the member's balances as the database now holds them (the effect). */
  async function announce(outcome: string, userId: string) {
    let balances = '';
    try {
      const member = await fetchUser(userId);
      balances = ` ${member.email}: Deposit Wallet ${formatUsd(member.deposit_wallet)}, Interest Wallet ${formatUsd(
        member.interest_wallet,
      )}, Total Deposit ${formatUsd(member.total_deposit)}, Total Withdraw ${formatUsd(member.total_withdraw)}.`;
    } catch (e) {
      balances = ` (${errorText(e, 'Could not load the member’s balances.')})`;
    }
    toast.success(`${outcome}${balances}`, { duration: 8000 });
  }

  async function submit() {
    if (!pending || busy) return;
    if (noteRequired && note.trim().length < 3) {
      setNoteProblem('Give the member a reason of 3 to 500 characters.');
      document.getElementById(noteId)?.focus();
      return;
    }
    setBusy(true);
    const { item } = pending;
    try {
      if (pending.kind === 'notice') {
        const review = await reviewDepositNotice(item.id, pending.action, note);
        setPending(null);
        if (review.credit_proposal_id) {
          // Nothing was credited yet: say who acts next, and show no balances (they did not move).
          toast.success(
            `Credit of ${formatUsd(item.amount)} to ${item.user_email} proposed (deposit notice #${item.id}). A second admin approves it on the Approvals page before the member is credited.`,
            { duration: 8000 },
          );
        } else {
          await announce(`Deposit notice ${review.status}.`, item.user_id);
        }
      } else {
        const status = await reviewWithdrawal(item.id, pending.action, note);
        setPending(null);
        await announce(`Withdrawal request ${status}.`, item.user_id);
      }
      reload();
    } catch (e) {
      toast.error(errorText(e, 'Could not save the review.'));
    } finally {
      setBusy(false);
    }
  }

  if (!queue) return <LoadingCards label="Loading requests" />;
  const walletName = (id: number) => wallets.get(id)?.wallet_name ?? `Wallet ${id}`;

  return (
    <div className="space-y-10">
      <ReviewSection headingId="notices-heading" title="Deposit notices" emptyText="No deposit notices.">
        {queue.notices.map((n) => (
          <ReviewCard
            key={n.id}
            label={`Deposit notice ${n.id} from ${n.user_email}`}
            item={n}
            walletName={walletName(n.wallet_id)}
            offer={noticeActions(n, session)}
            onChoose={(action) => open({ kind: 'notice', item: n, action })}
          >
            <p className="mt-1 text-sm break-all text-ink-800">Transaction ID: {n.tx_id}</p>
            {n.conflicting_ids.length > 0 && (
              <p className="mt-2 rounded-md border border-danger-600 px-3 py-2 text-sm font-semibold text-danger-600">
                Conflict: another member also filed this transaction ID (deposit notice{' '}
                {n.conflicting_ids.map((id) => `#${id}`).join(', ')}). Check who sent it before confirming.
              </p>
            )}
            {n.status === 'pending' && n.credit_proposal_id && (
              <p className="mt-2 text-sm font-semibold text-ink-950">
                Credit proposed — awaiting a second admin (proposal #{n.credit_proposal_id} on the Approvals
                page).
              </p>
            )}
          </ReviewCard>
        ))}
      </ReviewSection>

      <ReviewSection
        headingId="withdrawals-heading"
        title="Withdrawal requests"
        emptyText="No withdrawal requests."
      >
        {queue.withdrawals.map((w) => (
          <ReviewCard
            key={w.id}
            label={`Withdrawal request ${w.id} from ${w.user_email}`}
            item={w}
            walletName={walletName(w.wallet_id)}
            offer={withdrawalActions(w, session)}
            onChoose={(action) => open({ kind: 'withdrawal', item: w, action })}
          >
            <p className="mt-1 font-mono text-sm break-all text-ink-800">
              To: {w.destination_address}
              {w.destination_tag && ` (tag ${w.destination_tag})`}
            </p>
            {w.status === 'approved' && w.approved_by === session.userId && (
              <p className="mt-1 text-sm text-ink-800">You approved this: another admin marks it paid.</p>
            )}
          </ReviewCard>
        ))}
      </ReviewSection>

      <Dialog
        open={pending !== null}
        title={pending ? `${ACTION_TEXT[pending.action].title}: ${formatUsd(pending.item.amount)}` : ''}
        onClose={() => !busy && setPending(null)}
        size="md"
        actions={
          <>
            <button
              type="button"
              className="btn-outline-dark"
              onClick={() => setPending(null)}
              disabled={busy}
            >
              Cancel
            </button>
            <button type="button" className="btn-dark" onClick={() => void submit()} disabled={busy}>
              {pending ? ACTION_TEXT[pending.action].button : ''}
            </button>
          </>
        }
      >
        {pending && (
          <>
            <p>
              {pending.item.user_email} · {walletName(pending.item.wallet_id)}
            </p>
            <p className="mt-2 text-sm">
              {ACTION_TEXT[pending.action].effect(formatUsd(pending.item.amount))}
            </p>
            <label htmlFor={noteId} className="field-label mt-4">
              {noteRequired ? 'Reason (required, shown to the member)' : 'Note (optional)'}
            </label>
            <textarea
              id={noteId}
              className="field-input"
              rows={2}
              maxLength={500}
              value={note}
              aria-invalid={noteProblem ? true : undefined}
              aria-describedby={noteProblem ? `${noteId}-problem` : undefined}
              onChange={(e) => {
                setNote(e.target.value);
                setNoteProblem('');
              }}
              data-autofocus
            />
            {noteProblem && (
              <p id={`${noteId}-problem`} className="mt-1 text-sm text-danger-600">
                {noteProblem}
              </p>
            )}
          </>
        )}
      </Dialog>
    </div>
  );
}

export default function RequestsPage({ current }: { current: AdminPath }) {
  return (
    <AdminArea current={current} title="Requests">
      {(session) => <Requests session={session} />}
    </AdminArea>
  );
}
