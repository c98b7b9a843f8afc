import { useCallback } from 'react';
import { statementsOf } from '~/lib/statements';
import type { StatementWords } from '~/i18n/member/pages/statement';
import { useLoad } from '../../shared/useLoad';
import StatementList from '../../shared/StatementList';
import { useMemberLanguage } from '../member-language';
import MonthlyFrame from './MonthlyFrame';

/** The member's monthly statements: each month with its signed PDF and its CSV to download. */
export default function MonthlyStatements({ userId, words }: { userId: string; words: StatementWords }) {
  const { locale } = useMemberLanguage();
  const load = useCallback(() => statementsOf(userId), [userId]);
  const statements = useLoad(load, words.monthly.failed, { toast: false });
  if (statements.data === null) {
    return (
      <MonthlyFrame words={words.monthly}>
        {statements.error ? (
          <p role="alert" className="text-sm font-medium text-danger-600">
            {locale === 'en' ? statements.error : words.monthly.failed}
          </p>
        ) : undefined}
      </MonthlyFrame>
    );
  }
  return (
    <MonthlyFrame words={words.monthly}>
      {statements.data.length === 0 ? (
        <p className="text-sm text-muted">{words.monthly.none}</p>
      ) : (
        <StatementList statements={statements.data} words={words.list} language={{ locale }} />
      )}
    </MonthlyFrame>
  );
}
