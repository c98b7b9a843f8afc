import { formatUsdIn } from '~/lib/money-in-language';
import type { PlanTerms } from '~/lib/plans';
import { fill } from '~/i18n/fill';
import { acceptingText, noticeText, planName, planTexts, type PlansLanguage } from './rules';

interface PlanTermsListProps {
  language: PlansLanguage;
  plans: PlanTerms[] | null;
  /** Chooses the plan in the form above and takes the member to its amount. */
  onInvest: (slug: string) => void;
}

/** The four plans with what a client must know before investing, as the database holds them. */
export default function PlanTermsList({ language, plans, onInvest }: PlanTermsListProps) {
  const { words, locale } = language;
  return (
    <section aria-labelledby="terms-heading">
      <h2 id="terms-heading" className="text-xl text-ink-950">
        {words.terms.heading}
      </h2>
      {plans === null ? (
        <div className="mt-4 h-64 animate-pulse rounded-(--radius-card) bg-mist-100" aria-hidden="true" />
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
          {plans.map((plan) => {
            const texts = planTexts(language, plan);
            const name = planName(language, plan.slug, plan.name);
            return (
              <li key={plan.slug} className="card flex flex-col p-5" data-plan={plan.slug}>
                <h3 className="text-lg text-ink-950">{name}</h3>
                <p
                  className={`text-xs font-semibold ${plan.accepting ? 'text-success-600' : 'text-danger-600'}`}
                >
                  {acceptingText(language, plan.accepting)}
                </p>
                <p className="mt-2 text-sm text-ink-800">{texts.description}</p>
                <dl className="mt-3 flex-1 space-y-2 text-sm">
                  <div>
                    <dt className="font-semibold text-ink-950">{words.terms.minimum}</dt>
                    <dd className="tabular-nums">
                      <bdi dir="ltr">{formatUsdIn(locale, plan.minimum)}</bdi>
                    </dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-ink-950">{words.terms.notice}</dt>
                    <dd>{noticeText(language, plan.notice_days)}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-ink-950">{words.terms.returns}</dt>
                    <dd>{texts.returns}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-ink-950">{words.terms.fees}</dt>
                    <dd>{texts.fees}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-ink-950">{words.terms.risk}</dt>
                    <dd>{texts.risk}</dd>
                  </div>
                </dl>
                {plan.accepting && (
                  <button type="button" className="btn-outline-dark mt-4" onClick={() => onInvest(plan.slug)}>
                    {fill(words.terms.invest, { plan: name })}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
