import type { ReactNode } from 'react';
import { memberLink, useMemberLanguage } from '../member-language';

/**
 * The dashboard's "Your plans" section around its content, and its first view while the list's code
 * and data load: the height of what will come, so nothing below moves when it does (no layout shift).
 * A member with money invested (Total Invest, known with the first paint) gets one plan card's
 * placeholder, built like the card; anyone else one line, the height of "no plan yet".
 */
export default function PlansSummaryFrame({
  children,
  holdsPlans = false,
}: {
  children?: ReactNode;
  holdsPlans?: boolean;
}) {
  const language = useMemberLanguage();
  const { words } = language;
  return (
    <section aria-labelledby="plans-summary-heading" className="card p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="plans-summary-heading" className="text-xl text-ink-950">
          {words.plans.heading}
        </h2>
        <a href={memberLink(language, '/user/plans')} className="btn-outline-dark px-4 py-2 text-sm">
          {words.plans.link}
        </a>
      </div>
      {children ??
        (holdsPlans ? (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-hidden="true">
            <li className="animate-pulse rounded-md border border-mist-200 bg-mist-50 p-4">
              <p className="font-semibold">&nbsp;</p>
              <div className="mt-1 space-y-0.5 text-sm">
                <p>&nbsp;</p>
                <p>&nbsp;</p>
              </div>
              <p className="mt-1 text-xs">&nbsp;</p>
            </li>
          </ul>
        ) : (
          <div className="mt-4 h-5 animate-pulse rounded bg-mist-100" aria-hidden="true" />
        ))}
    </section>
  );
}
