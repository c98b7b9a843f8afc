/**
 * Every money event is audited (issue 30, docs/four-eyes.md "The audit log"), checked from the
 * database's own catalogue rather than a hand list: every function in the public and private schemas
 * (pg_proc) is read for the tables it inserts into, updates or deletes from; every such write to a
 * money table must be audited by an AFTER row trigger on that table and operation (pg_trigger) whose
 * function writes the audit log, directly or through a table that is itself audited. A new function,
 * a new table or a dropped trigger that leaves a money change unrecorded fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type Engine } from './helpers/db';

/** Public tables that are not money tables, and why their writes need no audit trigger of their own. */
const NOT_AUDITED_DIRECTLY: Record<string, string> = {
  audit_events: 'the audit log itself (append-only, hash-chained)',
  notifications: 'derived from audit events by their trigger; read_at is the member marking them read',
  contact_messages: 'messages from the public contact form: no money, no account',
  profiles:
    "the balance columns are a cache written only by the engine's move_accounts (profiles_guard refuses any other writer) in the transaction of a transfer, which is audited (transfer_*); a profile's sign-up row and e-mail copy are not money",
  ledger_accounts:
    "the accounts' pending and posted sums, moved only by move_accounts in the transaction that inserts the transfer (audited by audit_transfer); the inserts are a new member's four empty accounts",
};

/** Private state the engine keeps beside the transfers, and the only functions that may write it. */
const PRIVATE_STATE: Record<string, string[]> = {
  open_pending_transfers: ['private.record_transfer', 'private.resolve_pending'],
};

type Op = 'insert' | 'update' | 'delete';
const OP_BIT: Record<Op, number> = { insert: 4, delete: 8, update: 16 };
const WRITE = /\b(insert\s+into|update|delete\s+from)\s+public\.(\w+)/gi;

describe.each(engines)('money audit catalogue on %s', (_name, open) => {
  let engine: Engine;
  let writes: Array<{ fn: string; table: string; op: Op }>;
  let triggers: Array<{ table: string; type: number; fn: string; src: string }>;
  let tables: string[];

  beforeAll(async () => {
    engine = await open();
    const fns = await engine.db.query<{ fn: string; src: string }>(
      `select n.nspname || '.' || p.proname as fn, p.prosrc as src
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private')
         and p.prolang in (select oid from pg_language where lanname in ('plpgsql', 'sql'))`,
    );
    writes = fns.rows.flatMap((r) =>
      [...r.src.matchAll(WRITE)].map((m) => ({
        fn: r.fn,
        table: m[2]!.toLowerCase(),
        op: m[1]!.toLowerCase().split(/\s+/)[0] as Op,
      })),
    );
    triggers = (
      await engine.db.query<{ table: string; type: number; fn: string; src: string }>(
        `select c.relname as table, t.tgtype::int as type, p.proname as fn, p.prosrc as src
         from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
         join pg_proc p on p.oid = t.tgfoid
         where n.nspname = 'public' and not t.tgisinternal and t.tgenabled <> 'D'`,
      )
    ).rows;
    tables = (
      await engine.db.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' order by 1`,
      )
    ).rows.map((r) => r.name);
  });
  afterAll(async () => {
    await engine?.close();
  });

  /** Whether an AFTER row trigger on `table` for `op` writes the audit log (or an audited table). */
  function audited(table: string, op: Op, seen = new Set<string>()): boolean {
    if (seen.has(`${table}:${op}`)) return false;
    seen.add(`${table}:${op}`);
    return triggers.some((t) => {
      const rowLevel = (t.type & 1) === 1;
      const after = (t.type & 2) === 0;
      if (t.table !== table || !rowLevel || !after || (t.type & OP_BIT[op]) === 0) return false;
      if (/private\.audit\(/.test(t.src)) return true;
      return [...t.src.matchAll(WRITE)].some((m) => {
        const written = m[2]!.toLowerCase();
        const writtenOp = m[1]!.toLowerCase().split(/\s+/)[0] as Op;
        return written !== table && audited(written, writtenOp, seen);
      });
    });
  }

  it('finds the writers it is meant to judge (the catalogue is read, not empty)', () => {
    const names = new Set(writes.map((w) => w.fn));
    for (const fn of [
      'public.file_withdrawal_request',
      'public.cancel_withdrawal_request',
      'public.add_withdrawal_address',
      'public.remove_withdrawal_address',
      'public.freeze_withdrawals',
      'private.move_accounts',
      'private.record_transfer',
      'private.resolve_pending',
      'private.staff_change_apply',
      'public.review_deposit_notice',
      'public.review_withdrawal_request',
    ])
      expect(names, fn).toContain(fn);
    for (const table of Object.keys(NOT_AUDITED_DIRECTLY)) expect(tables).toContain(table);
  });

  it('audits every change any function makes to a money table', () => {
    const unaudited = writes
      .filter((w) => !(w.table in NOT_AUDITED_DIRECTLY) && tables.includes(w.table))
      .filter((w) => !audited(w.table, w.op))
      .map((w) => `${w.fn} ${w.op}s ${w.table} with no audit trigger`);
    expect(unaudited).toEqual([]);
  });

  it('audits every phase of every transfer (pending, posted, voided) with the transfer trigger', () => {
    const t = triggers.find((x) => x.table === 'transfers' && x.fn === 'audit_transfer');
    expect(t).toBeDefined();
    expect(t!.type & OP_BIT.insert).toBeTruthy();
    for (const kind of ['transfer_pending', 'transfer_voided', 'transfer_posted'])
      expect(t!.src).toContain(kind);
    // Transfers are never updated or deleted, by anyone (a BEFORE trigger raises).
    expect(
      triggers.some(
        (x) =>
          x.table === 'transfers' && x.type & OP_BIT.update && x.type & OP_BIT.delete && (x.type & 2) === 2,
      ),
    ).toBe(true);
  });

  it("writes the engine's private state only from the functions that also write the audited transfer", async () => {
    const fns = await engine.db.query<{ fn: string; src: string }>(
      `select n.nspname || '.' || p.proname as fn, p.prosrc as src
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private')
         and p.prolang in (select oid from pg_language where lanname in ('plpgsql', 'sql'))`,
    );
    const PRIVATE_WRITE = /\b(insert\s+into|update|delete\s+from)\s+private\.(\w+)/gi;
    for (const [table, allowed] of Object.entries(PRIVATE_STATE)) {
      const writers = [
        ...new Set(
          fns.rows
            .filter((r) => [...r.src.matchAll(PRIVATE_WRITE)].some((m) => m[2]!.toLowerCase() === table))
            .map((r) => r.fn),
        ),
      ].sort();
      expect(writers, table).toEqual([...allowed].sort());
      for (const fn of allowed) {
        const src = fns.rows.find((r) => r.fn === fn)!.src;
        expect(src, fn).toMatch(/insert\s+into\s+public\.transfers/i);
      }
    }
  });

  it('audits every write the API roles may make to a money table directly (their grants)', async () => {
    const granted = (
      await engine.db.query<{ table: string; op: Op }>(
        `select c.relname as table, op
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         cross join unnest(array['insert', 'update', 'delete']) op
         cross join unnest(array['anon', 'authenticated', 'service_role']) r
         where n.nspname = 'public' and c.relkind = 'r'
           and case op when 'update' then has_any_column_privilege(r, c.oid, 'UPDATE')
                       else has_table_privilege(r, c.oid, op) end
         group by 1, 2 order by 1, 2`,
      )
    ).rows;
    const unaudited = granted
      .filter((g) => !(g.table in NOT_AUDITED_DIRECTLY) && !audited(g.table, g.op))
      .map((g) => `${g.table}: ${g.op}`);
    expect(granted.length).toBeGreaterThan(0);
    expect(unaudited).toEqual([]);
  });
});
