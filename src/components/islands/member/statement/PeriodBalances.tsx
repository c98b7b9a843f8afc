import { formatUsdIn } from '~/lib/money-in-language';
import { LEDGER_ACCOUNTS } from '~/lib/accounts';
import type { PeriodSummary } from '~/lib/statement-period';
import type { StatementWords } from '~/i18n/member/pages/statement';
import { useMemberLanguage } from '../member-language';

const ROWS = ['opening', 'credits', 'debits', 'closing'] as const;

/**
 * Each account's opening and closing balance over the period, with what came in and went out. The
 * same boxes with dashes before the lines are read, so nothing below moves when they arrive. Amounts
 * read left to right on an Arabic page too.
 */
export default function PeriodBalances({
  summary,
  words,
}: {
  summary: PeriodSummary | null;
  words: StatementWords['balances'];
}) {
  const { locale, words: shell } = useMemberLanguage();
  return (
    <ul className="mt-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-label={words.label}>
      {LEDGER_ACCOUNTS.map((account) => {
        const a = summary?.accounts.find((x) => x.account === account);
        return (
          <li key={account} className="rounded-lg border border-mist-200 p-4">
            <p className="font-semibold text-ink-950">{shell.accounts[account]}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {ROWS.map((key) => (
                <div key={key} className="contents">
                  <dt className="text-muted">{words[key]}</dt>
                  <dd className="text-end tabular-nums text-ink-900">
                    {a ? (
                      <bdi dir="ltr">
                        {key === 'debits' && a.debits !== '0.00'
                          ? formatUsdIn(locale, `-${a.debits}`)
                          : formatUsdIn(locale, a[key])}
                      </bdi>
                    ) : (
                      '—'
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
