import { useState } from 'react';
import toast from '~/lib/toast';
import { myStatements, statementFile, statementFileName, type MonthlyStatement } from '~/lib/statements';
import { useLoad } from '../../shared/useLoad';
import { saveFile } from '../../shared/saveFile';
import { MONTHLY_HEADING } from './monthly-heading';

const T = {
  intro:
    'A statement for each month, prepared after the month ends (Hong Kong time) and available by the seventh business day. Each is a PDF signed by Liquid Capital Limited, with the same lines as a CSV file.',
  none: 'Your first monthly statement will appear here after the end of your first month with us.',
  preparing: 'Being prepared',
  replaced: 'Replaced by a corrected version',
  correction: (replaces: string) => `Corrected version: replaces ${replaces}`,
  download: (label: string, kind: string) => `Download the ${label} statement as ${kind}`,
  failed: 'The file could not be downloaded. Try again in a moment.',
};

/** The member's monthly statements: each month with its signed PDF and its CSV to download. */
export default function MonthlyStatements() {
  const statements = useLoad(myStatements, 'Your monthly statements could not be loaded.');
  const [busy, setBusy] = useState<string | null>(null);

  async function download(statement: MonthlyStatement, kind: 'pdf' | 'csv') {
    const path = kind === 'pdf' ? statement.pdfPath : statement.csvPath;
    if (!path) return;
    setBusy(`${statement.id}-${kind}`);
    try {
      saveFile(await statementFile(path), statementFileName(statement, kind));
    } catch {
      toast.error(T.failed);
    } finally {
      setBusy(null);
    }
  }

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
        <ul className="mt-4 divide-y divide-mist-200">
          {statements.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-ink-950">{s.periodLabel}</p>
                <p className="text-sm text-muted [overflow-wrap:anywhere]">
                  {s.reference}
                  {s.replaces && ` · ${T.correction(s.replaces)}`}
                  {s.replaced && ` · ${T.replaced}`}
                </p>
              </div>
              {s.pdfPath && s.csvPath ? (
                <div className="flex gap-2">
                  {(['pdf', 'csv'] as const).map((kind) => (
                    <button
                      key={kind}
                      type="button"
                      className="btn-outline-dark"
                      aria-label={T.download(s.periodLabel, kind.toUpperCase())}
                      disabled={busy === `${s.id}-${kind}`}
                      onClick={() => void download(s, kind)}
                    >
                      {kind.toUpperCase()}
                    </button>
                  ))}
                </div>
              ) : (
                <p className="text-sm text-muted">{T.preparing}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
