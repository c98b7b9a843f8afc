import { openProposals, watchProposals, type BalanceProposal } from '~/lib/admin/proposals';
import { openStaffChanges, watchStaffChanges, type StaffChange } from '~/lib/admin/staff-changes';
import AdminArea, { type AdminPath } from './AdminArea';
import BalanceProposalCard from './approvals/BalanceProposalCard';
import LiveQueue from './approvals/LiveQueue';
import SettingsPanel from './approvals/SettingsPanel';
import StaffProposalCard from './approvals/StaffProposalCard';

export default function ApprovalsPage({ current }: { current: AdminPath }) {
  return (
    <AdminArea current={current} title="Approvals">
      {(session) =>
        session.can.readMoney ? (
          <div className="space-y-10">
            <section aria-labelledby="approvals-balances" className="space-y-4">
              <h2 id="approvals-balances" className="text-xl text-ink-950">
                Balance changes
              </h2>
              <LiveQueue
                load={openProposals}
                watch={watchProposals}
                label="Balance changes awaiting approval, oldest first"
                empty="No balance changes are awaiting approval."
                render={(p: BalanceProposal, reload) => (
                  <BalanceProposalCard proposal={p} session={session} onDone={reload} />
                )}
              />
            </section>
            <section aria-labelledby="approvals-other" className="space-y-4">
              <h2 id="approvals-other" className="text-xl text-ink-950">
                Addresses, roles, settings, unfreezes and deposit credits
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
