import { Suspense } from 'react';
import { lazyPart } from '../shared/lazyPart';
import MemberShell from './MemberShell';
import BalanceCards, { balancesSkeleton } from './BalanceCards';
import FreezeWithdrawals from './FreezeWithdrawals';
import PlansSummaryFrame, { PLANS_SUMMARY_UNAVAILABLE } from './plans/PlansSummaryFrame';

// The plans list (and its live feed) loads right after the page, in the place its frame keeps for
// it: out of the first load (tests/budgets.json).
// If its code cannot be fetched (the connection dropped first), the section says so in its own frame
// and the rest of the page stays (lazyPart).
const PlansSummary = lazyPart(() => import('./plans/PlansSummary'), 'block', PlansSummaryUnavailable);

function PlansSummaryUnavailable() {
  return (
    <PlansSummaryFrame>
      <p className="mt-4 text-sm text-muted" role="alert">
        {PLANS_SUMMARY_UNAVAILABLE}
      </p>
    </PlansSummaryFrame>
  );
}

/** Whether the member has principal invested, from the profile the first paint already has. */
const holdsPlans = (profile: { total_invest: string } | null): boolean =>
  profile !== null && !/^0*(\.0*)?$/.test(profile.total_invest);

interface DashboardPageProps {
  /** /user-dashboard or /user-home: the same home view. */
  path: '/user-dashboard' | '/user-home';
}

/** The member's home: greeting and the six live balance cards, the member's plans, quick links below. */
export default function DashboardPage({ path }: DashboardPageProps) {
  return (
    <MemberShell current={path} heading="Dashboard" skeleton={balancesSkeleton}>
      {({ session, profile, openReferralsDialog }) => (
        <div className="space-y-8">
          <BalanceCards profile={profile} onReferralEarnings={openReferralsDialog} />
          {/* Its placeholder keeps the list's height (one plan card when money is invested). */}
          <Suspense fallback={<PlansSummaryFrame holdsPlans={holdsPlans(profile)} />}>
            <PlansSummary version={profile?.version ?? 0} holdsPlans={holdsPlans(profile)} />
          </Suspense>
          <section aria-labelledby="next-steps" className="card p-5 sm:p-6">
            <h2 id="next-steps" className="text-xl text-ink-950">
              Next steps
            </h2>
            <ul className="mt-4 flex flex-wrap gap-3">
              <li>
                <a href="/user/deposit" className="btn-dark">
                  Deposit
                </a>
              </li>
              <li>
                <a href="/user/withdraw" className="btn-outline-dark">
                  Request a withdrawal
                </a>
              </li>
              <li>
                <a href="/user/statement" className="btn-outline-dark">
                  View statement
                </a>
              </li>
            </ul>
          </section>
          <FreezeWithdrawals userId={session.user.id} />
        </div>
      )}
    </MemberShell>
  );
}
