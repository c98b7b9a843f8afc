import { useCallback } from 'react';
import { statementsOf } from '~/lib/statements';
import { useLoad } from '../../shared/useLoad';
import StatementList from '../../shared/StatementList';
import MonthlyFrame from './MonthlyFrame';

const NONE = 'Your first monthly statement will appear here after the end of your first month with us.';

/** The member's monthly statements: each month with its signed PDF and its CSV to download. */
export default function MonthlyStatements({ userId }: { userId: string }) {
  const load = useCallback(() => statementsOf(userId), [userId]);
  const statements = useLoad(load, 'Your monthly statements could not be loaded.');
  if (statements.data === null) {
    return (
      <MonthlyFrame>
        {statements.error ? (
          <p role="alert" className="text-sm font-medium text-danger-600">
            {statements.error}
          </p>
        ) : undefined}
      </MonthlyFrame>
    );
  }
  return (
    <MonthlyFrame>
      {statements.data.length === 0 ? (
        <p className="text-sm text-muted">{NONE}</p>
      ) : (
        <StatementList statements={statements.data} />
      )}
    </MonthlyFrame>
  );
}
