import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import AdminArea, { type AdminPath } from './AdminArea';
import Dialog from '~/components/islands/shared/Dialog';
import { formatUsd } from '~/lib/money';
import {
  loadReviewQueue,
  reviewDepositNotice,
  reviewWithdrawal,
  watchReviewQueue,
  type DepositNotice,
  type NoticeDecision,
  type WithdrawalAction,
  type WithdrawalRequest,
} from '~/lib/admin/requests';
import { listWallets } from '~/lib/admin/wallets';
import { fetchUser } from '~/lib/admin/users';
import { errorText, formatDateTime } from './format';
import { useLoad } from './useLoad';

type Pending =
  | { kind: 'notice'; item: DepositNotice; action: NoticeDecision }
  | { kind: 'withdrawal'; item: WithdrawalRequest; action: WithdrawalAction };

const ACTION_TEXT: Record<
  NoticeDecision | WithdrawalAction,
  { button: string; title: string; effect: (amount: string) => string }
> = {
  confirm: {
    button: 'Confirm',
    title: 'Confirm deposit',
    effect: (a) => `Credits ${a} to the member's Deposit Wallet and Total Deposit (recorded in the ledger).`,
  },
  reject: {
    button: 'Reject',
    title: 'Reject',
    effect: () => 'No balance changes. A withdrawal hold is released.',
  },
  approve: {
    button: 'Approve',
    title: 'Approve withdrawal',
    effect: () => 'No balance changes yet: the amount stays held until paid.',
  },
  pay: {
    button: 'Mark paid',
    title: 'Mark withdrawal paid',
    effect: (a) =>
      `Debits ${a} from the member's Interest Wallet and adds it to Total Withdraw (recorded in the ledger).`,
  },
};

const STATUS_STYLE: Record<string, string> = {
  pending: 'bg-accent-300/40 text-ink-950',
  approved: 'bg-mist-200 text-ink-950',
  confirmed: 'bg-success-600 text-white',
  paid: 'bg-success-600 text-white',
  rejected: 'bg-danger-600 text-white',
};

function Status({ status }: { status: string }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLE[status] ?? 'bg-mist-200'}`}
    >
      {status}
    </span>
  );
}

function Requests() {
  const { data: queue, reload } = useLoad(loadReviewQueue, 'Could not load the requests.');
  const { data: walletList } = useLoad(listWallets, 'Could not load the wallet names.');
  const wallets = new Map((walletList ?? []).map((w) => [w.id, w]));
  const [pending, setPending] = useState<Pending | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const noteId = useId();

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
    setPending(next);
  }

  async function submit() {
    if (!pending || busy) return;
    setBusy(true);
    const { item } = pending;
    try {
      const status =
        pending.kind === 'notice'
          ? await reviewDepositNotice(item.id, pending.action, note)
          : await reviewWithdrawal(item.id, pending.action, note);
      setPending(null);
      // Show the effect: the member's balances as the database now holds them.
      let balances = '';
      try {
        const member = await fetchUser(item.user_id);
        balances = ` ${member.email}: Deposit Wallet ${formatUsd(member.deposit_wallet)}, Interest Wallet ${formatUsd(
          member.interest_wallet,
        )}, Total Deposit ${formatUsd(member.total_deposit)}, Total Withdraw ${formatUsd(member.total_withdraw)}.`;
      } catch (e) {
        balances = ` (${errorText(e, 'Could not load the member’s balances.')})`;
      }
      toast.success(
        `${pending.kind === 'notice' ? 'Deposit notice' : 'Withdrawal request'} ${status}.${balances}`,
        {
          duration: 8000,
        },
      );
      reload();
    } catch (e) {
      toast.error(errorText(e, 'Could not save the review.'));
    } finally {
      setBusy(false);
    }
  }

  if (!queue) return <p className="text-muted">Loading requests…</p>;
  const walletName = (id: number) => wallets.get(id)?.wallet_name ?? `Wallet ${id}`;

  return (
    <div className="space-y-10">
      <section aria-labelledby="notices-heading">
        <h2 id="notices-heading" className="text-xl text-ink-950">
          Deposit notices
        </h2>
        {queue.notices.length === 0 && <p className="mt-3 text-muted">No deposit notices.</p>}
        <ul className="mt-4 space-y-3">
          {queue.notices.map((n) => (
            <li key={n.id} className="card p-4 sm:p-5">
              <article aria-label={`Deposit notice ${n.id} from ${n.user_email}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold break-all text-ink-950">
                    {formatUsd(n.amount)} · {walletName(n.wallet_id)} · {n.user_email}
                  </p>
                  <Status status={n.status} />
                </div>
                <p className="mt-1 text-sm break-all text-ink-800">Transaction ID: {n.tx_id}</p>
                <p className="mt-1 text-sm text-muted">
                  Filed <time dateTime={n.created_at}>{formatDateTime(n.created_at)}</time>
                  {n.reviewed_at &&
                    ` · reviewed by ${n.reviewer_email ?? 'an admin'} on ${formatDateTime(n.reviewed_at)}`}
                  {n.review_note && ` · note: ${n.review_note}`}
                </p>
                {n.status === 'pending' && (
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn-dark"
                      onClick={() => open({ kind: 'notice', item: n, action: 'confirm' })}
                    >
                      Confirm
                    </button>
                    <button
                      type="button"
                      className="btn-outline-dark"
                      onClick={() => open({ kind: 'notice', item: n, action: 'reject' })}
                    >
                      Reject
                    </button>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="withdrawals-heading">
        <h2 id="withdrawals-heading" className="text-xl text-ink-950">
          Withdrawal requests
        </h2>
        {queue.withdrawals.length === 0 && <p className="mt-3 text-muted">No withdrawal requests.</p>}
        <ul className="mt-4 space-y-3">
          {queue.withdrawals.map((w) => (
            <li key={w.id} className="card p-4 sm:p-5">
              <article aria-label={`Withdrawal request ${w.id} from ${w.user_email}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold break-all text-ink-950">
                    {formatUsd(w.amount)} · {walletName(w.wallet_id)} · {w.user_email}
                  </p>
                  <Status status={w.status} />
                </div>
                <p className="mt-1 font-mono text-sm break-all text-ink-800">
                  To: {w.destination_address}
                  {w.destination_tag && ` (tag ${w.destination_tag})`}
                </p>
                <p className="mt-1 text-sm text-muted">
                  Filed <time dateTime={w.created_at}>{formatDateTime(w.created_at)}</time>
                  {w.reviewed_at &&
                    ` · reviewed by ${w.reviewer_email ?? 'an admin'} on ${formatDateTime(w.reviewed_at)}`}
                  {w.paid_at && ` · paid ${formatDateTime(w.paid_at)}`}
                  {w.review_note && ` · note: ${w.review_note}`}
                </p>
                {(w.status === 'pending' || w.status === 'approved') && (
                  <div className="mt-3 flex flex-wrap gap-2">
                    {w.status === 'pending' && (
                      <button
                        type="button"
                        className="btn-dark"
                        onClick={() => open({ kind: 'withdrawal', item: w, action: 'approve' })}
                      >
                        Approve
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn-dark"
                      onClick={() => open({ kind: 'withdrawal', item: w, action: 'pay' })}
                    >
                      Mark paid
                    </button>
                    <button
                      type="button"
                      className="btn-outline-dark"
                      onClick={() => open({ kind: 'withdrawal', item: w, action: 'reject' })}
                    >
                      Reject
                    </button>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      </section>

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
              Note (optional)
            </label>
            <textarea
              id={noteId}
              className="field-input"
              rows={2}
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              data-autofocus
            />
          </>
        )}
      </Dialog>
    </div>
  );
}

export default function RequestsPage({ current }: { current: AdminPath }) {
  return (
    <AdminArea current={current} title="Requests">
      {() => <Requests />}
    </AdminArea>
  );
}
