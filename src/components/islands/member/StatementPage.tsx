import { Suspense, useEffect, useMemo, useState } from 'react';
import MemberShell from './MemberShell';
import BalanceChart from './statement/BalanceChart';
import LedgerEntries from './statement/LedgerEntries';
import { CHART_CAPTION_CLASS } from './statement/caption-slot';
import { saveFile } from '../shared/saveFile';
import { useEarlyAnswer } from '../shared/useEarlyAnswer';
import { LEDGER_ACCOUNTS, type BalanceAccount } from '~/lib/accounts';
import { accountLabel, myLedger, type LedgerEntry } from '~/lib/ledger';
import { defaultChartAccount } from '~/lib/ledger-entry';
import { earlyStatement, pendingEarlyStatement } from '~/lib/early-statement';
import { watchTable } from '~/lib/realtime';
import { lazyPart } from '../shared/lazyPart';
import { MONTHLY_HEADING, MONTHLY_LINK_NOTE } from './statement/monthly-heading';

// The monthly statements (and the storage client their downloads use) load after the page, below
// the live view, so nothing above them moves when they arrive.
const MonthlyStatements = lazyPart(() => import('./statement/MonthlyStatements'));

/** Saves the statement as a CSV file (made in the browser; nothing is sent anywhere). */
async function downloadStatement(entries: LedgerEntry[]): Promise<void> {
  // Loaded on demand: most visits never export.
  const { ledgerCsv } = await import('~/lib/ledger-csv');
  saveFile(ledgerCsv(entries), `liquid-capital-statement-${new Date().toISOString().slice(0, 10)}.csv`);
}

interface StatementBodyProps {
  /** The signed-in member (null in the build-time skeleton). */
  userId?: string | null;
  /** Oldest first; null until read. */
  entries: LedgerEntry[] | null;
  error?: string | null;
  /** The account the member picked for the chart ('' = the default). */
  account?: BalanceAccount | '';
  onAccount?: (account: BalanceAccount) => void;
}

/**
 * The statement: the balance chart of one account and the ledger, newest first. Also the page's
 * build-time skeleton (entries null), whose caption placeholder the early paint fills.
 */
export function StatementBody({
  userId = null,
  entries,
  error = null,
  account = '',
  onAccount,
}: StatementBodyProps) {
  const chosen: BalanceAccount = account || (entries ? defaultChartAccount(entries) : 'interest_wallet');
  const newestFirst = useMemo(() => (entries ? [...entries].reverse() : []), [entries]);

  return (
    <div className="space-y-8">
      <p className="text-sm">
        <a href="#monthly-heading" className="font-semibold text-ink-900 underline underline-offset-2">
          {MONTHLY_HEADING}
        </a>{' '}
        <span className="text-muted">{MONTHLY_LINK_NOTE}</span>
      </p>
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
              disabled={entries === null}
              onChange={(e) => onAccount?.(e.target.value as BalanceAccount)}
            >
              {/* The four ledger accounts: Total Deposit and Total Withdraw are sums, without lines of their own. */}
              {LEDGER_ACCOUNTS.map((a) => (
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
            <figure>
              <div className="h-60 animate-pulse rounded bg-mist-100" aria-hidden="true" />
              {/* Where the chart's caption will be: filled early (early-statement-paint.ts) if it can. */}
              <figcaption className={CHART_CAPTION_CLASS} data-caption-slot />
            </figure>
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
            <button
              type="button"
              className="btn-outline-dark"
              onClick={() => void downloadStatement(entries)}
            >
              Download CSV
            </button>
          )}
        </div>
        {entries === null ? (
          <div className="mt-4 h-32 animate-pulse rounded bg-mist-100" aria-hidden="true" />
        ) : entries.length === 0 ? (
          <p className="mt-4 text-sm text-muted">No balance changes yet.</p>
        ) : (
          <LedgerEntries newestFirst={newestFirst} />
        )}
      </section>
      {entries === null || userId === null ? (
        <section aria-labelledby="monthly-heading" className="card p-5 sm:p-6">
          <h2 id="monthly-heading" className="text-xl text-ink-950">
            {MONTHLY_HEADING}
          </h2>
          <div className="mt-4 h-16 animate-pulse rounded bg-mist-100" aria-hidden="true" />
        </section>
      ) : (
        <Suspense fallback={<div className="card h-40 animate-pulse" aria-hidden="true" />}>
          <MonthlyStatements userId={userId} />
        </Suspense>
      )}
    </div>
  );
}

function StatementContent({ userId, early }: { userId: string; early: LedgerEntry[] | null }) {
  const [entries, setEntries] = useState<LedgerEntry[] | null>(early);
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

  return (
    <StatementBody userId={userId} entries={entries} error={error} account={account} onAccount={setAccount} />
  );
}

/** /user/statement: the member's ledger (rpc my_ledger) and a small balance chart, kept live. */
export default function StatementPage() {
  const [early] = useEarlyAnswer(earlyStatement, pendingEarlyStatement);
  return (
    <MemberShell
      current="/user/statement"
      heading="Statement"
      skeleton={() => <StatementBody entries={early} />}
    >
      {({ session }) => <StatementContent userId={session.user.id} early={early} />}
    </MemberShell>
  );
}
