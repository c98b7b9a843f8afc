import type { LedgerEntry } from '~/lib/ledger';
import { accountLabel } from '~/lib/ledger';
import { formatUsd } from '~/lib/money';
import { formatDateTime } from '~/lib/date-time';

/** Credits green, debits red, the same in the cards and the table. */
const deltaColour = (delta: string): string =>
  delta.startsWith('-') ? 'text-danger-600' : 'text-success-600';

/** The ledger newest first: one card per entry on narrow screens, a table from `sm` up. */
export default function LedgerEntries({ newestFirst }: { newestFirst: LedgerEntry[] }) {
  return (
    <>
      {/* Narrow screens: one card per entry instead of a table wider than the screen. */}
      <ul className="mt-4 divide-y divide-mist-200 sm:hidden">
        {newestFirst.map((e) => (
          <li key={e.id} className="py-3 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-semibold text-ink-950">{accountLabel(e.account)}</span>
              <span className={`tabular-nums ${deltaColour(e.delta)}`}>
                {formatUsd(e.delta, { signed: true })}
              </span>
            </div>
            <p className="mt-0.5 text-muted">
              {formatDateTime(e.created_at)} · Balance after {formatUsd(e.balance_after)}
            </p>
            <p className="mt-0.5 text-ink-800">{e.reason}</p>
          </li>
        ))}
      </ul>
      <div className="mt-4 hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[40rem] text-start text-sm">
          <thead className="border-b border-mist-200 text-xs tracking-wider text-muted uppercase">
            <tr>
              <th scope="col" className="py-2 pe-4">
                Date
              </th>
              <th scope="col" className="py-2 pe-4">
                Account
              </th>
              <th scope="col" className="py-2 pe-4 text-end">
                Change
              </th>
              <th scope="col" className="py-2 pe-4 text-end">
                Balance after
              </th>
              <th scope="col" className="py-2">
                Reason
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-mist-200">
            {newestFirst.map((e) => (
              <tr key={e.id}>
                <td className="py-2 pe-4 whitespace-nowrap">{formatDateTime(e.created_at)}</td>
                <td className="py-2 pe-4">{accountLabel(e.account)}</td>
                <td className={`py-2 pe-4 text-end tabular-nums ${deltaColour(e.delta)}`}>
                  {formatUsd(e.delta, { signed: true })}
                </td>
                <td className="py-2 pe-4 text-end tabular-nums">{formatUsd(e.balance_after)}</td>
                <td className="py-2">{e.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
