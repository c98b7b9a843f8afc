import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import toast from '~/lib/toast';
import MemberShell from './MemberShell';
import { useLoad } from '../shared/useLoad';
import { listPlans, readPlansPage, watchPlansPage, type PlansSnapshot } from '~/lib/plans';
import type { PlansPageWords } from '~/i18n/member/plans-page';
import { lazyPart } from '../shared/lazyPart';
import SubscribeForm from './plans/SubscribeForm';
import YourPlans from './plans/YourPlans';
import { SUBSCRIBE_FIELDS, planFromQuery, type PlansLanguage } from './plans/rules';
import { useMemberLanguage, type MemberLanguage } from './member-language';

const FEED_TOAST = 'plans-feed';

// Every plan's terms, below the form: loaded just after the first view, which holds their place
// with the section's heading and the list's height, so nothing moves when they arrive.
const PlanTermsList = lazyPart(() => import('./plans/PlanTermsList'));

function TermsPlaceholder({ heading }: { heading: string }) {
  return (
    <section aria-labelledby="terms-heading">
      <h2 id="terms-heading" className="text-xl text-ink-950">
        {heading}
      </h2>
      <div className="mt-4 h-64 animate-pulse rounded-(--radius-card) bg-mist-100" aria-hidden="true" />
    </section>
  );
}

/**
 * The member's plans and accounts, live; `reload` re-reads at once after the member's own action. A
 * failed read says the server's sentence on an English page and the page's own in another language.
 */
function usePlansFeed(userId: string, language: PlansLanguage) {
  const english = language.locale === 'en';
  const failed = language.words.failed.yours;
  const [data, setData] = useState<PlansSnapshot | null>(null);
  const say = useCallback(
    (error: unknown) =>
      toast.error(english && error instanceof Error ? error.message : failed, { id: FEED_TOAST }),
    [english, failed],
  );
  useEffect(() => watchPlansPage(userId, { onData: setData, onError: say }), [userId, say]);
  const reload = useCallback(() => {
    readPlansPage().then(setData, say);
  }, [say]);
  return { data, reload };
}

function PlansContent({ userId, words }: { userId: string; words: PlansPageWords }) {
  const { locale, intl } = useMemberLanguage();
  const language = useMemo<PlansLanguage>(() => ({ locale, intl, words }), [locale, intl, words]);
  // Another language never shows the server's English: any failure there is the page's sentence.
  const loadPlans = useMemo(
    () =>
      locale === 'en'
        ? listPlans
        : () => listPlans().catch(() => Promise.reject(new Error(words.failed.plans))),
    [locale, words],
  );
  const plans = useLoad(loadPlans, words.failed.plans).data;
  const { data, reload } = usePlansFeed(userId, language);
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
      <p className="max-w-3xl text-base text-ink-800">{words.lead}</p>
      <div className="grid items-start gap-8 xl:grid-cols-2 [&>*]:min-w-0">
        <SubscribeForm
          language={language}
          plans={plans}
          chosen={chosen}
          onChoose={setPicked}
          available={available}
          onDone={reload}
        />
        <YourPlans language={language} held={data?.plans ?? null} terms={plans} onDone={reload} />
      </div>
      <Suspense fallback={<TermsPlaceholder heading={words.terms.heading} />}>
        <PlanTermsList language={language} plans={plans} onInvest={investIn} />
      </Suspense>
    </div>
  );
}

/** /user/plans: invest in a plan, follow and redeem the plans held, and read every plan's terms. */
export default function PlansPage({ language, words }: { language: MemberLanguage; words: PlansPageWords }) {
  return (
    <MemberShell language={language} current="/user/plans" heading={words.heading}>
      {({ session }) => <PlansContent userId={session.user.id} words={words} />}
    </MemberShell>
  );
}
