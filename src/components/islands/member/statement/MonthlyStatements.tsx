import { useCallback } from 'react';
import { statementsOf } from '~/lib/statements';
import { useLoad } from '../../shared/useLoad';
import StatementList from '../../shared/StatementList';
import { MONTHLY_HEADING } from './monthly-heading';

const T = {
  intro:
    'A statement for each month, prepared after the month ends (Hong Kong time) and available by the seventh business day. Each is a PDF signed by Liquid Capital Limited, with the same lines as a CSV file.',
  none: 'Your first monthly statement will appear here after the end of your first month with us.',
};

/** The member's monthly statements: each month with its signed PDF and its CSV to download. */
export default function MonthlyStatements({ userId }: { userId: string }) {
  const load = useCallback(() => statementsOf(userId), [userId]);
  const statements = useLoad(load, 'Your monthly statements could not be loaded.');

  return (
    <section aria-labelledby="monthly-heading" className="card p-5 sm:p-6">
      <h2 id="monthly-heading" className="text-xl text-ink-950">
        {MONTHLY_HEADING}
      </h2>
      <p className="mt-2 max-w-prose text-sm text-muted">{T.intro}</p>
      {statements.data === null ? (
        statements.error ? (
          <p role="alert" className="mt-4 text-sm font-medium text-danger-600">
            {statements.error}
          </p>
        ) : (
          <div className="mt-4 h-16 animate-pulse rounded bg-mist-100" aria-hidden="true" />
        )
      ) : statements.data.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{T.none}</p>
      ) : (
        <StatementList statements={statements.data} />
      )}
    </section>
  );
}
