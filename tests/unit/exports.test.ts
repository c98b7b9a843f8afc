/**
 * Every CSV the product writes (the member's statement, /admin/audit's export) is formula-safe and
 * complete. Formula-safe: whatever text a member or staff member typed, no cell a spreadsheet would
 * run starts with `=`, `+`, `-`, `@`, a tab or a carriage return (numbers and times are not text).
 * Complete: the API answers at most `max_rows` (1000) rows a request, silently, so each export is
 * read against a real local server with more rows than that, all sharing one timestamp to the
 * microsecond, so every page edge falls inside a tie.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerCsv } from '~/lib/ledger-csv';
import { ROWS_PER_REQUEST, readStatement, toLedgerEntry, type LedgerEntry } from '~/lib/ledger-entry';
import { AUDIT_EXPORT_LIMIT, queryAuditExport, queryAuditPage } from '~/lib/admin/audit-query';
import { EMPTY_FILTER, auditCsv, type AuditCursor, type AuditEvent } from '~/lib/admin/audit';
import type { AppSupabaseClient } from '~/lib/supabase';
import { DEFAULT_PROJECT_DIR, type LocalSupabase } from '../../supabase/local/server';
import { EngineHarness, client, signedInUser } from '../integration/local-supabase/harness';
import { parseCsv } from '../support/csv';

const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;

/** Cells a spreadsheet would run: not a plain number or an ISO time, and starting with a trigger. */
function runnableCells(csv: string): string[] {
  return parseCsv(csv)
    .flat()
    .filter((cell) => !/^-?\d+(\.\d+)?$/.test(cell) && !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(cell))
    .filter((cell) => FORMULA_STARTS.some((start) => cell.startsWith(start)));
}

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  id: '1',
  account: 'interest_wallet',
  delta: '-0.10',
  balance_before: '1.00',
  balance_after: '0.90',
  reason: 'r',
  source: 'admin_edit',
  kind: 'correction',
  created_at: '2026-01-01T00:00:00.000001+00:00',
  ...over,
});

const event = (over: Partial<AuditEvent>): AuditEvent => ({
  id: 7,
  occurred_at: '2026-01-01T00:00:00.000001+00:00',
  actor_id: null,
  actor_role: 'owner',
  actor_email: 'a@b.test',
  member_id: null,
  member_email: 'm@b.test',
  kind: 'ledger_entry',
  before: { balance: '1.00' },
  after: { balance: '0.90' },
  reason: 'r',
  ...over,
});

describe('every CSV is formula-safe', () => {
  // Each text field a person can influence, in each writer, with each trigger character.
  const statementFields = ['reason', 'account'] as const;
  const auditFields = [
    'kind',
    'actor_email',
    'actor_role',
    'member_email',
    'reason',
    'before',
    'after',
  ] as const;

  it.each(FORMULA_STARTS)('the statement defuses text starting with %j', (start) => {
    for (const field of statementFields) {
      const csv = ledgerCsv([entry({ [field]: `${start}HYPERLINK("http://x","y")` })]);
      expect(runnableCells(csv), field).toEqual([]);
      // Defused, not dropped: the text is still there behind an apostrophe.
      expect(csv, field).toContain(`'${start}HYPERLINK`);
    }
    // Numbers stay numbers: a decrease is written as it is stored.
    expect(parseCsv(ledgerCsv([entry({})]))[1]?.[2]).toBe('-0.10');
  });

  it.each(FORMULA_STARTS)(
    'a direction mark or isolate before %j hides nothing, and no file keeps the marks',
    (start) => {
      for (const mark of ['\u2068', '\u2066', '\u200f', '\u202b']) {
        const statement = ledgerCsv([entry({ reason: `${mark}${start}HYPERLINK("http://x")\u2069` })]);
        expect(statement).toContain(`'${start}HYPERLINK`);
        const audit = auditCsv([event({ reason: `${mark}${start}cmd\u2069` })]);
        expect(audit).toContain(`'${start}cmd`);
        for (const csv of [statement, audit])
          expect(csv).not.toMatch(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
      }
      // An Arabic line as the database writes it: its values isolated on screen, plain in the file.
      const arabic = ledgerCsv([
        entry({ reason: 'إيداع \u20680.5\u2069 \u2068BTC\u2069 (الإشعار رقم \u20683\u2069)' }),
      ]);
      expect(parseCsv(arabic)[1]?.[5]).toBe('إيداع 0.5 BTC (الإشعار رقم 3)');
    },
  );

  it.each(FORMULA_STARTS)('the audit export defuses text starting with %j', (start) => {
    for (const field of auditFields) {
      const csv = auditCsv([event({ [field]: `${start}cmd|' /C calc'!A0` })]);
      expect(runnableCells(csv), field).toEqual([]);
    }
  });
});

describe('every CSV holds every row past the API’s max_rows', () => {
  const harness = new EngineHarness('pglite');
  let server: LocalSupabase;
  let member: Awaited<ReturnType<typeof signedInUser>>;
  let service: SupabaseClient;
  /** More than one request's worth, not a multiple of it. */
  const ENTRIES = ROWS_PER_REQUEST + 234;
  const TIE = '2026-11-20T10:00:00.123456+00';

  beforeAll(async () => {
    server = await harness.server({ projectDir: DEFAULT_PROJECT_DIR, bcryptCost: 4 });
    member = await signedInUser(server, 'exporter');
    service = client(server, server.serviceRoleKey);
    // One statement: every entry shares its transaction's timestamp, the audit trigger writes an
    // event for each. The events get one timestamp too (the log is append-only, so as the owner
    // with triggers off: a paging fixture, the chain is not under test here).
    await server.db.transaction(async (tx) => {
      // Every line belongs to a transfer (the money engine): one posted correction carries them all.
      await tx.query(
        `with t as (
           insert into public.transfers (business_id, phase, kind, debit_account_id, credit_account_id, amount, user_id, client_text)
           select 'fixture:exports:' || $1::uuid, 'posted', 'correction',
             (select id from public.ledger_accounts where user_id is null and purpose = 'corrections'),
             (select id from public.ledger_accounts where user_id = $1::uuid and purpose = 'interest_wallet'),
             $3::int, $1::uuid, 'fixture'
           returning id, credit_account_id
         )
         insert into public.ledger_entries
           (user_id, transfer_id, account_id, account, kind, delta, balance_before, balance_after, reason, created_at)
         select $1::uuid, t.id, t.credit_account_id, 'interest_wallet', 'correction', 1, i - 1, i, 'entry ' || i, $2::timestamptz
         from t, generate_series(1, $3::int) i`,
        [member.id, TIE, ENTRIES],
      );
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(`update public.audit_events set occurred_at = $2::timestamptz where member_id = $1`, [
        member.id,
        TIE,
      ]);
    });
  });
  afterAll(async () => {
    await harness.stop();
  });

  it('the statement reads every entry once, ties at every page edge', async () => {
    const rows = await readStatement(
      (args) => member.client.rpc('my_ledger', args),
      (error) => new Error(error.message),
    );
    const entries = rows.map(toLedgerEntry);
    expect(entries.length).toBe(ENTRIES);
    expect(new Set(entries.map((e) => e.id)).size).toBe(ENTRIES);
    expect(new Set(entries.map((e) => e.created_at)).size).toBe(1);
    expect(parseCsv(ledgerCsv(entries)).length).toBe(ENTRIES + 1);
  });

  it('the audit export reads the whole filtered set, ties at every page edge', async () => {
    const rest = service as unknown as Pick<AppSupabaseClient, 'from'>;
    const { rows: expected } = await server.db.query<{ event: string }>(
      `select id::text as event from public.audit_events where member_id = $1 and kind = 'ledger_entry'
       order by occurred_at desc, id desc`,
      [member.id],
    );
    expect(expected.length).toBe(ENTRIES);
    const filter = { ...EMPTY_FILTER, kind: 'ledger_entry', member: member.email.toUpperCase() };
    const events = await queryAuditExport(rest, filter, AUDIT_EXPORT_LIMIT);
    expect(events.map((e) => String(e.id))).toEqual(expected.map((r) => r.event));
    // A smaller total stops exactly there, inside the tie.
    const some = await queryAuditExport(rest, filter, ROWS_PER_REQUEST + 1);
    expect(some.map((e) => String(e.id))).toEqual(
      expected.slice(0, ROWS_PER_REQUEST + 1).map((r) => r.event),
    );
  });

  it('the audit page walks ties in pages of 1 and 2, new events during the walk changing nothing below', async () => {
    const rest = service as unknown as Pick<AppSupabaseClient, 'from'>;
    const filter = { ...EMPTY_FILTER, kind: 'member_password_changed', member: member.email };
    /** Five events for the member at one microsecond (as the owner, triggers off: a paging fixture). */
    const tied = () =>
      server.db.transaction(async (tx) => {
        await tx.query(
          `select private.audit('member_password_changed', $1, null, '{}'::jsonb, null) from generate_series(1, 5)`,
          [member.id],
        );
        await tx.query(`set local session_replication_role = replica`);
        await tx.query(
          `update public.audit_events set occurred_at = $2::timestamptz
           where member_id = $1 and kind = 'member_password_changed'`,
          [member.id, TIE],
        );
      });
    await tied();
    for (const size of [1, 2]) {
      const before = (await queryAuditPage(rest, filter, null, 100)).map((e) => String(e.id));
      const seen: string[] = [];
      let cursor: AuditCursor | null = null;
      for (let pages = 0; pages <= before.length; pages += 1) {
        const rows = await queryAuditPage(rest, filter, cursor, size);
        const page = rows.slice(0, size);
        seen.push(...page.map((e) => String(e.id)));
        const last = page[page.length - 1];
        if (rows.length <= size || !last) break;
        cursor = { occurred_at: last.occurred_at, id: Number(last.id) };
        // Newer events (same moment, higher ids) arrive after the first page.
        if (pages === 0) await tied();
      }
      expect(seen, `pages of ${size}`).toEqual(before);
    }
  });

  it('the audit export stops at the promised 10,000 events, the newest', async () => {
    await server.db.query(
      `select private.audit('address_edit', null, null, jsonb_build_object('n', i), null)
       from generate_series(1, $1::int) i`,
      [AUDIT_EXPORT_LIMIT + 5],
    );
    const { rows: expected } = await server.db.query<{ event: string }>(
      `select id::text as event from public.audit_events where kind = 'address_edit' order by occurred_at desc, id desc limit $1`,
      [AUDIT_EXPORT_LIMIT],
    );
    const rest = service as unknown as Pick<AppSupabaseClient, 'from'>;
    const events = await queryAuditExport(
      rest,
      { ...EMPTY_FILTER, kind: 'address_edit' },
      AUDIT_EXPORT_LIMIT,
    );
    expect(events.length).toBe(AUDIT_EXPORT_LIMIT);
    expect(events.map((e) => String(e.id))).toEqual(expected.map((r) => r.event));
  });
});
