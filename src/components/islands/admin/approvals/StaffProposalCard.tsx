import { Suspense } from 'react';
import { lazyPart } from '../../shared/lazyPart';
import {
  approveStaffChange,
  mayDecide,
  rejectStaffChange,
  withdrawStaffChange,
  type ChangeRow,
  type StaffChange,
} from '~/lib/admin/staff-changes';
import { describeChange, touchesOwnMoney } from '~/lib/admin/plan-changes';
import { TERMS_TEXT, toReturnsPreview } from '~/lib/admin/plan-text';
import type { StaffSession } from '../AdminArea';
import DecisionActions from './DecisionActions';
import ProposalHeader from './ProposalHeader';

// A returns run's facts and lines load when there is a run to show.
const ReturnsRunDetails = lazyPart(() => import('../plans/ReturnsRun'));

/** One changed field: now → proposed on one line, or for sentences (a plan's terms) one above the other. */
function Change({ row }: { row: ChangeRow }) {
  if (row.prose) {
    return (
      <div>
        <dt className="text-muted">{row.field}</dt>
        <dd className="text-ink-800">
          <p>
            <span className="text-muted">{TERMS_TEXT.now} </span>
            {row.now}
          </p>
          <p className="mt-1">
            <span className="text-muted">{TERMS_TEXT.proposedValue} </span>
            <strong className="text-ink-950">{row.proposed}</strong>
          </p>
        </dd>
      </div>
    );
  }
  return (
    <div>
      <dt className="text-muted">{row.field}</dt>
      <dd className="font-mono text-ink-800">
        {row.now} → <strong className="text-ink-950">{row.proposed}</strong>
      </dd>
    </div>
  );
}

/**
 * One open proposal for an address, a role, the settings, an unfreeze or a plan's terms (old → new),
 * or a returns run (its plan, month, rate, totals and lines), and the actions.
 */
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
  const { title, rows } = describeChange(change);
  const run = change.kind === 'returns_run' ? toReturnsPreview(change.payload) : null;
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
        {run ? (
          <Suspense fallback={null}>
            <ReturnsRunDetails run={run} />
          </Suspense>
        ) : (
          <dl className="mt-3 space-y-2 text-sm [overflow-wrap:anywhere]">
            {rows.map((r) => (
              <Change key={r.field} row={r} />
            ))}
          </dl>
        )}
        <p className="mt-3 text-sm break-words text-ink-800">Reason: {change.reason}</p>
        <DecisionActions
          mine={mine}
          mayDecide={mayDecide(change.kind, session.can)}
          ownAccount={touchesOwnMoney(change, session.userId)}
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
