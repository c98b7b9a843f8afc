import { Suspense, useEffect } from 'react';
import { lazyPart } from '../shared/lazyPart';
import { listPlans } from '~/lib/admin/plans';
import { openStaffChanges, watchStaffChanges, type StaffChange } from '~/lib/admin/staff-changes';
import { RETURNS_TEXT as R, TERMS_TEXT as T, type PlanTerms } from '~/lib/admin/plan-text';
import AdminArea, { type AdminPath, type StaffSession } from './AdminArea';
import LoadingCards from '../shared/LoadingCards';
import { useLoad } from '../shared/useLoad';
import PlanTermsPanel from './plans/PlanTermsPanel';

// Proposal cards (and their decision buttons) load when there is a proposal to show.
const StaffProposalCard = lazyPart(() => import('./approvals/StaffProposalCard'), 'item');
// Finance's returns-run form (only finance and owners see it): out of the page's first load.
const ReturnsRunForm = lazyPart(() => import('./plans/ReturnsRunForm'));

const PLAN_KINDS: readonly StaffChange['kind'][] = ['returns_run', 'plan_terms'];

async function loadPlans(): Promise<{ plans: PlanTerms[]; open: StaffChange[] }> {
  const [plans, open] = await Promise.all([listPlans(), openStaffChanges()]);
  return { plans, open: open.filter((c) => PLAN_KINDS.includes(c.kind)) };
}

/**
 * The plans (issue 33): finance posts a month's returns (previewed, then proposed for a second
 * admin), owners propose a plan's new terms; the runs and terms awaiting approval are listed here as
 * on the Approvals page, where the second admin usually decides them.
 */
function Plans({ session }: { session: StaffSession }) {
  const { data, error, reload } = useLoad(loadPlans, T.loadFailure);
  useEffect(() => watchStaffChanges(reload, 'admin-plans'), [reload]);
  if (error && !data) {
    return (
      <p role="alert" className="text-danger-600">
        {error}
      </p>
    );
  }
  if (!data) return <LoadingCards label={T.loading} />;
  const pendingTerms = new Map(
    data.open.filter((c) => c.kind === 'plan_terms' && !c.expired).map((c) => [c.target, c]),
  );
  return (
    <div className="space-y-10">
      <section aria-labelledby="plans-returns" className="space-y-4">
        <h2 id="plans-returns" className="text-xl text-ink-950">
          {R.heading}
        </h2>
        {session.can.moveMoney ? (
          <Suspense fallback={<LoadingCards label={T.loading} count={1} />}>
            <ReturnsRunForm plans={data.plans} />
          </Suspense>
        ) : (
          <p className="text-sm text-muted">{R.readOnly}</p>
        )}
      </section>
      <section aria-labelledby="plans-awaiting" className="space-y-4">
        <h2 id="plans-awaiting" className="text-xl text-ink-950">
          {T.awaiting}
        </h2>
        {data.open.length === 0 ? (
          <p className="text-muted">{T.awaitingEmpty}</p>
        ) : (
          <Suspense fallback={<LoadingCards label={T.loading} count={data.open.length} />}>
            <ol className="space-y-4" aria-label={T.awaitingLabel}>
              {data.open.map((c) => (
                <StaffProposalCard key={c.id} change={c} session={session} onDone={reload} />
              ))}
            </ol>
          </Suspense>
        )}
      </section>
      <section aria-labelledby="plans-terms" className="space-y-4">
        <h2 id="plans-terms" className="text-xl text-ink-950">
          {T.heading}
        </h2>
        <p className="text-sm text-muted">{T.intro}</p>
        <PlanTermsPanel
          plans={data.plans}
          pending={pendingTerms}
          mayPropose={session.can.manageStaff}
          viewerId={session.userId}
          onProposed={reload}
        />
      </section>
    </div>
  );
}

export default function PlansPage({ current }: { current: AdminPath }) {
  return (
    <AdminArea current={current} title="Plans">
      {(session) =>
        session.can.readMoney ? <Plans session={session} /> : <p className="text-muted">{T.noMoney}</p>
      }
    </AdminArea>
  );
}
