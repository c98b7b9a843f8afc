import { useEffect, useId, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import AdminArea, { type AdminPath, type StaffSession } from './AdminArea';
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
  type WithdrawalStatus,
} from '~/lib/admin/requests';
import { listWallets } from '~/lib/admin/wallets';
import { fetchUser } from '~/lib/admin/users';
import { formatDateTime } from './format';
import { errorText } from '~/lib/db-errors';
import { useLoad } from '../shared/useLoad';
import LoadingCards from '../shared/LoadingCards';

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

const NOTICE_ACTIONS: readonly NoticeDecision[] = ['confirm', 'reject'];

// Four eyes: a pending withdrawal is approved first, then marked paid by another admin; a decided
// one offers nothing.
const WITHDRAWAL_ACTIONS: Record<WithdrawalStatus, readonly WithdrawalAction[]> = {
  pending: ['approve', 'reject'],
  approved: ['pay', 'reject'],
  paid: [],
  rejected: [],
};

/** What this admin may do with a request: nothing without the money role, no paying what they approved. */
function withdrawalActions(w: WithdrawalRequest, session: StaffSession): readonly WithdrawalAction[] {
  if (!session.can.moveMoney) return [];
  return WITHDRAWAL_ACTIONS[w.status].filter((a) => a !== 'pay' || w.approved_by !== session.userId);
}

function ReviewSection({
  headingId,
  title,
  emptyText,
  children,
}: {
  headingId: string;
  title: string;
  emptyText: string;
  children: ReactNode[];
}) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl text-ink-950">
        {title}
      </h2>
      {children.length === 0 && <p className="mt-3 text-muted">{emptyText}</p>}
      <ul className="mt-4 space-y-3">{children}</ul>
    </section>
  );
}

interface ReviewCardProps<A extends NoticeDecision | WithdrawalAction> {
  /** The article's accessible name. */
  label: string;
  item: DepositNotice | WithdrawalRequest;
  walletName: string;
  /** What sets this kind apart (transaction ID, destination). */
  children: ReactNode;
  actions: readonly A[];
  onChoose: (action: A) => void;
}

function ReviewCard<A extends NoticeDecision | WithdrawalAction>({
  label,
  item,
  walletName,
  children,
  actions,
  onChoose,
}: ReviewCardProps<A>) {
  const paidAt = 'paid_at' in item ? item.paid_at : null;
  return (
    <li className="card p-4 sm:p-5">
      <article aria-label={label}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold break-all text-ink-950">
            {formatUsd(item.amount)} · {walletName} · {item.user_email}
          </p>
          <Status status={item.status} />
        </div>
        {children}
        <p className="mt-1 text-sm text-muted">
          Filed <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
          {item.reviewed_at &&
            ` · reviewed by ${item.reviewer_email ?? 'an admin'} on ${formatDateTime(item.reviewed_at)}`}
          {paidAt && ` · paid ${formatDateTime(paidAt)}`}
          {item.review_note && ` · note: ${item.review_note}`}
        </p>
        {actions.length > 0 && (
          <div className="mt-3 flex flex-wrap gap-2">
            {actions.map((action) => (
              <button
                key={action}
                type="button"
                className={action === 'reject' ? 'btn-outline-dark' : 'btn-dark'}
                onClick={() => onChoose(action)}
              >
                {ACTION_TEXT[action].button}
              </button>
            ))}
          </div>
        )}
      </article>
    </li>
  );
}

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
            actions={n.status === 'pending' && session.can.moveMoney ? NOTICE_ACTIONS : []}
            onChoose={(action) => open({ kind: 'notice', item: n, action })}
          >
            <p className="mt-1 text-sm break-all text-ink-800">Transaction ID: {n.tx_id}</p>
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
            actions={withdrawalActions(w, session)}
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
