import type { ReactNode } from 'react';
import type { StatementWords } from '~/i18n/member/pages/statement';

/**
 * The monthly statements' card: its heading and intro, and the list (a placeholder until read). The
 * page's first paint and the section, which loads later, draw the same frame, so nothing moves when
 * the list arrives; the list keeps at least its placeholder's height (min-h-16).
 */
export default function MonthlyFrame({
  words,
  children,
}: {
  words: StatementWords['monthly'];
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="monthly-heading" className="card p-5 sm:p-6">
      <h2 id="monthly-heading" className="text-xl text-ink-950">
        {words.heading}
      </h2>
      <p className="mt-2 max-w-prose text-sm text-muted">{words.intro}</p>
      <div className="mt-4 min-h-16">
        {children ?? <div className="h-16 animate-pulse rounded bg-mist-100" aria-hidden="true" />}
      </div>
    </section>
  );
}
