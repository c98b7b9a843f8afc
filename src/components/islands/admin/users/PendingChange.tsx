import { ACCOUNT_LABELS } from '~/lib/accounts';
import { proposalChanges, type BalanceProposal } from '~/lib/admin/proposals';
import { formatUsd } from '~/lib/money';
import AwaitingBox from '../AwaitingBox';

/** "Awaiting approval" with the proposed values, under a user's row or on their card. */
export default function PendingChange({ proposal }: { proposal: BalanceProposal }) {
  return (
    <AwaitingBox by={proposal.proposer_email} reason={proposal.reason}>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {proposalChanges(proposal).map((c) => (
          <li key={c.account} className="tabular-nums">
            {ACCOUNT_LABELS[c.account]}: {formatUsd(c.before)} → <strong>{formatUsd(c.after)}</strong>
          </li>
        ))}
      </ul>
    </AwaitingBox>
  );
}
