import { Suspense } from 'react';
import { lazyPart } from '../shared/lazyPart';
import MemberShell from './MemberShell';
import BalanceCards, { balancesSkeleton } from './BalanceCards';
import FreezeWithdrawals from './FreezeWithdrawals';
import PlansSummaryFrame from './plans/PlansSummaryFrame';
import { memberLink, useMemberLanguage, type MemberLanguage } from './member-language';
import type { Profile } from '~/lib/profile-row';

// The plans list (and its live feed) loads right after the page, in the place its frame keeps for
// it: out of the first load (tests/budgets.json).
// If its code cannot be fetched (the connection dropped first), the section says so in its own frame
// and the rest of the page stays (lazyPart).
const PlansSummary = lazyPart(() => import('./plans/PlansSummary'), 'block', PlansSummaryUnavailable);

function PlansSummaryUnavailable() {
  const { words } = useMemberLanguage();
  return (
    <PlansSummaryFrame>
      <p className="mt-4 text-sm text-muted" role="alert">
        {words.plans.unavailable}
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
  /** The page's language (its words). */
  language: MemberLanguage;
}

/** The member's home: greeting and the six live balance cards, the member's plans, quick links below. */
export default function DashboardPage({ path, language }: DashboardPageProps) {
  return (
    <MemberShell
      current={path}
      heading={language.words.headings.dashboard}
      skeleton={balancesSkeleton}
      language={language}
    >
      {({ session, profile, openReferralsDialog }) => (
        <DashboardBody userId={session.user.id} profile={profile} onReferralEarnings={openReferralsDialog} />
      )}
    </MemberShell>
  );
}

/** The dashboard under the shell, in the shell's language. */
function DashboardBody({
  userId,
  profile,
  onReferralEarnings,
}: {
  userId: string;
  profile: Profile | null;
  onReferralEarnings: () => void;
}) {
  const language = useMemberLanguage();
  const { words } = language;
  const href = (path: string) => memberLink(language, path);
  return (
    <div className="space-y-8">
      <BalanceCards profile={profile} onReferralEarnings={onReferralEarnings} />
      {/* Its placeholder keeps the list's height (one plan card when money is invested). */}
      <Suspense fallback={<PlansSummaryFrame holdsPlans={holdsPlans(profile)} />}>
        <PlansSummary version={profile?.version ?? 0} holdsPlans={holdsPlans(profile)} />
      </Suspense>
      <section aria-labelledby="next-steps" className="card p-5 sm:p-6">
        <h2 id="next-steps" className="text-xl text-ink-950">
          {words.dashboard.nextSteps}
        </h2>
        <ul className="mt-4 flex flex-wrap gap-3">
          <li>
            <a href={href('/user/deposit')} className="btn-dark">
              {words.dashboard.deposit}
            </a>
          </li>
          <li>
            <a href={href('/user/withdraw')} className="btn-outline-dark">
              {words.dashboard.requestWithdrawal}
            </a>
          </li>
          <li>
            <a href={href('/user/statement')} className="btn-outline-dark">
              {words.dashboard.viewStatement}
            </a>
          </li>
        </ul>
      </section>
      <FreezeWithdrawals userId={userId} />
    </div>
  );
}
