import {
  approveStaffChange,
  describeStaffChange,
  mayDecide,
  rejectStaffChange,
  withdrawStaffChange,
  type StaffChange,
} from '~/lib/admin/staff-changes';
import { isOwnAccount } from '~/lib/admin/staff';
import { staffChangeMember } from '~/lib/admin/staff-changes';
import type { StaffSession } from '../AdminArea';
import DecisionActions from './DecisionActions';
import ProposalHeader from './ProposalHeader';

/** One open proposal for an address, a role, the settings or an unfreeze: old → new, and the actions. */
export default function StaffProposalCard({
  change,
  session,
  onDone,
}: {
  change: StaffChange;
  session: StaffSession;
  onDone: () => void;
}) {
  const mine = change.proposed_by === session.userId;
  const { title, rows } = describeStaffChange(change);
  return (
    <li className="card p-5">
      <article aria-label={`Proposal #${change.id}: ${title}`}>
        <ProposalHeader
          title={title}
          id={change.id}
          proposer={mine ? 'you' : change.proposer_email}
          proposedAt={change.proposed_at}
          expiresAt={change.expires_at}
          expired={change.expired}
        />
        <dl className="mt-3 space-y-2 text-sm [overflow-wrap:anywhere]">
          {rows.map((r) => (
            <div key={r.field}>
              <dt className="text-muted">{r.field}</dt>
              <dd className="font-mono text-ink-800">
                {r.now} → <strong className="text-ink-950">{r.proposed}</strong>
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm break-words text-ink-800">Reason: {change.reason}</p>
        <DecisionActions
          mine={mine}
          mayDecide={mayDecide(change.kind, session.can)}
          ownAccount={isOwnAccount(staffChangeMember(change), session.userId)}
          expired={change.expired}
          subject={`the proposal "${title}"`}
          approved={`Approved: ${title}.`}
          approve={() => approveStaffChange(change.id)}
          reject={(reason) => rejectStaffChange(change.id, reason)}
          withdraw={() => withdrawStaffChange(change.id)}
          onDone={onDone}
        />
      </article>
    </li>
  );
}
