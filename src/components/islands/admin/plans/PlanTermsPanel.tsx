import { Suspense, useState } from 'react';
import { lazyPart } from '../../shared/lazyPart';
import { formatUsd } from '~/lib/money';
import { TERMS_TEXT as T, type PlanTerms } from '~/lib/admin/plan-text';
import type { StaffChange } from '~/lib/admin/staff-changes';

// The form loads with the first "Propose new terms", not with the page (owners only use it).
const PlanTermsDialog = lazyPart(() => import('./PlanTermsDialog'), 'dialog');

/**
 * The plans' current terms, as clients read them before investing. Owners propose new terms for a
 * plan (a dialog); while a proposal for it is open, the plan says so instead.
 */
export default function PlanTermsPanel({
  plans,
  pending,
  mayPropose,
  viewerId,
  onProposed,
}: {
  plans: PlanTerms[];
  /** Open plan_terms proposals by plan slug. */
  pending: ReadonlyMap<string, StaffChange>;
  mayPropose: boolean;
  /** The signed-in staff member: their own proposal is "proposed by you". */
  viewerId: string;
  onProposed: () => void;
}) {
  const [editing, setEditing] = useState<PlanTerms | null>(null);
  return (
    <>
      <ul className="grid gap-4 lg:grid-cols-2">
        {plans.map((plan) => {
          const open = pending.get(plan.slug);
          const terms = [
            { term: T.minimum, value: formatUsd(plan.minimum) },
            { term: T.noticeDays, value: T.days(plan.notice_days) },
            { term: T.description, value: plan.description },
            { term: T.returnsText, value: plan.returns_text },
            { term: T.feesText, value: plan.fees_text },
            { term: T.riskText, value: plan.risk_text },
          ];
          return (
            <li key={plan.slug} className="card p-5" aria-label={`${plan.name} plan`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-sans text-base font-semibold text-ink-950">{plan.name}</h3>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${plan.accepting ? 'bg-success-600 text-white' : 'bg-mist-200 text-ink-950'}`}
                >
                  {plan.accepting ? T.acceptingBadge : T.closedBadge}
                </span>
              </div>
              <dl className="mt-3 space-y-2 text-sm [overflow-wrap:anywhere]">
                {terms.map((t) => (
                  <div key={t.term}>
                    <dt className="text-muted">{t.term}</dt>
                    <dd className="text-ink-900">{t.value}</dd>
                  </div>
                ))}
              </dl>
              {open ? (
                <p className="mt-3 rounded-md border border-accent-300 bg-accent-50 p-2 text-sm text-ink-900">
                  {T.pending(open.proposed_by === viewerId ? T.you : open.proposer_email, open.id)}
                </p>
              ) : (
                mayPropose && (
                  <button
                    type="button"
                    className="btn-outline-dark mt-4"
                    aria-label={T.proposeFor(plan.name)}
                    onClick={() => setEditing(plan)}
                  >
                    {T.propose}
                  </button>
                )
              )}
            </li>
          );
        })}
      </ul>
      {editing && (
        <Suspense fallback={null}>
          <PlanTermsDialog
            plan={editing}
            onClose={() => setEditing(null)}
            onProposed={() => {
              setEditing(null);
              onProposed();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
