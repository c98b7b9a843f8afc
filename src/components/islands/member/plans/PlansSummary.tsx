import { useEffect, useState } from 'react';
import { formatUsdIn } from '~/lib/money-in-language';
import { myPlans, type HeldPlan } from '~/lib/plans';
import PlansSummaryFrame from './PlansSummaryFrame';
import { useMemberLanguage } from '../member-language';
import { pendingCountText } from './rules';

/**
 * "Your plans" on the dashboard: per plan its principal, returns to date and pending instructions.
 * It follows the balances the page already hears live (the profile's version moves with every posted
 * transfer) rather than opening a realtime channel of its own: one channel per page, which realtime
 * rejoins after a dropped connection with the page's own catch-up read.
 */
export default function PlansSummary({ version, holdsPlans }: { version: number; holdsPlans: boolean }) {
  const { locale, words } = useMemberLanguage();
  const [held, setHeld] = useState<HeldPlan[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    myPlans().then(
      (plans) => {
        if (current) {
          setHeld(plans);
          setFailed(false);
        }
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [version]);
  if (held === null)
    return failed ? (
      <PlansSummaryFrame>
        <p className="mt-4 text-sm text-muted" role="alert">
          {words.plans.unavailable}
        </p>
      </PlansSummaryFrame>
    ) : (
      <PlansSummaryFrame holdsPlans={holdsPlans} />
    );
  return (
    <PlansSummaryFrame>
      {held.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{words.plans.noPlansYet}</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {held.map((h) => (
            <li key={h.plan} className="rounded-md border border-mist-200 p-4" data-plan={h.plan}>
              <h3 className="font-semibold text-ink-950">
                {/* The firm's own name on an English page; the statements' name for it in another. */}
                {locale === 'en'
                  ? h.name
                  : ((words.plans.names as Readonly<Record<string, string | undefined>>)[h.plan] ?? h.name)}
              </h3>
              <dl className="mt-1 space-y-0.5 text-sm">
                <div className="flex justify-between gap-3">
                  <dt className="text-muted">{words.plans.principal}</dt>
                  <dd className="font-semibold text-ink-950 tabular-nums" dir="ltr">
                    {formatUsdIn(locale, h.principal)}
                  </dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="text-muted">{words.plans.returnsToDate}</dt>
                  <dd className="tabular-nums" dir="ltr">
                    {formatUsdIn(locale, h.returns)}
                  </dd>
                </div>
              </dl>
              <p className="mt-1 text-xs text-muted">
                {pendingCountText(h.pending.length, words.plans.pending, locale)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </PlansSummaryFrame>
  );
}
