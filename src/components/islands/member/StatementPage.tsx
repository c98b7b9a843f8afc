import { useEffect, useId, useMemo, useState } from 'react';
import MemberShell from './MemberShell';
import { BALANCE_ACCOUNTS, type BalanceAccount } from '~/lib/admin/balances';
import { accountLabel, chartSeries, myLedger, type LedgerEntry } from '~/lib/ledger';
import { formatUsd } from '~/lib/money';
import { watchTable } from '~/lib/profile';

const W = 640;
const H = 200;
const PAD = 8;

/** Balance after each entry of one account as an inline SVG step line (no chart library). */
function BalanceChart({ entries, account }: { entries: LedgerEntry[]; account: BalanceAccount }) {
  const titleId = useId();
  const points = chartSeries(entries, account);
  if (points.length === 0) {
    return <p className="text-sm text-muted">No changes to {accountLabel(account)} yet.</p>;
  }
  // Start from the balance before the first change, so a single entry still draws a step.
  const first = entries.find((e) => e.account === account);
  const ys = [Number(first?.balance_before ?? 0), ...points.map((p) => p.y)];
  const max = Math.max(...ys, 0);
  const min = Math.min(...ys, 0);
  const span = max - min || 1;
  const x = (i: number) => PAD + (i * (W - 2 * PAD)) / Math.max(ys.length - 1, 1);
  const y = (v: number) => H - PAD - ((v - min) * (H - 2 * PAD)) / span;
  let path = `M ${x(0)} ${y(ys[0] ?? 0)}`;
  for (let i = 1; i < ys.length; i += 1) path += ` H ${x(i)} V ${y(ys[i] ?? 0)}`;
  const last = points[points.length - 1];
  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby={titleId}>
        <title id={titleId}>
          {`${accountLabel(account)} over time: ${points.length} change${points.length === 1 ? '' : 's'}, now ${formatUsd(last?.label)}`}
        </title>
        <line x1={PAD} x2={W - PAD} y1={y(0)} y2={y(0)} stroke="#c4ccdb" strokeDasharray="4 4" />
        <path d={path} fill="none" stroke="#a67c1c" strokeWidth={3} strokeLinejoin="round" />
        {ys.map((v, i) => (
          <circle key={i} cx={x(i)} cy={y(v)} r={4} fill="#0a1326" />
        ))}
      </svg>
      <figcaption className="mt-2 text-sm text-muted">
        {accountLabel(account)} after each change. Now {formatUsd(last?.label)}.
      </figcaption>
    </figure>
  );
}

function StatementContent({ userId }: { userId: string }) {
  const [entries, setEntries] = useState<LedgerEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [account, setAccount] = useState<BalanceAccount | ''>('');

  useEffect(
    () =>
      watchTable([{ table: 'ledger_entries', filter: `user_id=eq.${userId}` }], myLedger, {
        onData: (rows) => {
          setEntries(rows);
          setError(null);
        },
        onError: (err) => setError(err.message),
      }),
    [userId],
  );

  const present = useMemo(
    () => BALANCE_ACCOUNTS.filter((a) => entries?.some((e) => e.account === a)),
    [entries],
  );
  const chosen: BalanceAccount = account || present[0] || 'interest_wallet';
  const newestFirst = useMemo(() => (entries ? [...entries].reverse() : []), [entries]);

  return (
    <div className="space-y-8">
      {error && (
        <p role="alert" className="text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
      <section aria-labelledby="chart-heading" className="card p-5 sm:p-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="chart-heading" className="text-xl text-ink-950">
            Balance over time
          </h2>
          <div>
            <label htmlFor="chart-account" className="field-label">
              Account
            </label>
            <select
              id="chart-account"
              className="field-input"
              value={chosen}
              onChange={(e) => setAccount(e.target.value as BalanceAccount)}
            >
              {BALANCE_ACCOUNTS.map((a) => (
                <option key={a} value={a}>
                  {accountLabel(a)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="mt-4">
          {entries === null ? (
            <div className="h-40 animate-pulse rounded bg-mist-100" aria-hidden="true" />
          ) : (
            <BalanceChart entries={entries} account={chosen} />
          )}
        </div>
      </section>
      <section aria-labelledby="ledger-heading" className="card p-5 sm:p-6">
        <h2 id="ledger-heading" className="text-xl text-ink-950">
          Ledger entries
        </h2>
        {entries === null ? (
          <div className="mt-4 h-32 animate-pulse rounded bg-mist-100" aria-hidden="true" />
        ) : entries.length === 0 ? (
          <p className="mt-4 text-sm text-muted">No balance changes yet.</p>
        ) : (
          <>
            {/* Narrow screens: one card per entry instead of a table wider than the screen. */}
            <ul className="mt-4 divide-y divide-mist-200 sm:hidden">
              {newestFirst.map((e) => (
                <li key={e.id} className="py-3 text-sm">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="font-semibold text-ink-950">{accountLabel(e.account)}</span>
                    <span
                      className={`tabular-nums ${e.delta.startsWith('-') ? 'text-danger-600' : 'text-success-600'}`}
                    >
                      {formatUsd(e.delta, { signed: true })}
                    </span>
                  </div>
                  <p className="mt-0.5 text-muted">
                    {new Date(e.created_at).toLocaleString()} · Balance after {formatUsd(e.balance_after)}
                  </p>
                  <p className="mt-0.5 text-ink-800">{e.reason}</p>
                </li>
              ))}
            </ul>
            <div className="mt-4 hidden overflow-x-auto sm:block">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <thead className="border-b border-mist-200 text-xs tracking-wider text-muted uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-4">
                      Date
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Account
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right">
                      Change
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right">
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
                      <td className="py-2 pr-4 whitespace-nowrap">
                        {new Date(e.created_at).toLocaleString()}
                      </td>
                      <td className="py-2 pr-4">{accountLabel(e.account)}</td>
                      <td
                        className={`py-2 pr-4 text-right tabular-nums ${e.delta.startsWith('-') ? 'text-danger-600' : 'text-success-600'}`}
                      >
                        {formatUsd(e.delta, { signed: true })}
                      </td>
                      <td className="py-2 pr-4 text-right tabular-nums">{formatUsd(e.balance_after)}</td>
                      <td className="py-2">{e.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

/** /user/statement: the member's ledger (rpc my_ledger) and a small balance chart, kept live. */
export default function StatementPage() {
  return (
    <MemberShell current="/user/statement" heading="Statement">
      {({ session }) => <StatementContent userId={session.user.id} />}
    </MemberShell>
  );
}
