import { useCallback, useEffect, useState } from 'react';
import toast from '~/lib/toast';
import MemberShell from './MemberShell';
import { useLoad } from '../shared/useLoad';
import { listPlans, readPlansPage, watchPlansPage, type PlansSnapshot } from '~/lib/plans';
import PlanTermsList from './plans/PlanTermsList';
import SubscribeForm from './plans/SubscribeForm';
import YourPlans from './plans/YourPlans';
import { PLANS_PAGE_LEAD, SUBSCRIBE_FIELDS, planFromQuery } from './plans/rules';
import type { MemberLanguage } from './member-language';

const FEED_TOAST = 'plans-feed';

/** The member's plans and accounts, live; `reload` re-reads at once after the member's own action. */
function usePlansFeed(userId: string) {
  const [data, setData] = useState<PlansSnapshot | null>(null);
  useEffect(
    () =>
      watchPlansPage(userId, {
        onData: setData,
        onError: (error) => toast.error(error.message, { id: FEED_TOAST }),
      }),
    [userId],
  );
  const reload = useCallback(() => {
    readPlansPage().then(setData, (error: unknown) =>
      toast.error(error instanceof Error ? error.message : 'Your plans could not be loaded.', {
        id: FEED_TOAST,
      }),
    );
  }, []);
  return { data, reload };
}

function PlansContent({ userId }: { userId: string }) {
  const plans = useLoad(listPlans, 'The plans could not be loaded.').data;
  const { data, reload } = usePlansFeed(userId);
  // `?plan=gold` (from a public plan card, through sign-in) chooses Gold once the plans are known.
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? (plans ? planFromQuery(window.location.search, plans) : '');
  const available = data?.accounts.find((a) => a.account === 'deposit_wallet')?.available ?? null;

  function investIn(slug: string) {
    setPicked(slug);
    const amount = document.getElementById(SUBSCRIBE_FIELDS.amount);
    amount?.scrollIntoView({ block: 'center' });
    amount?.focus();
  }

  return (
    <div className="space-y-8">
      <p className="max-w-3xl text-base text-ink-800">{PLANS_PAGE_LEAD}</p>
      <div className="grid items-start gap-8 xl:grid-cols-2 [&>*]:min-w-0">
        <SubscribeForm
          plans={plans}
          chosen={chosen}
          onChoose={setPicked}
          available={available}
          onDone={reload}
        />
        <YourPlans held={data?.plans ?? null} terms={plans} onDone={reload} />
      </div>
      <PlanTermsList plans={plans} onInvest={investIn} />
    </div>
  );
}

/** /user/plans: invest in a plan, follow and redeem the plans held, and read every plan's terms. */
export default function PlansPage({ language }: { language: MemberLanguage }) {
  return (
    <MemberShell language={language} current="/user/plans" heading="Plans">
      {({ session }) => <PlansContent userId={session.user.id} />}
    </MemberShell>
  );
}
