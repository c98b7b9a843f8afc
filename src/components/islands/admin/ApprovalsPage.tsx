import { Suspense, useEffect } from 'react';
import { pendingTransfers, watchTransfers, type PendingTransfer } from '~/lib/admin/transfers';
import AdminArea, { type AdminPath } from './AdminArea';
import LiveQueue from './approvals/LiveQueue';
import LoadingCards from '../shared/LoadingCards';
import { lazyPart } from '../shared/lazyPart';

// The cards load with the page's data, not before it: their code (how every kind of proposal reads,
// the settings form) stays out of the page's first load (tests/budgets.json). The money queue's card
// is fetched as the page mounts, alongside the queue's first read; the two sections below load right
// after, each in the place its loading cards keep for it.
const loadTransferCard = () => import('./approvals/PendingTransferCard');
const PendingTransferCard = lazyPart(loadTransferCard, 'item');
const OtherChanges = lazyPart(() => import('./approvals/OtherChanges'));
const SettingsPanel = lazyPart(() => import('./approvals/SettingsPanel'));

const loadPending = () => pendingTransfers();

export default function ApprovalsPage({ current }: { current: AdminPath }) {
  useEffect(() => void loadTransferCard().catch(() => undefined), []);
  return (
    <AdminArea current={current} title="Approvals">
      {(session) =>
        session.can.readMoney ? (
          <div className="space-y-10">
            <section aria-labelledby="approvals-transfers" className="space-y-4">
              <h2 id="approvals-transfers" className="text-xl text-ink-950">
                Credits, debits, deposits and members’ instructions
              </h2>
              <p className="text-sm text-muted">
                Pending transfers: nothing moves in the member’s accounts until a second finance admin or
                owner approves. Rejecting or letting one expire voids it. A member’s instruction on a plan (an
                investment or a redemption) is the first pair of eyes: any finance admin or owner accepts it,
                or declines it with a reason the member reads.
              </p>
              <Suspense fallback={<LoadingCards label="Loading proposals" />}>
                <LiveQueue
                  load={loadPending}
                  watch={watchTransfers}
                  label="Transfers awaiting approval, oldest first"
                  empty="No transfers are awaiting approval."
                  render={(t: PendingTransfer, reload) => (
                    <PendingTransferCard transfer={t} session={session} onDone={reload} />
                  )}
                />
              </Suspense>
            </section>
            <section aria-labelledby="approvals-other" className="space-y-4">
              <h2 id="approvals-other" className="text-xl text-ink-950">
                Addresses, roles, settings, unfreezes, returns runs and plan terms
              </h2>
              <Suspense fallback={<LoadingCards label="Loading proposals" />}>
                <OtherChanges session={session} />
              </Suspense>
            </section>
            <section aria-labelledby="approvals-settings" className="space-y-4">
              <h2 id="approvals-settings" className="text-xl text-ink-950">
                Firm settings
              </h2>
              <Suspense fallback={<LoadingCards label="Loading settings" />}>
                <SettingsPanel session={session} />
              </Suspense>
            </section>
          </div>
        ) : (
          <p className="text-muted">Your role does not handle money, so there is nothing to approve here.</p>
        )
      }
    </AdminArea>
  );
}
