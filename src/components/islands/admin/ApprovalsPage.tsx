import { pendingTransfers, watchTransfers, type PendingTransfer } from '~/lib/admin/transfers';
import { openStaffChanges, watchStaffChanges, type StaffChange } from '~/lib/admin/staff-changes';
import AdminArea, { type AdminPath } from './AdminArea';
import LiveQueue from './approvals/LiveQueue';
import PendingTransferCard from './approvals/PendingTransferCard';
import SettingsPanel from './approvals/SettingsPanel';
import StaffProposalCard from './approvals/StaffProposalCard';

const loadPending = () => pendingTransfers();

export default function ApprovalsPage({ current }: { current: AdminPath }) {
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
              <LiveQueue
                load={loadPending}
                watch={watchTransfers}
                label="Transfers awaiting approval, oldest first"
                empty="No transfers are awaiting approval."
                render={(t: PendingTransfer, reload) => (
                  <PendingTransferCard transfer={t} session={session} onDone={reload} />
                )}
              />
            </section>
            <section aria-labelledby="approvals-other" className="space-y-4">
              <h2 id="approvals-other" className="text-xl text-ink-950">
                Addresses, roles, settings, unfreezes, returns runs and plan terms
              </h2>
              <LiveQueue
                load={openStaffChanges}
                watch={watchStaffChanges}
                label="Other changes awaiting approval, oldest first"
                empty="No other changes are awaiting approval."
                render={(c: StaffChange, reload) => (
                  <StaffProposalCard change={c} session={session} onDone={reload} />
                )}
              />
            </section>
            <section aria-labelledby="approvals-settings" className="space-y-4">
              <h2 id="approvals-settings" className="text-xl text-ink-950">
                Firm settings
              </h2>
              <SettingsPanel session={session} />
            </section>
          </div>
        ) : (
          <p className="text-muted">Your role does not handle money, so there is nothing to approve here.</p>
        )
      }
    </AdminArea>
  );
}
