import type { ReactNode } from 'react';
import { MONTHLY_HEADING, MONTHLY_INTRO, MONTHLY_LIST_CLASS } from './monthly-heading';

/** The monthly statements' card: its heading and intro, and the list (a placeholder until read). */
export default function MonthlyFrame({ children }: { children?: ReactNode }) {
  return (
    <section aria-labelledby="monthly-heading" className="card p-5 sm:p-6">
      <h2 id="monthly-heading" className="text-xl text-ink-950">
        {MONTHLY_HEADING}
      </h2>
      <p className="mt-2 max-w-prose text-sm text-muted">{MONTHLY_INTRO}</p>
      <div className={MONTHLY_LIST_CLASS}>
        {children ?? <div className="h-16 animate-pulse rounded bg-mist-100" aria-hidden="true" />}
      </div>
    </section>
  );
}
