import { useState } from 'react';
import toast from '~/lib/toast';
import { statementFile, statementFileName, type MonthlyStatement } from '~/lib/statements';
import { saveFile } from './saveFile';

const T = {
  preparing: 'Being prepared',
  replaced: 'Replaced by a corrected version',
  correction: (replaces: string) => `Corrected version: replaces ${replaces}`,
  download: (label: string, kind: string) => `Download the ${label} statement as ${kind}`,
  failed: 'The file could not be downloaded. Try again in a moment.',
};

/** Monthly statements, one row each, with their signed PDF and CSV to download (member and staff). */
export default function StatementList({ statements }: { statements: MonthlyStatement[] }) {
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
    <ul className="divide-y divide-mist-200">
      {statements.map((s) => (
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
  );
}
