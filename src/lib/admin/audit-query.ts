import type { AppSupabaseClient } from '~/lib/supabase';
import { DbError, toDbError } from '~/lib/db-errors';
import { ROWS_PER_REQUEST } from '~/lib/ledger-entry';
import type { AuditCursor, AuditEvent, AuditFilter, ChainVerdict } from './audit';

// The requests of one /admin/audit page, apart from the browser's client: listAuditEvents (audit.ts)
// sends them with it, and `npm run bench:scale` (Node) with its own signed-in client, so the bench
// times the very requests the screen makes.

/** A row as the API returns it, before the people on it are named. */
export type RawAuditEvent = Omit<AuditEvent, 'actor_email' | 'member_email'>;

type Rest = Pick<AppSupabaseClient, 'from'>;

/**
 * Auth stores addresses trimmed and lower-cased, so an exact match on that form is case-insensitive;
 * an equality can use profiles_email_idx under row-level security, where an ILIKE read every profile.
 */
async function idForEmail(rest: Rest, email: string): Promise<string | null> {
  const { data, error } = await rest
    .from('profiles')
    .select('id')
    .eq('email', email.trim().toLowerCase())
    .limit(1);
  if (error) throw toDbError(error, 'Could not look up that e-mail address.');
  return (data?.[0] as { id: string } | undefined)?.id ?? null;
}

/**
 * The timestamp as PostgREST returned it (microseconds kept: a JS Date would drop them and skip or
 * repeat events at a page edge), in the `Z` form so no `+` or `,` reaches the or-filter.
 */
function cursorTime(value: string): string {
  return value.replace(/\+00(:?00)?$/, 'Z');
}

/**
 * Up to limit + 1 events, newest first, filtered on the server (each filter column leads an index
 * ending in occurred_at, id: the migration's index plan); none when a named e-mail is nobody's. Pages
 * follow by key, not offset: the next page is the events older than the cursor in (occurred_at, id)
 * order, so page 20,000 costs what page 1 does. The redundant `occurred_at <= cursor` gives the
 * planner an index bound; the or-filter breaks ties. Dates are checked by the caller.
 */
export async function queryAuditPage(
  rest: Rest,
  filter: AuditFilter,
  cursor: AuditCursor | null,
  limit: number,
): Promise<RawAuditEvent[]> {
  let query = rest
    .from('audit_events')
    .select('id, occurred_at, actor_id, actor_role, member_id, kind, before, after, reason')
    .order('occurred_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit + 1);
  if (cursor) {
    const at = cursorTime(cursor.occurred_at);
    query = query
      .lte('occurred_at', at)
      .or(`occurred_at.lt.${at},and(occurred_at.eq.${at},id.lt.${Math.trunc(cursor.id)})`);
  }
  if (filter.kind) query = query.eq('kind', filter.kind);
  if (filter.from) query = query.gte('occurred_at', `${filter.from}T00:00:00Z`);
  if (filter.to)
    query = query.lt(
      'occurred_at',
      new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000).toISOString(),
    );
  for (const [column, email] of [
    ['actor_id', filter.actor],
    ['member_id', filter.member],
  ] as const) {
    if (!email.trim()) continue;
    const id = await idForEmail(rest, email);
    if (!id) return [];
    query = query.eq(column, id);
  }
  const { data, error } = await query;
  if (error) throw toDbError(error, 'Could not load the audit log.');
  return (data ?? []) as RawAuditEvent[];
}

/** The CSV holds the filtered set up to this many events (newest first), as /admin/audit says. */
export const AUDIT_EXPORT_LIMIT = 10_000;

/**
 * Up to `total` events of the filtered set, newest first, for the CSV export. The API answers at most
 * `max_rows` (ROWS_PER_REQUEST) rows a request, silently, so one request for 10,000 events brought
 * back 1,000: the set is read a page by key at a time, each page one row short of that cap so its
 * extra row says whether more follow, until `total` or the end of the set.
 */
export async function queryAuditExport(
  rest: Rest,
  filter: AuditFilter,
  total: number,
): Promise<RawAuditEvent[]> {
  const events: RawAuditEvent[] = [];
  let cursor: AuditCursor | null = null;
  while (events.length < total) {
    const size = Math.min(ROWS_PER_REQUEST - 1, total - events.length);
    const rows = await queryAuditPage(rest, filter, cursor, size);
    const page = rows.slice(0, size);
    events.push(...page);
    const last = page[page.length - 1];
    if (rows.length <= size || !last) break;
    cursor = { occurred_at: last.occurred_at, id: Number(last.id) };
  }
  return events;
}

/** An rpc's jsonb answer (a string from some servers, parsed from others). */
const json = <T>(data: unknown): T => (typeof data === 'string' ? JSON.parse(data) : data) as T;

/**
 * Events per call to verify_audit_chain: about 0.65 s of hashing on a 2-core machine (bench:scale), far inside
 * the API's 8 s statement timeout, which one pass over a few million events would not be.
 */
export const VERIFY_RANGE = 200_000;

/**
 * Has the database walk the whole chain, one range of events per request, each range starting after
 * the last event the one before checked, until it says the walk is done (a break found, or the end
 * of the log matched against the chain head). `onProgress` hears the running total after each range.
 */
export async function walkAuditChain(
  rest: Pick<AppSupabaseClient, 'rpc'>,
  onProgress: (checked: number) => void = () => {},
): Promise<ChainVerdict> {
  let after: number | null = null;
  let checked = 0;
  for (;;) {
    const args: { p_after_id?: number; p_limit: number } =
      after === null ? { p_limit: VERIFY_RANGE } : { p_after_id: after, p_limit: VERIFY_RANGE };
    const { data, error } = await rest.rpc('verify_audit_chain', args);
    if (error) throw toDbError(error, 'Could not verify the audit log.');
    const range: ChainVerdict & { done: boolean } = json(data);
    checked += range.checked;
    if (range.done) {
      const { intact, intact_through, broken_at, problem } = range;
      return { intact, checked, intact_through, broken_at, problem };
    }
    if (range.intact_through === null || (after !== null && range.intact_through <= after)) {
      throw new DbError('Could not verify the audit log: the walk did not move on.');
    }
    after = range.intact_through;
    onProgress(checked);
  }
}

/** The newest event's id and hash, to keep outside the database (audit_chain_anchor). */
export interface AuditAnchor {
  event_id: number;
  hash: string;
  occurred_at: string;
  taken_at: string;
}

/** What check_audit_anchor says of a kept anchor. */
export interface AnchorCheck {
  matches: boolean;
  event_id: number;
  problem: string | null;
}

export const ANCHOR_PROBLEM = 'An anchor is an event number and the 64-character hash kept with it.';

export async function takeAuditAnchor(rest: Pick<AppSupabaseClient, 'rpc'>): Promise<AuditAnchor> {
  const { data, error } = await rest.rpc('audit_chain_anchor');
  if (error) throw toDbError(error, 'Could not take an anchor of the audit log.');
  return json<AuditAnchor>(data);
}

/**
 * Whether the event of a kept anchor still has the hash kept with it. The input is checked here as
 * the database checks it (a whole event number, 64 hexadecimal characters in either case), so a
 * mistyped anchor gets its message without a request.
 */
export async function checkAuditAnchor(
  rest: Pick<AppSupabaseClient, 'rpc'>,
  eventId: string,
  hash: string,
): Promise<AnchorCheck> {
  const id = eventId.trim().replace(/^#/, '');
  const digest = hash.trim().toLowerCase();
  if (!/^[1-9]\d{0,17}$/.test(id) || !/^[0-9a-f]{64}$/.test(digest)) throw new DbError(ANCHOR_PROBLEM);
  const { data, error } = await rest.rpc('check_audit_anchor', { p_event_id: Number(id), p_hash: digest });
  if (error) throw toDbError(error, 'Could not check the anchor.');
  return json<AnchorCheck>(data);
}
