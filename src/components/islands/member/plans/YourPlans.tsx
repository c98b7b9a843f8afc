import { Suspense, useState } from 'react';
import toast from '~/lib/toast';
import { errorTextIn } from '~/lib/db-errors';
import { formatUsdIn } from '~/lib/money-in-language';
import { cancelInstruction, type HeldPlan, type PendingInstruction, type PlanTerms } from '~/lib/plans';
import { fill } from '~/i18n/fill';
import { lazyPart } from '../../shared/lazyPart';
import { useMemberLanguage } from '../member-language';
import { amountIn, holdsPrincipal, pendingText, planName, sinceText, type PlansLanguage } from './rules';

// The redeem form loads when a member opens it, not with the page.
const RedeemForm = lazyPart(() => import('./RedeemForm'));

interface YourPlansProps {
  language: PlansLanguage;
  /** null while loading. */
  held: HeldPlan[] | null;
  terms: PlanTerms[] | null;
  onDone: () => void;
}

function PendingList({
  language,
  held,
  onDone,
}: {
  language: PlansLanguage;
  held: HeldPlan;
  onDone: () => void;
}) {
  const { words } = language;
  const name = planName(language, held.plan, held.name);
  const [cancelling, setCancelling] = useState<number | null>(null);

  async function cancel(item: PendingInstruction) {
    if (cancelling !== null) return;
    setCancelling(item.id);
    try {
      await cancelInstruction(item.id);
      toast.success(words.yours.cancelled);
      onDone();
    } catch (error) {
      const failed = words.yours.cancelFailed;
      toast.error(errorTextIn(language.locale, error, failed));
    } finally {
      setCancelling(null);
    }
  }

  if (held.pending.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label={fill(words.yours.pendingLabel, { plan: name })}>
      {held.pending.map((item) => (
        <li
          key={item.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-accent-50 px-3 py-2 text-sm"
        >
          <span className="min-w-0 text-ink-950">
            {pendingText(language, item.kind, item.amount, item.created_at)}
          </span>
          <button
            type="button"
            className="btn-outline-dark px-3 py-1 text-xs"
            aria-label={fill(words.yours.cancelLabel[item.kind], {
              amount: amountIn(language, item.amount),
              plan: name,
            })}
            disabled={cancelling !== null}
            onClick={() => void cancel(item)}
          >
            {cancelling === item.id ? words.yours.cancelling : words.yours.cancel}
          </button>
        </li>
      ))}
    </ul>
  );
}

function HeldPlanItem({
  language,
  held,
  terms,
  onDone,
}: {
  language: PlansLanguage;
  held: HeldPlan;
  terms: PlanTerms | undefined;
  onDone: () => void;
}) {
  const { words, locale } = language;
  const name = planName(language, held.plan, held.name);
  const [redeeming, setRedeeming] = useState(false);
  const formId = `redeem-${held.plan}`;
  return (
    <li className="py-4" data-plan={held.plan}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="text-lg text-ink-950">{name}</h3>
        <span className="text-sm text-muted">{sinceText(language, held.since)}</span>
      </div>
      <dl className="mt-2 space-y-1 text-sm sm:max-w-sm">
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-muted">{words.yours.principal}</dt>
          <dd className="font-semibold text-ink-950 tabular-nums" data-testid={`principal-${held.plan}`}>
            <bdi dir="ltr">{formatUsdIn(locale, held.principal)}</bdi>
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt className="text-muted">{words.yours.returns}</dt>
          <dd className="text-ink-950 tabular-nums" data-testid={`returns-${held.plan}`}>
            <bdi dir="ltr">{formatUsdIn(locale, held.returns)}</bdi>
          </dd>
        </div>
      </dl>
      <PendingList language={language} held={held} onDone={onDone} />
      {holdsPrincipal(held) && (
        <div className="mt-3">
          <button
            type="button"
            className="btn-outline-dark px-4 py-2 text-sm"
            aria-expanded={redeeming}
            aria-controls={formId}
            onClick={() => setRedeeming((open) => !open)}
          >
            {redeeming ? words.yours.redeemClose : fill(words.yours.redeemOpen, { plan: name })}
          </button>
          {redeeming && (
            <div id={formId} className="mt-3 rounded-md border border-mist-200 p-4">
              <Suspense
                fallback={<div className="h-40 animate-pulse rounded bg-mist-100" aria-hidden="true" />}
              >
                <RedeemForm language={language} held={held} terms={terms} onDone={onDone} />
              </Suspense>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

/** "Your plans": principal, returns to date and since when per plan, pending instructions, redemption. */
export default function YourPlans({ language, held, terms, onDone }: YourPlansProps) {
  const { words } = useMemberLanguage();
  return (
    <section aria-labelledby="your-plans-heading" className="card p-5 sm:p-6">
      <h2 id="your-plans-heading" className="text-xl text-ink-950">
        {words.plans.heading}
      </h2>
      {held === null ? (
        <div className="mt-4 h-24 animate-pulse rounded bg-mist-100" aria-hidden="true" />
      ) : held.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{words.plans.noPlansYet}</p>
      ) : (
        <ul className="divide-y divide-mist-200">
          {held.map((h) => (
            <HeldPlanItem
              key={h.plan}
              language={language}
              held={h}
              terms={terms?.find((t) => t.slug === h.plan)}
              onDone={onDone}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
