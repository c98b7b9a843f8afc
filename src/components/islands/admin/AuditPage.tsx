import { Suspense, useCallback, useId, useState, type FormEvent } from 'react';
import toast from '~/lib/toast';
import {
  AUDIT_EXPORT_LIMIT,
  EMPTY_FILTER,
  auditCsv,
  exportAuditEvents,
  listAuditEvents,
  verifyChain,
  type AuditCursor,
  type AuditFilter,
  type ChainVerdict,
} from '~/lib/admin/audit';
import { AUDIT_KINDS, auditKindWords, auditSentence } from '~/lib/admin/audit-words';
import { errorText } from '~/lib/db-errors';
import AdminArea, { type AdminPath } from './AdminArea';
import { formatDateTime } from './format';
import { countText as count } from '~/lib/digits';
import { useLoad } from '../shared/useLoad';
import { saveFile } from '../shared/saveFile';
import LoadingCards from '../shared/LoadingCards';
import { lazyPart } from '../shared/lazyPart';

// Taking and checking anchors is an occasional task: its panel loads right after the page, in the
// place a loading card keeps for it, out of the page's first load (tests/budgets.json).
const AnchorPanel = lazyPart(() => import('./AnchorPanel'));

const PAGE = 50;

function summary(value: unknown): string {
  if (value === null || value === undefined) return '';
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${v === null ? '—' : String(v)}`)
    .join(', ');
}

/** /admin/audit: the database's own record of privileged events, filtered and paged on the server. */
function Audit() {
  const [draft, setDraft] = useState<AuditFilter>(EMPTY_FILTER);
  const [filter, setFilter] = useState<AuditFilter>(EMPTY_FILTER);
  // The cursor of each page shown so far (null: the newest page); Newer pops, Older pushes.
  const [cursors, setCursors] = useState<(AuditCursor | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const [verdict, setVerdict] = useState<ChainVerdict | null>(null);
  // Events checked so far while a verification walks the log range by range.
  const [verifying, setVerifying] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const load = useCallback(() => listAuditEvents(filter, cursor, PAGE), [filter, cursor]);
  const { data, error, loading } = useLoad(load, 'Could not load the audit log.', { toast: false });
  // Events on screen from the last answer while the next one loads (a new filter or page).
  const stale = loading && data !== null;

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCursors([null]);
    setFilter(draft);
  }

  async function exportCsv() {
    setBusy(true);
    try {
      saveFile(auditCsv(await exportAuditEvents(filter)), 'audit-events.csv');
    } catch (e) {
      toast.error(errorText(e, 'Could not export the audit log.'));
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    setBusy(true);
    setVerdict(null);
    setVerifying(0);
    try {
      setVerdict(await verifyChain(setVerifying));
    } catch (e) {
      toast.error(errorText(e, 'Could not verify the audit log.'));
    } finally {
      setVerifying(null);
      setBusy(false);
    }
  }

  const field = (key: keyof AuditFilter) => ({
    id: `${ids}-${key}`,
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });

  return (
    <div className="space-y-6">
      <section className="card flex flex-wrap items-center gap-3 p-4" aria-label="Chain verification">
        <button type="button" className="btn-dark" disabled={busy} onClick={() => void verify()}>
          Verify chain
        </button>
        {verifying !== null && (
          <p role="status">
            {verifying === 0 ? 'Verifying…' : `Verifying… ${count(verifying)} events checked so far.`}
          </p>
        )}
        {verdict && (
          <p role="status" className={verdict.intact ? 'text-success-600' : 'text-danger-600'}>
            {verdict.intact
              ? `Intact: all ${count(verdict.checked)} events check out (up to event #${verdict.intact_through ?? 0}).`
              : `Broken at event #${verdict.broken_at}: ${verdict.problem} Intact up to event #${verdict.intact_through ?? 0}.`}
          </p>
        )}
      </section>

      <Suspense fallback={<LoadingCards label="Loading audit anchors" count={1} />}>
        <AnchorPanel />
      </Suspense>

      <form className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-6" onSubmit={apply} noValidate>
        <div>
          <label htmlFor={`${ids}-kind`} className="field-label">
            Kind
          </label>
          <select className="field-input" {...field('kind')}>
            <option value="">Any</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {auditKindWords(k)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-actor`} className="field-label">
            Actor e-mail
          </label>
          <input className="field-input" type="email" {...field('actor')} />
        </div>
        <div>
          <label htmlFor={`${ids}-member`} className="field-label">
            Member e-mail
          </label>
          <input className="field-input" type="email" {...field('member')} />
        </div>
        <div>
          <label htmlFor={`${ids}-from`} className="field-label">
            From
          </label>
          <input className="field-input" type="date" {...field('from')} />
        </div>
        <div>
          <label htmlFor={`${ids}-to`} className="field-label">
            To
          </label>
          <input className="field-input" type="date" {...field('to')} />
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <button type="submit" className="btn-dark">
            Filter
          </button>
          <button type="button" className="btn-outline-dark" disabled={busy} onClick={() => void exportCsv()}>
            Export CSV
          </button>
        </div>
        <p className="text-xs text-muted sm:col-span-2 lg:col-span-6">
          The CSV holds the filtered events, newest first, up to {count(AUDIT_EXPORT_LIMIT)}.
        </p>
      </form>

      {error && (
        <p role="alert" className="text-danger-600">
          {error}
        </p>
      )}
      {/* Until the new filter's or page's events arrive, the ones shown are the last answer's: dimmed,
          and the paging below waits, since a page turned from them would start at the wrong event. */}
      {stale && (
        <p role="status" className="text-sm text-muted">
          Loading events…
        </p>
      )}
      <ol
        className={`space-y-3 transition-opacity ${stale ? 'opacity-50' : ''}`}
        aria-label="Audit events, newest first"
        aria-busy={loading}
      >
        {data?.rows.map((e) => (
          <li key={e.id} className="card p-4 text-sm">
            <article aria-label={`Event #${e.id}: ${auditKindWords(e.kind)}`}>
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold text-ink-950">{auditKindWords(e.kind)}</span>
                <time dateTime={e.occurred_at} className="text-muted">
                  {formatDateTime(e.occurred_at)}
                </time>
              </p>
              <p className="mt-1 break-words text-ink-800 [overflow-wrap:anywhere]">{auditSentence(e)}</p>
              {/* The recorded fields, as the CSV has them: for checking, not for reading. */}
              <details className="mt-2 text-muted">
                <summary className="cursor-pointer text-sm font-medium text-ink-900">Details</summary>
                <p className="mt-1 break-all">
                  Event #{e.id} · {e.kind} · {e.actor_email} ({e.actor_role})
                  {e.member_email && ` · member ${e.member_email}`}
                </p>
                {e.before !== null && <p className="mt-1 break-all">Before: {summary(e.before)}</p>}
                {e.after !== null && <p className="mt-1 break-all">After: {summary(e.after)}</p>}
              </details>
            </article>
          </li>
        ))}
      </ol>
      {!loading && data?.rows.length === 0 && <p className="text-muted">No events match.</p>}
      <nav className="flex gap-2" aria-label="Audit pages">
        <button
          type="button"
          className="btn-outline-dark"
          disabled={cursors.length === 1 || loading}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Newer
        </button>
        <button
          type="button"
          className="btn-outline-dark"
          disabled={!data?.hasMore || loading}
          onClick={() => {
            const last = data?.rows[data.rows.length - 1];
            if (last) setCursors([...cursors, { occurred_at: last.occurred_at, id: last.id }]);
          }}
        >
          Older
        </button>
      </nav>
    </div>
  );
}

export default function AuditPage({ current }: { current: AdminPath }) {
  return (
    <AdminArea current={current} title="Audit log">
      {(session) =>
        session.can.readAudit ? (
          <Audit />
        ) : (
          <p className="text-muted">The audit log is for auditors and owners.</p>
        )
      }
    </AdminArea>
  );
}
