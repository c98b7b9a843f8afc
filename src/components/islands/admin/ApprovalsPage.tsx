import { Fragment, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
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
import {
  approveStaffChange,
  describeStaffChange,
  firmSettings,
  mayDecide,
  openStaffChanges,
  proposeStaffChange,
  rejectStaffChange,
  watchStaffChanges,
  withdrawStaffChange,
  type StaffChange,
} from '~/lib/admin/staff-changes';
import { errorText } from '~/lib/db-errors';
import { formatUsd } from '~/lib/money';
import AdminArea, { type AdminPath, type StaffSession } from './AdminArea';
import { formatDateTime } from './format';
import LoadingCards from '../shared/LoadingCards';
import { useLoad } from '../shared/useLoad';

/**
 * What this admin may do with one open proposal: the proposer withdraws; another admin with the
 * role approves or rejects with a reason; an expired one is only shown. Every outcome is a toast.
 */
function DecisionActions({
  mine,
  mayDecide,
  expired,
  subject,
  approved,
  approve,
  reject,
  withdraw,
  onDone,
}: {
  mine: boolean;
  mayDecide: boolean;
  expired: boolean;
  /** "the change to X's balances", as the toasts say it. */
  subject: string;
  /** The toast after an approval: what changed. */
  approved: string;
  approve: () => Promise<void>;
  reject: (reason: string) => Promise<void>;
  withdraw: () => Promise<void>;
  onDone: () => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonId = useId();

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

  function rejectNow() {
    if (reason.trim().length < 3) {
      setProblem('Give a reason of 3 to 500 characters.');
      document.getElementById(reasonId)?.focus();
      return;
    }
    void act(() => reject(reason), `Rejected ${subject}.`, 'Could not reject the change.');
  }

  if (expired) {
    return (
      <p className="mt-4 text-sm font-semibold text-danger-600">
        Expired: nobody can approve it now. Propose the change again if it is still needed.
      </p>
    );
  }
  if (!mayDecide && !mine) return null;
  return (
    <div className="mt-4 flex flex-wrap items-end gap-2">
      {mine ? (
        <>
          <p className="text-sm text-muted">You proposed this: another admin approves it.</p>
          <button
            type="button"
            className="btn-outline-dark"
            disabled={busy}
            onClick={() => void act(withdraw, `Withdrew ${subject}.`, 'Could not withdraw the change.')}
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
          <button type="button" className="btn-dark" disabled={busy} onClick={rejectNow}>
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
            onClick={() => void act(approve, approved, 'Could not approve the change.')}
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
  );
}

/** One open balance proposal: the difference, who asked and why, and what this admin may do with it. */
function ProposalCard({
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
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="font-sans text-base font-semibold break-all text-ink-950">
            {member} <span className="font-normal text-muted">&lt;{proposal.member_email}&gt;</span>
          </h3>
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
        <DecisionActions
          mine={mine}
          mayDecide={session.can.moveMoney}
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

/** A live queue of open proposals, oldest first: loads, re-reads on every change, renders each. */
function LiveQueue<T extends { id: string }>({
  load,
  watch,
  label,
  empty,
  render,
}: {
  load: () => Promise<T[]>;
  watch: (onChange: () => void) => () => void;
  label: string;
  empty: string;
  render: (item: T, reload: () => void) => ReactNode;
}) {
  const { data, error, reload } = useLoad(load, 'Could not load the proposals.');
  useEffect(() => watch(reload), [watch, reload]);

  if (error && !data) {
    return (
      <p role="alert" className="text-danger-600">
        {error}
      </p>
    );
  }
  if (!data) return <LoadingCards label="Loading proposals" />;
  if (data.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <ol className="space-y-4" aria-label={label}>
      {data.map((item) => (
        <Fragment key={item.id}>{render(item, reload)}</Fragment>
      ))}
    </ol>
  );
}

/** One open proposal for an address, a role, the settings or an unfreeze: old → new, and the actions. */
function StaffChangeCard({
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
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="font-sans text-base font-semibold break-all text-ink-950">{title}</h3>
          <p className="text-sm text-muted">
            #{change.id} · proposed by {mine ? 'you' : change.proposer_email} ·{' '}
            <time dateTime={change.proposed_at}>{formatDateTime(change.proposed_at)}</time> ·{' '}
            {change.expired ? 'expired' : 'expires'}{' '}
            <time dateTime={change.expires_at}>{formatDateTime(change.expires_at)}</time>
          </p>
        </header>
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

/** The firm's two settings; owners propose new values (another owner approves). */
function SettingsPanel({ session }: { session: StaffSession }) {
  const { data, error, reload } = useLoad(firmSettings, 'Could not load the settings.');
  const [threshold, setThreshold] = useState<string | null>(null);
  const [hours, setHours] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = useId();
  useEffect(() => watchStaffChanges(reload, 'admin-settings'), [reload]);

  if (error && !data) {
    return (
      <p role="alert" className="text-danger-600">
        {error}
      </p>
    );
  }
  if (!data) return <LoadingCards label="Loading settings" />;
  const thresholdDraft = threshold ?? data.small_edit_threshold ?? '';
  const hoursDraft = hours ?? String(data.address_cooling_off_hours);

  async function propose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const amount = thresholdDraft.trim();
    if (amount && !/^\d+(\.\d{1,2})?$/.test(amount)) {
      setProblem('The threshold is an amount in dollars with at most 2 decimals, or empty for none.');
      return;
    }
    if (!/^\d+$/.test(hoursDraft.trim()) || Number(hoursDraft) > 720) {
      setProblem('The cooling-off period is a whole number of hours from 0 to 720.');
      return;
    }
    if (reason.trim().length < 3) {
      setProblem('Give a reason of 3 to 500 characters.');
      return;
    }
    setBusy(true);
    try {
      await proposeStaffChange(
        'firm_settings',
        null,
        { small_edit_threshold: amount || null, address_cooling_off_hours: Number(hoursDraft) },
        reason,
      );
      toast.success('Proposed: another owner approves the new settings.');
      setReason('');
      setProblem('');
    } catch (e) {
      toast.error(errorText(e, 'Could not propose the settings.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card p-5 text-sm">
      <p>
        Small-edit threshold:{' '}
        <strong>
          {data.small_edit_threshold
            ? `$${data.small_edit_threshold} (smaller balance edits need no second admin)`
            : 'none (every balance edit needs a second admin)'}
        </strong>
      </p>
      <p className="mt-1">
        Cooling-off for new withdrawal addresses: <strong>{data.address_cooling_off_hours} hours</strong>
      </p>
      {session.can.manageStaff && (
        <form className="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={(e) => void propose(e)} noValidate>
          <div>
            <label htmlFor={`${ids}-threshold`} className="field-label">
              Small-edit threshold (USD, empty for none)
            </label>
            <input
              id={`${ids}-threshold`}
              className="field-input"
              inputMode="decimal"
              value={thresholdDraft}
              onChange={(e) => setThreshold(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-hours`} className="field-label">
              Cooling-off (hours)
            </label>
            <input
              id={`${ids}-hours`}
              className="field-input"
              inputMode="numeric"
              value={hoursDraft}
              onChange={(e) => setHours(e.target.value)}
            />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={`${ids}-reason`} className="field-label">
              Reason
            </label>
            <input
              id={`${ids}-reason`}
              className="field-input"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          {problem && (
            <p role="alert" className="text-danger-600 sm:col-span-2">
              {problem}
            </p>
          )}
          <div className="sm:col-span-2">
            <button type="submit" className="btn-dark" disabled={busy}>
              Propose settings
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

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
                  <ProposalCard proposal={p} session={session} onDone={reload} />
                )}
              />
            </section>
            <section aria-labelledby="approvals-other" className="space-y-4">
              <h2 id="approvals-other" className="text-xl text-ink-950">
                Addresses, roles, settings and unfreezes
              </h2>
              <LiveQueue
                load={openStaffChanges}
                watch={watchStaffChanges}
                label="Other changes awaiting approval, oldest first"
                empty="No other changes are awaiting approval."
                render={(c: StaffChange, reload) => (
                  <StaffChangeCard change={c} session={session} onDone={reload} />
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
