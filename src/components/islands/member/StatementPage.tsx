import { useEffect, useMemo, useState } from 'react';
import MemberShell from './MemberShell';
import BalanceChart from './statement/BalanceChart';
import LedgerEntries from './statement/LedgerEntries';
import { saveCsv } from '../shared/saveCsv';
import { BALANCE_ACCOUNTS, type BalanceAccount } from '~/lib/accounts';
import { accountLabel, myLedger, type LedgerEntry } from '~/lib/ledger';
import { watchTable } from '~/lib/realtime';

/** Saves the statement as a CSV file (made in the browser; nothing is sent anywhere). */
async function downloadStatement(entries: LedgerEntry[]): Promise<void> {
  // Loaded on demand: most visits never export.
  const { ledgerCsv } = await import('~/lib/ledger-csv');
  saveCsv(ledgerCsv(entries), `liquid-capital-statement-${new Date().toISOString().slice(0, 10)}.csv`);
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
