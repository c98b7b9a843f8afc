import { supabase } from '~/lib/supabase';
import { DbError } from '~/lib/db-errors';
import { csvCell } from '~/lib/ledger-csv';
import { peopleById } from './people';
import {
  AUDIT_EXPORT_LIMIT,
  checkAuditAnchor,
  queryAuditExport,
  queryAuditPage,
  takeAuditAnchor,
  walkAuditChain,
  type AnchorCheck,
  type AuditAnchor,
  type RawAuditEvent,
} from './audit-query';

/** One row of public.audit_events (written by the database; read by auditors and owners). */
export interface AuditEvent {
  id: number;
  occurred_at: string;
  actor_id: string | null;
  actor_role: string;
  actor_email: string;
  member_id: string | null;
  member_email: string;
  kind: string;
  before: unknown;
  after: unknown;
  reason: string;
}

export { AUDIT_EXPORT_LIMIT };

export interface AuditFilter {
  kind: string;
  /** E-mail of the staff member who acted (exact, case-insensitive). */
  actor: string;
  /** E-mail of the member concerned (exact, case-insensitive). */
  member: string;
  /** yyyy-mm-dd, inclusive, UTC. */
  from: string;
  to: string;
}

export const EMPTY_FILTER: AuditFilter = { kind: '', actor: '', member: '', from: '', to: '' };

// The kinds and their words: ./audit-words.ts (every kind the database records).

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkDates(filter: AuditFilter): void {
  for (const [label, value] of [
    ['From', filter.from],
    ['To', filter.to],
  ] as const) {
    if (value && !DATE.test(value)) throw new DbError(`${label} must be a date (yyyy-mm-dd).`);
  }
}

/** Where a page starts: just older than this event (the last row of the page before). */
export interface AuditCursor {
  occurred_at: string;
  id: number;
}

/**
 * One page of events, newest first, filtered on the server (the requests: ./audit-query.ts), with the
 * people on it named. `hasMore` comes from asking for one row more than the page, so no count over
 * the log is needed.
 */
export async function listAuditEvents(
  filter: AuditFilter,
  cursor: AuditCursor | null,
  limit: number,
): Promise<{ rows: AuditEvent[]; hasMore: boolean }> {
  checkDates(filter);
  const raw = await queryAuditPage(supabase(), filter, cursor, limit);
  return { rows: await named(raw.slice(0, limit)), hasMore: raw.length > limit };
}

/** The filtered set for the CSV, up to AUDIT_EXPORT_LIMIT events, newest first, people named. */
export async function exportAuditEvents(filter: AuditFilter): Promise<AuditEvent[]> {
  checkDates(filter);
  return named(await queryAuditExport(supabase(), filter, AUDIT_EXPORT_LIMIT));
}

/** Rows as the API returns them with the people on them named by e-mail. */
async function named(raw: RawAuditEvent[]): Promise<AuditEvent[]> {
  const people = await peopleById(raw.flatMap((r) => [r.actor_id, r.member_id]));
  return raw.map((r) => ({
    ...r,
    id: Number(r.id),
    reason: r.reason ?? '',
    actor_email: r.actor_id ? (people.get(r.actor_id)?.email ?? r.actor_id) : r.actor_role,
    member_email: r.member_id ? (people.get(r.member_id)?.email ?? r.member_id) : '',
  }));
}

/** The filtered events as CSV (RFC 4180, CRLF), newest first; before/after as JSON text. */
export function auditCsv(events: AuditEvent[]): string {
  const header = ['Event', 'Time (UTC)', 'Kind', 'Actor', 'Role', 'Member', 'Before', 'After', 'Reason'];
  const rows = events.map((e) =>
    [
      csvCell(String(e.id), false),
      csvCell(new Date(e.occurred_at).toISOString(), false),
      csvCell(e.kind, true),
      csvCell(e.actor_email, true),
      csvCell(e.actor_role, true),
      csvCell(e.member_email, true),
      csvCell(e.before === null ? '' : JSON.stringify(e.before), true),
      csvCell(e.after === null ? '' : JSON.stringify(e.after), true),
      csvCell(e.reason, true),
    ].join(','),
  );
  return [header.join(','), ...rows].join('\r\n') + '\r\n';
}

export interface ChainVerdict {
  intact: boolean;
  checked: number;
  intact_through: number | null;
  broken_at: number | null;
  problem: string | null;
}

/** Walks the whole chain with the browser's client, range by range (walkAuditChain, ./audit-query.ts). */
export function verifyChain(onProgress: (checked: number) => void = () => {}): Promise<ChainVerdict> {
  return walkAuditChain(supabase(), onProgress);
}

/** The newest event's number and hash, to keep outside the database. */
export function takeAnchor(): Promise<AuditAnchor> {
  return takeAuditAnchor(supabase());
}

/** Whether a kept anchor's event still has its hash (input checked first: ANCHOR_PROBLEM). */
export function checkAnchor(eventId: string, hash: string): Promise<AnchorCheck> {
  return checkAuditAnchor(supabase(), eventId, hash);
}
