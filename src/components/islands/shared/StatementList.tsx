import { useState } from 'react';
import toast from '~/lib/toast';
import { statementFile, statementFileName, type MonthlyStatement } from '~/lib/statements';
import { monthLabel, type PeriodLanguage } from '~/lib/statement-period';
import type { StatementWords } from '~/i18n/member/pages/statement';
import { fill } from '~/i18n/fill';
import { ltrIn } from '~/lib/bidi';
import { saveFile } from './saveFile';

/**
 * Monthly statements, one row each, with their signed PDF and CSV to download: the member's, in the
 * page's language, and any member's in the admin area, in English (its page passes the English words).
 * A month is named in the language; a reference and a file kind are codes, the same in every language.
 */
export default function StatementList({
  statements,
  words,
  language,
}: {
  statements: MonthlyStatement[];
  words: StatementWords['list'];
  language: Pick<PeriodLanguage, 'locale'>;
}) {
  const [busy, setBusy] = useState<string | null>(null);

  async function download(statement: MonthlyStatement, kind: 'pdf' | 'csv') {
    const path = kind === 'pdf' ? statement.pdfPath : statement.csvPath;
    if (!path) return;
    setBusy(`${statement.id}-${kind}`);
    try {
      saveFile(await statementFile(path), statementFileName(statement, kind));
    } catch {
      toast.error(words.failed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <ul className="divide-y divide-mist-200">
      {statements.map((s) => {
        // The stored label is the English statement's; another language names the month itself.
        const period = language.locale === 'en' ? s.periodLabel : monthLabel(s.month, language);
        return (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-ink-950">{period}</p>
              <p className="text-sm text-muted [overflow-wrap:anywhere]">
                <bdi dir="ltr">{s.reference}</bdi>
                {s.replaces && (
                  <>
                    {' · '}
                    {fill(words.correction, { reference: ltrIn(language.locale, s.replaces) })}
                  </>
                )}
                {s.replaced && ` · ${words.replaced}`}
              </p>
            </div>
            {s.pdfPath && s.csvPath ? (
              <div className="flex gap-2">
                {(['pdf', 'csv'] as const).map((kind) => (
                  <button
                    key={kind}
                    type="button"
                    className="btn-outline-dark"
                    aria-label={fill(words.download, { period, kind: kind.toUpperCase() })}
                    disabled={busy === `${s.id}-${kind}`}
                    onClick={() => void download(s, kind)}
                  >
                    {kind.toUpperCase()}
                  </button>
                ))}
              </div>
            ) : (
              <p className="text-sm text-muted">{words.preparing}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
