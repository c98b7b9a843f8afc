import { describeStaffChange, type StaffChange } from '~/lib/admin/staff-changes';
import AwaitingBox from './AwaitingBox';

/** "Awaiting approval" with what an open proposal changes, where the thing it changes is shown. */
export default function AwaitingChange({ change }: { change: StaffChange }) {
  return (
    <AwaitingBox by={change.proposer_email} reason={change.reason}>
      <ul className="mt-1 space-y-1 [overflow-wrap:anywhere]">
        {describeStaffChange(change).rows.map((r) => (
          <li key={r.field}>
            {r.field}: {r.now} → <strong>{r.proposed}</strong>
          </li>
        ))}
      </ul>
    </AwaitingBox>
  );
}
