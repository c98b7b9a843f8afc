import {
  approveProposal,
  rejectProposal,
  withdrawProposal,
  type BalanceProposal,
} from '~/lib/admin/proposals';
import { isOwnAccount } from '~/lib/admin/staff';
import type { StaffSession } from '../AdminArea';
import BalanceChanges from './BalanceChanges';
import DecisionActions from './DecisionActions';
import ProposalHeader from './ProposalHeader';

/** One open balance proposal: the difference, who asked and why, and what this admin may do with it. */
export default function BalanceProposalCard({
  proposal,
  session,
  onDone,
}: {
  proposal: BalanceProposal;
  session: StaffSession;
  onDone: () => void;
}) {
  const mine = proposal.proposed_by === session.userId;
  const member = proposal.member_name || proposal.member_email;
  return (
    <li className="card p-5">
      <article aria-label={`Proposal #${proposal.id} for ${member}`}>
        <ProposalHeader
          title={
            <>
              {member} <span className="font-normal text-muted">&lt;{proposal.member_email}&gt;</span>
            </>
          }
          id={proposal.id}
          proposer={mine ? 'you' : proposal.proposer_email}
          proposedAt={proposal.proposed_at}
          expiresAt={proposal.expires_at}
        />
        <BalanceChanges proposal={proposal} />
        <p className="mt-3 text-sm break-words text-ink-800">Reason: {proposal.reason}</p>
        <DecisionActions
          mine={mine}
          mayDecide={session.can.moveMoney}
          ownAccount={isOwnAccount(proposal.user_id, session.userId)}
          expired={false}
          subject={`the change to ${member}'s balances`}
          approved={`Approved: ${member}'s balances are updated.`}
          approve={() => approveProposal(proposal.id)}
          reject={(reason) => rejectProposal(proposal.id, reason)}
          withdraw={() => withdrawProposal(proposal.id)}
          onDone={onDone}
        />
      </article>
    </li>
  );
}
