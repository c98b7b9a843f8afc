import { useCallback, useId, useState, type SubmitEvent } from 'react';
import AdminArea, { type AdminPath } from './AdminArea';
import { formatDateTime } from './format';
import { useLoad } from '../shared/useLoad';
import LoadingCards from '../shared/LoadingCards';
import StatementList from '../shared/StatementList';
import { findStatementHolder, listStatementRuns, type StatementHolder } from '~/lib/admin/statements';
import { statementsOf } from '~/lib/statements';
import { monthLabel } from '~/lib/statement-period';
import { errorText } from '~/lib/db-errors';
import { isolate } from '~/lib/bidi';
import type { StatementWords } from '~/i18n/member/pages/statement';

/** Statements are listed as the admin area writes everything: in English. */
const ENGLISH = { locale: 'en', intl: 'en-GB' } as const;

const T = {
  runsHeading: 'Statement runs',
  runsIntro:
    'Each run of the monthly statement job: how many statements it made, how many have their signed PDF and CSV stored, and what failed. Statements are never changed; a correction is a new version.',
  noRuns: 'No statement run yet. The job runs after each month ends (npm run statements).',
  status: { running: 'Running', completed: 'Completed', failed: 'Failed: some statements have no files yet' },
  counts: (made: number, published: number) => `${made} made · ${published} with files`,
  memberHeading: "A member's statements",
  lookupLabel: 'Account number or e-mail address',
  lookup: 'Show statements',
  notFound: 'No member has that account number or e-mail address.',
  none: 'This member has no statements yet.',
  holder: (h: StatementHolder) => `${isolate(h.username)} · ${h.account_number} · ${h.email}`,
};

function Runs() {
  const { data, error } = useLoad(listStatementRuns, 'The statement runs could not be loaded.', {
    toast: false,
  });
  if (error && !data)
    return (
      <p role="alert" className="mt-4 text-danger-600">
        {error}
      </p>
    );
  if (!data) return <LoadingCards label="Loading statement runs" count={2} />;
  if (data.length === 0) return <p className="mt-4 text-sm text-muted">{T.noRuns}</p>;
  return (
    <ol className="mt-4 divide-y divide-mist-200" aria-label={T.runsHeading}>
      {data.map((r) => (
        <li key={r.run} className="py-3">
          <p className="font-semibold text-ink-950">
            {monthLabel(r.month)} · {T.status[r.status]}
          </p>
          <p className="text-sm text-muted">
            {T.counts(r.made, r.published)} · started {formatDateTime(r.started_at)}
            {r.finished_at && ` · finished ${formatDateTime(r.finished_at)}`}
          </p>
          {r.failures.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-danger-600">
              {r.failures.map((f) => (
                <li key={`${f.reference}-${f.at}`} className="[overflow-wrap:anywhere]">
                  {f.reference}: {f.error}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

function MemberStatements({ listWords }: { listWords: StatementWords['list'] }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [holder, setHolder] = useState<StatementHolder | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(() => (holder ? statementsOf(holder.id) : Promise.resolve([])), [holder]);
  const statements = useLoad(holder ? load : null, 'The statements could not be loaded.');

  async function lookUp(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    try {
      const found = await findStatementHolder(query);
      setHolder(found);
      if (!found) setProblem(T.notFound);
    } catch (e) {
      setProblem(errorText(e, 'The member could not be looked up.'));
    }
  }

  return (
    <>
      <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={(e) => void lookUp(e)}>
        <div className="min-w-0 grow sm:max-w-sm">
          <label htmlFor={`${id}-q`} className="field-label">
            {T.lookupLabel}
          </label>
          <input
            id={`${id}-q`}
            className="field-input w-full"
            value={query}
            required
            autoComplete="off"
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-dark">
          {T.lookup}
        </button>
      </form>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-3 text-sm font-medium text-danger-600">
          {problem}
        </p>
      )}
      {holder && (
        <div className="mt-4">
          <p className="text-sm font-semibold text-ink-950 [overflow-wrap:anywhere]">{T.holder(holder)}</p>
          {statements.data === null ? (
            <div className="mt-4 h-16 animate-pulse rounded bg-mist-100" aria-hidden="true" />
          ) : statements.data.length === 0 ? (
            <p className="mt-2 text-sm text-muted">{T.none}</p>
          ) : (
            <div className="mt-4">
              <StatementList statements={statements.data} words={listWords} language={ENGLISH} />
            </div>
          )}
        </div>
      )}
    </>
  );
}

/** /admin/statements: the statement job's runs and any member's statements (auditors and owners). */
export default function StatementsPage({
  current,
  listWords,
}: {
  current: AdminPath;
  /** The statement list's English words, given by the page (the admin area is English). */
  listWords: StatementWords['list'];
}) {
  return (
    <AdminArea current={current} title="Statements">
      {() => (
        <div className="space-y-8">
          <section aria-labelledby="runs-heading" className="card p-5 sm:p-6">
            <h2 id="runs-heading" className="text-xl text-ink-950">
              {T.runsHeading}
            </h2>
            <p className="mt-2 max-w-prose text-sm text-muted">{T.runsIntro}</p>
            <Runs />
          </section>
          <section aria-labelledby="member-statements-heading" className="card p-5 sm:p-6">
            <h2 id="member-statements-heading" className="text-xl text-ink-950">
              {T.memberHeading}
            </h2>
            <MemberStatements listWords={listWords} />
          </section>
        </div>
      )}
    </AdminArea>
  );
}
