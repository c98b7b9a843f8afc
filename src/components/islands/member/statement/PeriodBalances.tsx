import { formatUsd } from '~/lib/money';
import { LEDGER_ACCOUNTS } from '~/lib/accounts';
import { accountLabel } from '~/lib/ledger-entry';
import type { PeriodSummary } from '~/lib/statement-period';

const ROWS = [
  ['opening', 'Opening'],
  ['credits', 'Money in'],
  ['debits', 'Money out'],
  ['closing', 'Closing'],
] as const;

/**
 * Each account's opening and closing balance over the period, with what came in and went out. The
 * same boxes with dashes before the lines are read, so nothing below moves when they arrive.
 */
export default function PeriodBalances({ summary }: { summary: PeriodSummary | null }) {
  return (
    <ul className="mt-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-label="Opening and closing balances">
      {LEDGER_ACCOUNTS.map((account) => {
        const a = summary?.accounts.find((x) => x.account === account);
        return (
          <li key={account} className="rounded-lg border border-mist-200 p-4">
            <p className="font-semibold text-ink-950">{accountLabel(account)}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {ROWS.map(([key, label]) => (
                <div key={key} className="contents">
                  <dt className="text-muted">{label}</dt>
                  <dd className="text-end tabular-nums text-ink-900">
                    {a
                      ? key === 'debits' && a.debits !== '0.00'
                        ? `-${formatUsd(a.debits)}`
                        : formatUsd(a[key])
                      : '—'}
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
