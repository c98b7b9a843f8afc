import { useEffect, useId, useMemo, useRef, useState } from 'react';
import MemberShell from './MemberShell';
import { BALANCE_ACCOUNTS, type BalanceAccount } from '~/lib/accounts';
import { accountLabel, balanceChart, myLedger, type ChartBox, type LedgerEntry } from '~/lib/ledger';
import { formatUsd } from '~/lib/money';
import { watchTable } from '~/lib/realtime';

/** The chart is drawn at the size it is shown (1 unit = 1 CSS px), so its labels stay 12 px. */
const CHART_MARGINS = { height: 240, left: 96, right: 12, top: 12, bottom: 28 } as const;

/** The width of an element, following resizes (the chart's own width, not the window's). */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The balance of one account against real time: a point where each change happened, the balance held
 * flat until the next one (and until now), labelled amount and time axes. The chart's accessible
 * name states the period and the balance at its start and now; the table below lists every entry.
 */
function BalanceChart({ entries, account }: { entries: LedgerEntry[]; account: BalanceAccount }) {
  const titleId = useId();
  const descId = useId();
  const [frameRef, width] = useWidth<HTMLDivElement>(640);
  const BOX: ChartBox = { ...CHART_MARGINS, width: Math.max(width, 240) };
  // Read once per render: the line runs to the moment the page drew it.
  const [now] = useState(() => Date.now());
  const model = balanceChart(entries, account, BOX, now, (amount) => formatUsd(amount));
  if (!model) {
    return (
      <div ref={frameRef}>
        <p className="text-sm text-muted">No changes to {accountLabel(account)} yet.</p>
      </div>
    );
  }
  const first = model.points[0];
  const last = model.points[model.points.length - 1];
  const label = accountLabel(account);
  const when = (time: number) => new Date(time).toLocaleString();
  const changes = model.points.length;
  return (
    <div ref={frameRef}>
      <figure>
        <svg
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          width={BOX.width}
          height={BOX.height}
          className="block max-w-full"
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
        >
          <title id={titleId}>{`${label} balance: now ${formatUsd(last?.balance)}`}</title>
          <desc id={descId}>
            {`${changes} ${changes === 1 ? 'moment' : 'moments'} with changes, from ${when(first?.time ?? 0)} (${formatUsd(first?.balance)}) to ${when(last?.time ?? 0)} (${formatUsd(last?.balance)}).`}
          </desc>
          <g className="fill-muted text-xs">
            {model.yTicks.map((tick) => (
              <g key={tick.y}>
                <line
                  x1={BOX.left}
                  x2={BOX.width - BOX.right}
                  y1={tick.y}
                  y2={tick.y}
                  className="stroke-mist-200"
                />
                <text x={BOX.left - 8} y={tick.y + 4} textAnchor="end">
                  {tick.label}
                </text>
              </g>
            ))}
            {model.xTicks.map((tick, index) => (
              <text
                key={tick.x}
                x={tick.x}
                y={BOX.height - 8}
                textAnchor={index === 0 ? 'start' : index === model.xTicks.length - 1 ? 'end' : 'middle'}
              >
                {tick.label}
              </text>
            ))}
          </g>
          <path
            d={model.path}
            fill="none"
            className="stroke-accent-600"
            strokeWidth={3}
            strokeLinejoin="round"
          />
          {model.points.map((point) => (
            <circle key={point.time} cx={point.x} cy={point.y} r={4.5} className="fill-ink-900">
              <title>{`${when(point.time)}: ${formatUsd(point.balance)}`}</title>
            </circle>
          ))}
        </svg>
        <figcaption className="mt-2 text-sm text-muted">
          {label} after each change, on a time scale up to now. Now {formatUsd(last?.balance)}.
        </figcaption>
      </figure>
    </div>
  );
}

/** Saves the statement as a CSV file (made in the browser; nothing is sent anywhere). */
async function downloadCsv(entries: LedgerEntry[]) {
  // Loaded on demand: most visits never export.
  const { ledgerCsv } = await import('~/lib/ledger-csv');
  const url = URL.createObjectURL(new Blob([ledgerCsv(entries)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `liquid-capital-statement-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
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
        {/* Room for the chart (240 px) and a caption of up to two lines, loaded or not: the ledger below
            stays where it first appeared when the entries arrive (no layout shift). */}
        <div className="mt-4 min-h-[288px]">
          {entries === null ? (
            <div className="h-60 animate-pulse rounded bg-mist-100" aria-hidden="true" />
          ) : (
            <BalanceChart entries={entries} account={chosen} />
          )}
        </div>
      </section>
      <section aria-labelledby="ledger-heading" className="card p-5 sm:p-6">
        {/* As tall as the Download CSV button (min-h-11) before it appears: the heading stays put. */}
        <div className="flex min-h-11 flex-wrap items-center justify-between gap-3">
          <h2 id="ledger-heading" className="text-xl text-ink-950">
            Ledger entries
          </h2>
          {entries && entries.length > 0 && (
            <button type="button" className="btn-outline-dark" onClick={() => void downloadCsv(entries)}>
              Download CSV
            </button>
          )}
        </div>
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
