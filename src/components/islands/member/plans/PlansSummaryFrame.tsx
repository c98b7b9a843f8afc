import type { ReactNode } from 'react';

/*
 * The section's words live here rather than in rules.ts (which re-exports them): the dashboard loads
 * this frame with the page, and the plans page's rules only with the list (tests/budgets.json).
 */
export const YOUR_PLANS_HEADING = 'Your plans';
export const DASHBOARD_PLANS_LINK = 'Invest or redeem';

/**
 * The dashboard's "Your plans" section around its content, and its first view (one line's
 * placeholder, the height of "no plan yet") while the list's code and data load.
 */
export default function PlansSummaryFrame({ children }: { children?: ReactNode }) {
  return (
    <section aria-labelledby="plans-summary-heading" className="card p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="plans-summary-heading" className="text-xl text-ink-950">
          {YOUR_PLANS_HEADING}
        </h2>
        <a href="/user/plans" className="btn-outline-dark px-4 py-2 text-sm">
          {DASHBOARD_PLANS_LINK}
        </a>
      </div>
      {children ?? <div className="mt-4 h-5 animate-pulse rounded bg-mist-100" aria-hidden="true" />}
    </section>
  );
}
