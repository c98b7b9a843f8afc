import { Suspense, useEffect, useState } from 'react';
import { lazyPart } from '../shared/lazyPart';
import AdminArea, { type AdminPath, type StaffSession } from './AdminArea';
import { loadReviewQueue, watchReviewQueue } from '~/lib/admin/requests';
import { listWallets } from '~/lib/admin/wallets';
import { useLoad } from '../shared/useLoad';
import LoadingCards from '../shared/LoadingCards';
import { noticeActions, ReviewCard, ReviewSection, withdrawalActions, type Pending } from './ReviewCard';
import { REVIEW_TEXT, noticeTitle, withdrawalTitle } from './requests/review-rules';

// The review dialog (its fields and checks) loads on the first action, not with the page.
const ReviewDialog = lazyPart(() => import('./requests/ReviewDialog'), 'dialog');

function Requests({ session }: { session: StaffSession }) {
  const { data: queue, reload } = useLoad(loadReviewQueue, 'Could not load the requests.');
  const { data: walletList } = useLoad(listWallets, 'Could not load the wallet names.');
  const wallets = new Map((walletList ?? []).map((w) => [w.id, w]));
  const [pending, setPending] = useState<Pending | null>(null);

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

  if (!queue) return <LoadingCards label="Loading requests" />;
  const walletName = (id: number) => wallets.get(id)?.wallet_name ?? `Wallet ${id}`;
  /** A withdrawal records nothing of its asset until paid: the wallet's asset is what is sent. */
  const walletAsset = (id: number) => wallets.get(id)?.asset ?? '';

  return (
    <div className="space-y-10">
      <ReviewSection headingId="notices-heading" title="Deposit notices" emptyText="No deposit notices.">
        {queue.notices.map((n) => (
          <ReviewCard
            key={n.id}
            label={`Deposit notice ${n.id} from ${n.user_email}`}
            item={n}
            title={noticeTitle(n, walletName(n.wallet_id))}
            offer={noticeActions(n, session)}
            onChoose={(action) => setPending({ kind: 'notice', item: n, action })}
          >
            <p className="mt-1 text-sm break-all text-ink-800">Transaction ID: {n.tx_id}</p>
            {n.conflicting_ids.length > 0 && (
              <p className="mt-2 rounded-md border border-danger-600 px-3 py-2 text-sm font-semibold text-danger-600">
                Conflict: another member also filed this transaction ID (deposit notice{' '}
                {n.conflicting_ids.map((id) => `#${id}`).join(', ')}). Check who sent it before confirming.
              </p>
            )}
            {n.amount && n.rate && (
              <p className="mt-1 text-sm text-ink-800">
                {REVIEW_TEXT.valuedAt(n)}
                {n.rate_source && ` · ${n.rate_source}`}
              </p>
            )}
            {n.status === 'confirmed' && n.credited_amount && (
              <p className="mt-1 text-sm text-ink-800">{REVIEW_TEXT.credited(n.credited_amount)}</p>
            )}
            {n.status === 'valued' && (
              <div className="mt-2 text-sm text-ink-950">
                <p className="font-semibold">{REVIEW_TEXT.awaitingSecond}</p>
                <p>{REVIEW_TEXT.awaitingSecondDetail(n.transfer_id)}</p>
              </div>
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
            title={withdrawalTitle(w, walletName(w.wallet_id))}
            offer={withdrawalActions(w, session)}
            onChoose={(action) =>
              setPending({
                kind: 'withdrawal',
                item: { ...w, asset: w.asset || walletAsset(w.wallet_id) },
                action,
              })
            }
          >
            {w.account && <p className="mt-1 text-sm text-ink-800">{REVIEW_TEXT.fromAccount(w.account)}</p>}
            <p className="mt-1 font-mono text-sm break-all text-ink-800">
              To: {w.destination_address}
              {w.destination_tag && ` (tag ${w.destination_tag})`}
            </p>
            {w.status === 'paid' && w.quantity && (
              <p className="mt-1 text-sm text-ink-800">{REVIEW_TEXT.paid(w)}</p>
            )}
            {w.status === 'approved' && w.approved_by === session.userId && (
              <p className="mt-1 text-sm text-ink-800">You approved this: another admin marks it paid.</p>
            )}
          </ReviewCard>
        ))}
      </ReviewSection>

      {pending && (
        <Suspense fallback={null}>
          <ReviewDialog
            pending={pending}
            walletName={walletName(pending.item.wallet_id)}
            onClose={() => setPending(null)}
            onDone={() => {
              setPending(null);
              reload();
            }}
          />
        </Suspense>
      )}
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
