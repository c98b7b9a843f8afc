import { useEffect, useId, useState } from 'react';
import toast from '~/lib/toast';
import { ACCOUNT_LABELS } from '~/lib/accounts';
import {
  approveProposal,
  openProposals,
  proposalChanges,
  rejectProposal,
  watchProposals,
  withdrawProposal,
  type BalanceProposal,
} from '~/lib/admin/proposals';
import { errorText } from '~/lib/db-errors';
import { formatUsd } from '~/lib/money';
import AdminArea, { type AdminPath, type StaffSession } from './AdminArea';
import { formatDateTime } from './format';
import LoadingCards from '../shared/LoadingCards';
import { useLoad } from '../shared/useLoad';

/** One open proposal: the difference, who asked and why, and what this admin may do with it. */
function ProposalCard({
  proposal,
  session,
  onDone,
}: {
  proposal: BalanceProposal;
  session: StaffSession;
  onDone: () => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const mine = proposal.proposed_by === session.userId;
  const member = proposal.member_name || proposal.member_email;

  async function act(run: () => Promise<void>, done: string, failure: string) {
    setBusy(true);
    try {
      await run();
      toast.success(done);
      onDone();
    } catch (error) {
      toast.error(errorText(error, failure));
      setBusy(false);
    }
  }

  function reject() {
    if (reason.trim().length < 3) {
      setProblem('Give a reason of 3 to 500 characters.');
      document.getElementById(reasonId)?.focus();
      return;
    }
    void act(
      () => rejectProposal(proposal.id, reason),
      `Rejected the change to ${member}'s balances.`,
      'Could not reject the change.',
    );
  }

  return (
    <li className="card p-5">
      <article aria-label={`Proposal #${proposal.id} for ${member}`}>
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-sans text-base font-semibold break-all text-ink-950">
            {member} <span className="font-normal text-muted">&lt;{proposal.member_email}&gt;</span>
          </h2>
          <p className="text-sm text-muted">
            #{proposal.id} · proposed by {mine ? 'you' : proposal.proposer_email} ·{' '}
            <time dateTime={proposal.proposed_at}>{formatDateTime(proposal.proposed_at)}</time> · expires{' '}
            <time dateTime={proposal.expires_at}>{formatDateTime(proposal.expires_at)}</time>
          </p>
        </header>
        <table className="mt-3 w-full table-fixed text-left text-sm [overflow-wrap:anywhere]">
          <caption className="sr-only">Balances this proposal changes</caption>
          <thead>
            <tr className="text-muted">
              <th scope="col" className="py-1 font-normal">
                Balance
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Now
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Proposed
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {proposalChanges(proposal).map((c) => {
              const cents = Math.round(Number(c.after) * 100) - Math.round(Number(c.before) * 100);
              const difference = `${cents >= 0 ? '+' : '−'}${formatUsd((Math.abs(cents) / 100).toFixed(2))}`;
              return (
                <tr key={c.account} className="border-t border-mist-100 tabular-nums">
                  <th scope="row" className="py-1 font-medium">
                    {ACCOUNT_LABELS[c.account]}
                  </th>
                  <td className="py-1 text-right">{formatUsd(c.before)}</td>
                  <td className="py-1 text-right font-semibold">{formatUsd(c.after)}</td>
                  <td className={`py-1 text-right ${cents >= 0 ? 'text-success-600' : 'text-danger-600'}`}>
                    {difference}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="mt-3 text-sm break-words text-ink-800">Reason: {proposal.reason}</p>
        {session.can.moveMoney && (
          <div className="mt-4 flex flex-wrap items-end gap-2">
            {mine ? (
              <>
                <p className="text-sm text-muted">You proposed this: another admin approves it.</p>
                <button
                  type="button"
                  className="btn-outline-dark"
                  disabled={busy}
                  onClick={() =>
                    void act(
                      () => withdrawProposal(proposal.id),
                      `Withdrew your change to ${member}'s balances.`,
                      'Could not withdraw the change.',
                    )
                  }
                >
                  Withdraw
                </button>
              </>
            ) : rejecting ? (
              <>
                <div className="min-w-0 flex-1">
                  <label htmlFor={reasonId} className="field-label">
                    Reason for rejecting
                  </label>
                  <input
                    id={reasonId}
                    className="field-input mt-1"
                    value={reason}
                    maxLength={500}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${reasonId}-problem` : undefined}
                    onChange={(e) => {
                      setReason(e.target.value);
                      setProblem('');
                    }}
                  />
                  {problem && (
                    <p id={`${reasonId}-problem`} className="mt-1 text-sm text-danger-600">
                      {problem}
                    </p>
                  )}
                </div>
                <button type="button" className="btn-dark" disabled={busy} onClick={reject}>
                  Reject
                </button>
                <button
                  type="button"
                  className="btn-outline-dark"
                  disabled={busy}
                  onClick={() => setRejecting(false)}
                >
                  Cancel
                </button>
              </>
            ) : (
              <>
                <button
                  type="button"
                  className="btn-dark"
                  disabled={busy}
                  onClick={() =>
                    void act(
                      () => approveProposal(proposal.id),
                      `Approved: ${member}'s balances are updated.`,
                      'Could not approve the change.',
                    )
                  }
                >
                  Approve
                </button>
                <button
                  type="button"
                  className="btn-outline-dark"
                  disabled={busy}
                  onClick={() => setRejecting(true)}
                >
                  Reject…
                </button>
              </>
            )}
          </div>
        )}
      </article>
    </li>
  );
}

/** The approvals queue: open balance proposals, oldest first, live. */
function Approvals({ session }: { session: StaffSession }) {
  const { data, error, reload } = useLoad(openProposals, 'Could not load the proposals.');
  useEffect(() => watchProposals(reload), [reload]);

  if (error && !data) {
    return (
      <p role="alert" className="text-danger-600">
        {error}
      </p>
    );
  }
  if (!data) return <LoadingCards label="Loading proposals" />;
  if (data.length === 0) return <p className="text-muted">No balance changes are awaiting approval.</p>;
  return (
    <ol className="space-y-4" aria-label="Balance changes awaiting approval, oldest first">
      {data.map((p) => (
        <ProposalCard key={p.id} proposal={p} session={session} onDone={reload} />
      ))}
    </ol>
  );
}

export default function ApprovalsPage({ current }: { current: AdminPath }) {
  return (
    <AdminArea current={current} title="Approvals">
      {(session) =>
        session.can.readMoney ? (
          <Approvals session={session} />
        ) : (
          <p className="text-muted">Your role does not handle money, so there is nothing to approve here.</p>
        )
      }
    </AdminArea>
  );
}
