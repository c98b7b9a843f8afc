import { openStaffChanges, watchStaffChanges, type StaffChange } from '~/lib/admin/staff-changes';
import type { StaffSession } from '../AdminArea';
import LiveQueue from './LiveQueue';
import StaffProposalCard from './StaffProposalCard';

/** The queue of changes other than money (addresses, roles, settings, unfreezes, returns runs, plan terms). */
export default function OtherChanges({ session }: { session: StaffSession }) {
  return (
    <LiveQueue
      load={openStaffChanges}
      watch={watchStaffChanges}
      label="Other changes awaiting approval, oldest first"
      empty="No other changes are awaiting approval."
      render={(c: StaffChange, reload) => <StaffProposalCard change={c} session={session} onDone={reload} />}
    />
  );
}
