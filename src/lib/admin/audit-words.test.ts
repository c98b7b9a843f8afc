import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUDIT_KIND_WORDS, auditKindWords, auditSentence, type AuditLine } from './audit-words';
import { isolate } from '~/lib/bidi';

const MIGRATIONS = new URL('../../../supabase/migrations/', import.meta.url);

/**
 * Every kind the database records, read from the migrations: the literal first argument of each
 * private.audit call, the transfer trigger's phases, and the kinds built from a prefix and a status
 * (staff proposals, deposit notices, withdrawal requests), expanded from each table's status check.
 */
function kindsInMigrations(): Set<string> {
  const sql = readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => readFileSync(new URL(f, MIGRATIONS), 'utf8'))
    .join('\n');
  const kinds = new Set<string>();
  // A literal kind, not a prefix that a status completes ('staff_proposal_' || new.status).
  for (const m of sql.matchAll(/private\.audit\(\s*'([a-z_]+)'(?!\s*\|\|)/g)) kinds.add(m[1]!);
  for (const m of sql.matchAll(/(?:then|else) '(transfer_[a-z_]+)'/g)) kinds.add(m[1]!);
  // 'staff_proposal_' || new.status, v_prefix || 'filed', v_prefix || new.status (audit_review).
  expect(sql).toContain("private.audit('staff_proposal_' || new.status");
  for (const s of ['open', 'approved', 'rejected', 'withdrawn', 'expired']) kinds.add(`staff_proposal_${s}`);
  expect(sql).toContain("private.audit(v_prefix || 'filed'");
  for (const s of ['filed', 'approved', 'rejected', 'paid', 'cancelled']) kinds.add(`withdrawal_${s}`);
  for (const s of ['filed', 'valued', 'confirmed', 'rejected']) kinds.add(`deposit_notice_${s}`);
  return kinds;
}

const line = (over: Partial<AuditLine>): AuditLine => ({
  kind: 'ledger_entry',
  actor_role: 'finance',
  actor_email: 'ana@firm.example',
  member_email: 'bob@example.com',
  before: null,
  after: null,
  reason: '',
  ...over,
});

describe('audit sentences', () => {
  it('has words and a sentence for every kind the database records', () => {
    const kinds = kindsInMigrations();
    expect(kinds.size).toBeGreaterThan(35);
    for (const kind of kinds) {
      expect(AUDIT_KIND_WORDS[kind], kind).toBeTruthy();
      const sentence = auditSentence(line({ kind, after: {}, before: {} }));
      // Not the fallback for an unknown kind, and never the raw kind.
      expect(sentence, kind).not.toContain('recorded “');
      expect(sentence, kind).not.toContain(kind);
    }
    // And nothing in the filter that the database never records.
    expect(Object.keys(AUDIT_KIND_WORDS).filter((k) => !kinds.has(k))).toEqual([]);
  });

  it('says who did what to whose money, word for word', () => {
    expect(
      auditSentence(
        line({
          kind: 'transfer_posted',
          after: { kind: 'correction', amount: '250.00', account: 'deposit_wallet', proposed_by: 'x' },
          reason: 'Goodwill after the outage',
        }),
      ),
    ).toBe(
      'Finance admin ana@firm.example approved a correction of $250.00 for bob@example.com’s Deposit Wallet: Goodwill after the outage',
    );
    expect(
      auditSentence(
        line({
          kind: 'transfer_pending',
          actor_role: 'owner',
          actor_email: 'olga@firm.example',
          member_email: 'carl@example.com',
          after: { kind: 'deposit', amount: '1234.5', account: 'interest_wallet' },
        }),
      ),
    ).toBe('Owner olga@firm.example proposed a deposit of $1,234.50 for carl@example.com’s Interest Wallet.');
    expect(
      auditSentence(
        line({
          kind: 'transfer_voided',
          after: { kind: 'correction', amount: '9.99', account: 'referral', void_reason: 'withdrawn' },
        }),
      ),
    ).toBe(
      'Finance admin ana@firm.example voided a correction of $9.99 for bob@example.com’s Referral Earnings (retracted by its proposer).',
    );
    expect(
      auditSentence(
        line({
          kind: 'ledger_entry',
          actor_role: 'system',
          after: {
            account: 'deposit_wallet',
            delta: '-20.00',
            balance_before: '100.00',
            balance_after: '80.00',
          },
          reason: 'Withdrawal paid',
        }),
      ),
    ).toBe(
      'The system moved bob@example.com’s Deposit Wallet by -$20.00 ($100.00 → $80.00): Withdrawal paid',
    );
  });

  it('isolates right-to-left text inside a sentence, and leaves English as it is', () => {
    const arabic = auditSentence(
      line({
        kind: 'transfer_posted',
        after: { kind: 'correction', amount: '250.00', account: 'deposit_wallet', proposed_by: 'x' },
        reason: 'تعويض 250',
      }),
    );
    // The reason keeps its own direction: "250" stays after its words, the sentence stays whole.
    expect(arabic.endsWith(': \u2068تعويض 250\u2069')).toBe(true);
    expect(auditSentence(line({ kind: 'plan_terms_changed', after: { plan: 'الذهبية' } }))).toContain(
      'the \u2068الذهبية\u2069 plan',
    );
    expect(isolate('Goodwill 250')).toBe('Goodwill 250');
    expect(isolate('سارة')).toBe('\u2068سارة\u2069');
    expect(isolate('')).toBe('');
  });

  it('reads staff changes, roles and members’ own events as sentences', () => {
    expect(
      auditSentence(
        line({
          kind: 'staff_proposal_approved',
          actor_role: 'owner',
          actor_email: 'olga@firm.example',
          after: { change: 'unfreeze', proposal_id: 12 },
          reason: 'Called the member back',
        }),
      ),
    ).toBe(
      'Owner olga@firm.example approved lifting a withdrawal freeze (proposal #12) about bob@example.com: Called the member back',
    );
    expect(
      auditSentence(
        line({
          kind: 'role_changed',
          actor_role: 'service',
          member_email: 'dan@firm.example',
          before: { role: 'support' },
          after: { role: 'auditor' },
        }),
      ),
    ).toBe(
      'An operator script (service role) changed the staff role of dan@firm.example from support to auditor.',
    );
    expect(
      auditSentence(
        line({
          kind: 'withdrawal_filed',
          actor_role: 'member',
          actor_email: 'bob@example.com',
          after: { amount: '120.00' },
        }),
      ),
    ).toBe('Member bob@example.com requested a withdrawal of $120.00 for bob@example.com.');
    expect(
      auditSentence(
        line({
          kind: 'deposit_notice_valued',
          after: { quantity: '0.5', asset: 'BTC', amount: '30000.00' },
        }),
      ),
    ).toBe(
      'Finance admin ana@firm.example valued a deposit notice of 0.5 BTC at $30,000.00 for bob@example.com.',
    );
  });

  it('shows kinds as words in the filter, and an unknown kind as recorded', () => {
    expect(auditKindWords('staff_proposal_withdrawn')).toBe('Staff proposal retracted');
    expect(auditKindWords('transfer_posted')).toBe('Transfer posted');
    expect(auditKindWords('something_new')).toBe('something_new');
    expect(auditSentence(line({ kind: 'something_new', member_email: '' }))).toBe(
      'Finance admin ana@firm.example recorded “something_new”.',
    );
  });
});
