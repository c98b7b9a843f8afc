import { formatUsd } from '~/lib/money';
import type { PlanTerms } from '~/lib/plans';
import { TERMS_HEADING, acceptingText, noticeText } from './rules';

interface PlanTermsListProps {
  plans: PlanTerms[] | null;
  /** Chooses the plan in the form above and takes the member to its amount. */
  onInvest: (slug: string) => void;
}

/** The four plans with what a client must know before investing, as the database holds them. */
export default function PlanTermsList({ plans, onInvest }: PlanTermsListProps) {
  return (
    <section aria-labelledby="terms-heading">
      <h2 id="terms-heading" className="text-xl text-ink-950">
        {TERMS_HEADING}
      </h2>
      {plans === null ? (
        <div className="mt-4 h-64 animate-pulse rounded-(--radius-card) bg-mist-100" aria-hidden="true" />
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
          {plans.map((plan) => (
            <li key={plan.slug} className="card flex flex-col p-5" data-plan={plan.slug}>
              <h3 className="text-lg text-ink-950">{plan.name}</h3>
              <p
                className={`text-xs font-semibold ${plan.accepting ? 'text-success-600' : 'text-danger-600'}`}
              >
                {acceptingText(plan.accepting)}
              </p>
              <p className="mt-2 text-sm text-ink-800">{plan.description}</p>
              <dl className="mt-3 flex-1 space-y-2 text-sm">
                <div>
                  <dt className="font-semibold text-ink-950">Minimum</dt>
                  <dd className="tabular-nums">{formatUsd(plan.minimum)}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-ink-950">Notice period</dt>
                  <dd>{noticeText(plan.notice_days)}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-ink-950">Returns</dt>
                  <dd>{plan.returns_text}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-ink-950">Fees</dt>
                  <dd>{plan.fees_text}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-ink-950">Risk</dt>
                  <dd>{plan.risk_text}</dd>
                </div>
              </dl>
              {plan.accepting && (
                <button type="button" className="btn-outline-dark mt-4" onClick={() => onInvest(plan.slug)}>
                  Invest in {plan.name}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
