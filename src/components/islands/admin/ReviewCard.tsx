import type { ReactNode } from 'react';
import type {
  DepositNotice,
  NoticeDecision,
  WithdrawalAction,
  WithdrawalRequest,
  WithdrawalStatus,
} from '~/lib/admin/requests';
import { isOwnAccount } from '~/lib/admin/staff';
import { formatDateTime } from './format';
import OwnAccountNote from './OwnAccountNote';
import type { StaffSession } from './AdminArea';

/* The review queue's parts: one card per notice or request, its status badge and the actions its
   status allows, and the words each action's confirmation uses. */

export type Pending =
  | { kind: 'notice'; item: DepositNotice; action: NoticeDecision }
  | { kind: 'withdrawal'; item: WithdrawalRequest; action: WithdrawalAction };

export const ACTION_TEXT: Record<
  NoticeDecision | WithdrawalAction,
  { button: string; title: string; effect: (amount: string, account: string) => string }
> = {
  confirm: {
    button: 'Confirm',
    title: 'Confirm deposit',
    effect: () =>
      "Enter the rate and the USD value it gives. This proposes crediting that value to the member's Deposit Wallet: a second finance admin or owner approves it on the Approvals page, and only then is it credited (recorded in the ledger).",
  },
  reject: {
    button: 'Reject',
    title: 'Reject',
    effect: () => 'No balance changes. A withdrawal’s reserved amount is released.',
  },
  approve: {
    button: 'Approve',
    title: 'Approve withdrawal',
    effect: () => 'No balance changes yet: the amount stays reserved until paid.',
  },
  pay: {
    button: 'Mark paid',
    title: 'Mark withdrawal paid',
    effect: (a, account) =>
      `Pays out the ${a} reserved in the member's ${account}: record what was sent. The withdrawal is posted (recorded in the ledger) and counts in Total Withdraw.`,
  },
};

export const STATUS_STYLE: Record<string, string> = {
  pending: 'bg-accent-300/40 text-ink-950',
  valued: 'bg-mist-200 text-ink-950',
  approved: 'bg-mist-200 text-ink-950',
  confirmed: 'bg-success-600 text-white',
  paid: 'bg-success-600 text-white',
  rejected: 'bg-danger-600 text-white',
};

/** A deposit notice's states in the words staff and the member share ("confirmed" is credited). */
export const NOTICE_STATUS_LABELS: Record<string, string> = {
  pending: 'pending',
  valued: 'valued',
  confirmed: 'credited',
  rejected: 'rejected',
};

export function Status({ status, label }: { status: string; label?: string | undefined }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLE[status] ?? 'bg-mist-200'}`}
    >
      {label ?? status}
    </span>
  );
}

/** What a card offers this admin; `ownAccount`: there would be actions, but the member is the admin. */
export interface Offer<A> {
  actions: readonly A[];
  ownAccount: boolean;
}

/** Staff never act on their own money: what the status and role allow is withheld on one's own item. */
function offer<A>(allowed: readonly A[], item: { user_id: string }, session: StaffSession): Offer<A> {
  const ownAccount = allowed.length > 0 && isOwnAccount(item.user_id, session.userId);
  return { actions: ownAccount ? [] : allowed, ownAccount };
}

export const NOTICE_ACTIONS: readonly NoticeDecision[] = ['confirm', 'reject'];

/**
 * A pending notice is confirmed (valued: its credit proposed) or rejected. A valued one waits for a
 * second admin on the Approvals page (approve, or reject, which sends it back to pending); a
 * credited or rejected one offers nothing.
 */
export function noticeActions(n: DepositNotice, session: StaffSession): Offer<NoticeDecision> {
  if (n.status !== 'pending' || !session.can.moveMoney) return offer([], n, session);
  return offer(NOTICE_ACTIONS, n, session);
}

// Four eyes: a pending withdrawal is approved first, then marked paid by another admin; a decided
// one offers nothing.
export const WITHDRAWAL_ACTIONS: Record<WithdrawalStatus, readonly WithdrawalAction[]> = {
  pending: ['approve', 'reject'],
  approved: ['pay', 'reject'],
  paid: [],
  rejected: [],
  cancelled: [],
};

/**
 * What this admin may do with a request: nothing without the money role, no paying what they
 * approved, nothing on their own.
 */
export function withdrawalActions(w: WithdrawalRequest, session: StaffSession): Offer<WithdrawalAction> {
  if (!session.can.moveMoney) return offer([], w, session);
  return offer(
    WITHDRAWAL_ACTIONS[w.status].filter((a) => a !== 'pay' || w.approved_by !== session.userId),
    w,
    session,
  );
}

export function ReviewSection({
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

export interface ReviewCardProps<A extends NoticeDecision | WithdrawalAction> {
  /** The article's accessible name. */
  label: string;
  item: DepositNotice | WithdrawalRequest;
  /** The heading line: amount or quantity, wallet and member. */
  title: string;
  /** What sets this kind apart (transaction ID, destination). */
  children: ReactNode;
  offer: Offer<A>;
  onChoose: (action: A) => void;
}

export function ReviewCard<A extends NoticeDecision | WithdrawalAction>({
  label,
  item,
  title,
  children,
  offer: { actions, ownAccount },
  onChoose,
}: ReviewCardProps<A>) {
  const paidAt = 'paid_at' in item ? item.paid_at : null;
  return (
    <li className="card p-4 sm:p-5">
      <article aria-label={label}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 font-semibold break-words text-ink-950">{title}</p>
          <Status
            status={item.status}
            label={'tx_id' in item ? NOTICE_STATUS_LABELS[item.status] : undefined}
          />
        </div>
        {children}
        <p className="mt-1 text-sm text-muted">
          Filed <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
          {item.reviewed_at &&
            ` · reviewed by ${item.reviewer_email ?? 'an admin'} on ${formatDateTime(item.reviewed_at)}`}
          {paidAt && ` · paid ${formatDateTime(paidAt)}`}
          {item.review_note && ` · note: ${item.review_note}`}
        </p>
        {ownAccount && <OwnAccountNote className="mt-3" />}
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
