import { ACCOUNT_LABELS } from '~/lib/accounts';
import { proposalChanges, type BalanceProposal } from '~/lib/admin/proposals';
import { formatUsd } from '~/lib/money';

/** "Awaiting approval" with the proposed values, under a user's row or on their card. */
export default function PendingChange({ proposal }: { proposal: BalanceProposal }) {
  return (
    <div className="rounded-md border border-accent-300 bg-accent-50 p-2 text-sm text-ink-900">
      <p className="font-semibold">
        Awaiting approval{' '}
        <span className="font-normal text-muted">
          (proposed by {proposal.proposer_email}: “{proposal.reason}”)
        </span>
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {proposalChanges(proposal).map((c) => (
          <li key={c.account} className="tabular-nums">
            {ACCOUNT_LABELS[c.account]}: {formatUsd(c.before)} → <strong>{formatUsd(c.after)}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
