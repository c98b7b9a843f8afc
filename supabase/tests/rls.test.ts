/**
 * Row-level security and privilege matrix: every role × every table × select/insert/update/delete,
 * and every RPC × every role, each cell's expected outcome written below. Runs on PGlite and on a
 * real PostgreSQL 15. Each probe runs in a transaction that is rolled back, so cells are independent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../local/db/engine';
import {
  asCaller,
  addActiveAddress,
  createUser,
  engines,
  testTxId,
  createStaff,
  makeAdmin,
  addVerifiedFactor,
  outcome,
  probe,
  type Caller,
  type Engine,
} from './helpers/db';

/**
 * adminAal1 and owner are the same admin (an owner, the role a bare admins row gets): signed in with
 * the password only (aal1), and after answering the TOTP prompt (aal2). Admin power needs aal2; at aal1
 * an admin is a member like any other. support, finance and auditor are staff at aal2 with that role.
 */
type StaffRole = 'owner' | 'support' | 'finance' | 'auditor';
type Role = 'anon' | 'memberA' | 'memberB' | 'adminAal1' | StaffRole | 'service';
const ROLES: Role[] = [
  'anon',
  'memberA',
  'memberB',
  'adminAal1',
  'owner',
  'support',
  'finance',
  'auditor',
  'service',
];

/** What a select returns: refused, only the caller's rows, every row, enabled wallets, or nothing. */
type Visible = 'denied' | 'own' | 'all' | 'enabled' | 'nothing';
/** 'ok' (allowed and touched a row) or the SQLSTATE it fails with. */
type Result = 'ok' | '42501' | '23505' | '22023';

type Op = 'insert' | 'update' | 'delete';

interface TableCase {
  owner?: string; // column naming the row's member, for 'own'
  select: Record<Role, Visible>;
  writes: Record<Op, { sql: (ids: Ids) => string; expect: Record<Role, Result> }>;
}

interface Ids {
  A: string;
  B: string;
  admin: string;
  admin2: string;
  spare: string; // auth user whose profile was removed (for insert)
  disposable: string; // profile with no history (for delete)
  noticeA: string;
  requestA: string;
  proposalB: string; // a pending correction of member B, proposed by the finance admin
  addressA: string; // member A's active address-book entry
  staffProposalB: string; // open unfreeze of member B, proposed by the finance admin
}

const denyAll: Record<Role, Result> = {
  anon: '42501',
  memberA: '42501',
  memberB: '42501',
  adminAal1: '42501',
  owner: '42501',
  support: '42501',
  finance: '42501',
  auditor: '42501',
  service: '42501',
};
const serviceOnly: Record<Role, Result> = { ...denyAll, service: 'ok' };
const everyone: Record<Role, Result> = {
  anon: 'ok',
  memberA: 'ok',
  memberB: 'ok',
  adminAal1: 'ok',
  owner: 'ok',
  support: 'ok',
  finance: 'ok',
  auditor: 'ok',
  service: 'ok',
};

const TABLES: Record<string, TableCase> = {
  profiles: {
    owner: 'id',
    select: {
      anon: 'denied',
      memberA: 'own',
      memberB: 'own',
      adminAal1: 'own',
      owner: 'all',
      support: 'all',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: (i) =>
          `insert into public.profiles (id, username, email) values ('${i.spare}', 'spare', 'spare@rls.test')`,
        expect: serviceOnly,
      },
      update: {
        sql: (i) => `update public.profiles set username = 'renamed' where id = '${i.A}'`,
        expect: serviceOnly,
      },
      delete: { sql: (i) => `delete from public.profiles where id = '${i.disposable}'`, expect: serviceOnly },
    },
  },
  admins: {
    owner: 'user_id',
    select: {
      anon: 'denied',
      memberA: 'own',
      memberB: 'own',
      adminAal1: 'own',
      owner: 'all',
      support: 'all',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: { sql: (i) => `insert into public.admins (user_id) values ('${i.A}')`, expect: serviceOnly },
      update: {
        sql: (i) => `update public.admins set granted_at = now() where user_id = '${i.admin}'`,
        expect: serviceOnly,
      },
      delete: { sql: (i) => `delete from public.admins where user_id = '${i.admin2}'`, expect: serviceOnly },
    },
  },
  ledger_entries: {
    owner: 'user_id',
    select: {
      anon: 'denied',
      memberA: 'own',
      memberB: 'own',
      adminAal1: 'own',
      owner: 'all',
      support: 'own',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: (
          i,
        ) => `insert into public.ledger_entries (user_id, account, delta, balance_before, balance_after, reason, source)
                     values ('${i.A}', 'referral', 1, 0, 1, 'forged', 'admin_edit')`,
        expect: denyAll,
      },
      update: { sql: () => `update public.ledger_entries set reason = 'rewritten'`, expect: denyAll },
      delete: { sql: () => `delete from public.ledger_entries`, expect: denyAll },
    },
  },
  deposit_wallets: {
    select: {
      anon: 'denied',
      memberA: 'enabled',
      memberB: 'enabled',
      adminAal1: 'enabled',
      owner: 'all',
      support: 'all',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: () => `insert into public.deposit_wallets (id, wallet_name, asset, network, address)
                    values (1, 'Bitcoin', 'BTC', 'bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')`,
        expect: { ...denyAll, service: '23505' },
      },
      update: {
        sql: () => `update public.deposit_wallets set enabled = false where id = 1`,
        expect: serviceOnly,
      },
      delete: { sql: () => `delete from public.deposit_wallets where id = 1`, expect: denyAll },
    },
  },
  deposit_wallet_changes: {
    select: {
      anon: 'denied',
      memberA: 'nothing',
      memberB: 'nothing',
      adminAal1: 'nothing',
      owner: 'all',
      support: 'all',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: () => `insert into public.deposit_wallet_changes (wallet_id, new_address, new_enabled, reason)
                    values (1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', true, 'forged')`,
        expect: denyAll,
      },
      update: { sql: () => `update public.deposit_wallet_changes set reason = 'rewritten'`, expect: denyAll },
      delete: { sql: () => `delete from public.deposit_wallet_changes`, expect: denyAll },
    },
  },
  deposit_notices: {
    owner: 'user_id',
    select: {
      anon: 'denied',
      memberA: 'own',
      memberB: 'own',
      adminAal1: 'own',
      owner: 'all',
      support: 'all',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: (i) =>
          `insert into public.deposit_notices (user_id, wallet_id, amount, tx_id) values ('${i.A}', 1, 1, 'forged-tx')`,
        expect: denyAll,
      },
      update: {
        sql: (i) =>
          `update public.deposit_notices set status = 'confirmed', reviewed_at = now() where id = ${i.noticeA}`,
        expect: denyAll,
      },
      delete: { sql: (i) => `delete from public.deposit_notices where id = ${i.noticeA}`, expect: denyAll },
    },
  },
  withdrawal_requests: {
    owner: 'user_id',
    select: {
      anon: 'denied',
      memberA: 'own',
      memberB: 'own',
      adminAal1: 'own',
      owner: 'all',
      support: 'all',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: (i) => `insert into public.withdrawal_requests (user_id, wallet_id, amount, destination_address)
                     values ('${i.A}', 1, 1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')`,
        expect: denyAll,
      },
      update: {
        sql: (i) => `update public.withdrawal_requests set status = 'approved' where id = ${i.requestA}`,
        expect: denyAll,
      },
      delete: {
        sql: (i) => `delete from public.withdrawal_requests where id = ${i.requestA}`,
        expect: denyAll,
      },
    },
  },
  mfa_resets: {
    select: {
      anon: 'denied',
      memberA: 'nothing',
      memberB: 'nothing',
      adminAal1: 'nothing',
      owner: 'all',
      support: 'nothing',
      finance: 'nothing',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: (i) =>
          `insert into public.mfa_resets (user_id, factors_removed, reason) values ('${i.A}', 1, 'forged')`,
        expect: denyAll,
      },
      update: { sql: () => `update public.mfa_resets set reason = 'rewritten'`, expect: denyAll },
      delete: { sql: () => `delete from public.mfa_resets`, expect: denyAll },
    },
  },
  // The engine's accounts: a member reads their own four; staff read all (the firm's too).
  ledger_accounts: {
    owner: 'user_id',
    select: {
      anon: 'denied',
      memberA: 'own',
      memberB: 'own',
      adminAal1: 'own',
      owner: 'all',
      support: 'all',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: (i) => `insert into public.ledger_accounts (user_id, purpose) values ('${i.spare}', 'referral')`,
        expect: denyAll,
      },
      update: {
        sql: (i) =>
          `update public.ledger_accounts set credits_posted = credits_posted + 1 where user_id = '${i.A}'`,
        expect: denyAll,
      },
      delete: { sql: () => `delete from public.ledger_accounts`, expect: denyAll },
    },
  },
  // Transfers carry staff's internal note: members never read them directly (their statement is
  // ledger_entries and the API functions). They are money history, like ledger lines: not for support.
  transfers: {
    select: {
      anon: 'denied',
      memberA: 'nothing',
      memberB: 'nothing',
      adminAal1: 'nothing',
      owner: 'all',
      support: 'nothing',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: (
          i,
        ) => `insert into public.transfers (business_id, phase, kind, debit_account_id, credit_account_id,
                       amount, user_id, client_text)
                     values ('forged', 'posted', 'correction',
                       (select id from public.ledger_accounts where purpose = 'corrections'),
                       (select id from public.ledger_accounts where user_id = '${i.A}' and purpose = 'referral'),
                       1, '${i.A}', 'forged')`,
        expect: denyAll,
      },
      update: {
        sql: (i) => `update public.transfers set amount = 999 where id = ${i.proposalB}`,
        expect: denyAll,
      },
      delete: { sql: () => `delete from public.transfers`, expect: denyAll },
    },
  },
  staff_proposals: {
    select: {
      anon: 'denied',
      memberA: 'nothing',
      memberB: 'nothing',
      adminAal1: 'nothing',
      owner: 'all',
      support: 'nothing',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: (i) => `insert into public.staff_proposals (kind, target, before, payload, reason, proposed_by)
                     values ('unfreeze', '${i.disposable}', '{}', '{}', 'forged', '${i.admin}')`,
        expect: denyAll,
      },
      // The service role may move expires_at (tests, operators) but never a decision.
      update: {
        sql: (i) =>
          `update public.staff_proposals set status = 'approved', decided_by = '${i.admin}', decided_at = now() where id = ${i.staffProposalB}`,
        expect: denyAll,
      },
      delete: { sql: () => `delete from public.staff_proposals`, expect: denyAll },
    },
  },
  audit_events: {
    select: {
      anon: 'denied',
      memberA: 'nothing',
      memberB: 'nothing',
      adminAal1: 'nothing',
      owner: 'all',
      support: 'nothing',
      finance: 'nothing',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: () => `insert into public.audit_events (actor_role, kind, prev_hash, hash)
                    values ('owner', 'forged', 'x', 'forged-hash')`,
        expect: denyAll,
      },
      update: { sql: () => `update public.audit_events set reason = 'rewritten'`, expect: denyAll },
      delete: { sql: () => `delete from public.audit_events`, expect: denyAll },
    },
  },
  firm_settings: {
    select: {
      anon: 'denied',
      memberA: 'nothing',
      memberB: 'nothing',
      adminAal1: 'nothing',
      owner: 'all',
      support: 'all',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: { sql: () => `insert into public.firm_settings (singleton) values (true)`, expect: denyAll },
      update: {
        sql: () => `update public.firm_settings set address_cooling_off = interval '1 minute'`,
        expect: serviceOnly,
      },
      delete: { sql: () => `delete from public.firm_settings`, expect: denyAll },
    },
  },
  withdrawal_freezes: {
    owner: 'user_id',
    select: {
      anon: 'denied',
      memberA: 'own',
      memberB: 'own',
      adminAal1: 'own',
      owner: 'all',
      support: 'all',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: (i) => `insert into public.withdrawal_freezes (user_id, frozen_by) values ('${i.A}', '${i.A}')`,
        expect: serviceOnly,
      },
      // Lifting is the four-eyes unfreeze proposal; rows are never deleted (no realtime DELETE names a member).
      update: { sql: () => `update public.withdrawal_freezes set reason = 'rewritten'`, expect: denyAll },
      delete: { sql: () => `delete from public.withdrawal_freezes`, expect: denyAll },
    },
  },
  // The member reads their own holds at any level (the freeze page at aal1), staff at aal2 all.
  security_holds: {
    owner: 'user_id',
    select: {
      anon: 'denied',
      memberA: 'own',
      memberB: 'own',
      adminAal1: 'own',
      owner: 'all',
      support: 'all',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: (i) => `insert into public.security_holds (user_id, change, event_id, hold_until)
                     values ('${i.A}', 'password_changed', (select max(id) from public.audit_events), now())`,
        expect: denyAll,
      },
      // The service role may move the end (support, tests); audited by a trigger.
      update: { sql: () => `update public.security_holds set hold_until = hold_until`, expect: serviceOnly },
      delete: { sql: () => `delete from public.security_holds`, expect: denyAll },
    },
  },
  withdrawal_addresses: {
    owner: 'user_id',
    select: {
      anon: 'denied',
      memberA: 'own',
      memberB: 'own',
      adminAal1: 'own',
      owner: 'all',
      support: 'all',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: (i) => `insert into public.withdrawal_addresses (user_id, wallet_id, address, label, usable_from)
                     values ('${i.A}', 1, '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'forged', now())`,
        expect: denyAll,
      },
      // The service role may move the cooling-off (support, tests); nobody else writes the table.
      update: {
        sql: () => `update public.withdrawal_addresses set usable_from = now()`,
        expect: serviceOnly,
      },
      delete: { sql: () => `delete from public.withdrawal_addresses`, expect: denyAll },
    },
  },
  notifications: {
    owner: 'user_id',
    select: {
      anon: 'denied',
      memberA: 'own',
      memberB: 'own',
      adminAal1: 'own',
      owner: 'own',
      support: 'own',
      finance: 'own',
      auditor: 'own',
      service: 'all',
    },
    writes: {
      insert: {
        sql: (i) => `insert into public.notifications (user_id, kind, event_id)
                     values ('${i.A}', 'forged', (select max(id) from public.audit_events))`,
        expect: denyAll,
      },
      update: { sql: () => `update public.notifications set read_at = now()`, expect: denyAll },
      delete: { sql: () => `delete from public.notifications`, expect: denyAll },
    },
  },
  contact_messages: {
    select: {
      anon: 'denied',
      memberA: 'nothing',
      memberB: 'nothing',
      adminAal1: 'nothing',
      owner: 'all',
      support: 'all',
      finance: 'all',
      auditor: 'all',
      service: 'all',
    },
    writes: {
      insert: {
        sql: () => `insert into public.contact_messages (name, email, message, identity)
                    values ('Matrix', 'matrix@rls.test', 'Hello from the matrix', 'investor')`,
        expect: everyone,
      },
      update: { sql: () => `update public.contact_messages set message = 'rewritten'`, expect: serviceOnly },
      delete: { sql: () => `delete from public.contact_messages`, expect: serviceOnly },
    },
  },
};

interface FunctionCase {
  sql: (ids: Ids, role: Role) => string;
  expect: Record<Role, Result>;
}

/**
 * Admin functions: staff at aal2 with one of these roles, and the service role (unless told); an admin
 * at aal1 is refused like a member.
 */
const staff = (roles: StaffRole[], service: Result = 'ok'): Record<Role, Result> => ({
  ...denyAll,
  ...Object.fromEntries(roles.map((r) => [r, 'ok'])),
  service,
});
const anyStaff = staff(['owner', 'support', 'finance', 'auditor']);
const ownerOnly = staff(['owner']);
const membersOnly: Record<Role, Result> = {
  ...everyone,
  anon: '42501',
  service: '42501',
};

const FUNCTIONS: Record<string, FunctionCase> = {
  is_admin: { sql: () => `select public.is_admin()`, expect: { ...membersOnly, service: 'ok' } },
  my_staff_role: { sql: () => `select public.my_staff_role()`, expect: { ...membersOnly, service: 'ok' } },
  admin_search_users: {
    sql: () => `select public.admin_search_users('', 'created_at', false, 10, 0)`,
    expect: anyStaff,
  },
  // Staff propose corrections; only the service role (seed, operator scripts) posts one at once.
  operator_post_correction: {
    sql: (i) => `select public.operator_post_correction('${i.A}', 'referral', '5.00', 'matrix test')`,
    expect: staff([]),
  },
  propose_correction: {
    sql: (i) => `select public.propose_correction('${i.A}', 'referral', '5.00', 'goodwill', 'matrix test')`,
    expect: staff(['owner', 'finance'], '42501'),
  },
  // The finance admin proposed it: only the owner may approve or reject, only finance withdraw.
  approve_transfer: {
    sql: (i) => `select public.approve_transfer(${i.proposalB})`,
    expect: staff(['owner'], '42501'),
  },
  reject_transfer: {
    sql: (i) => `select public.reject_transfer(${i.proposalB}, 'matrix says no')`,
    expect: staff(['owner'], '42501'),
  },
  withdraw_transfer: {
    sql: (i) => `select public.withdraw_transfer(${i.proposalB})`,
    expect: staff(['finance'], '42501'),
  },
  admin_pending_transfers: {
    sql: () => `select * from public.admin_pending_transfers()`,
    expect: staff(['owner', 'finance', 'auditor']),
  },
  my_accounts: { sql: () => `select * from public.my_accounts()`, expect: membersOnly },
  mark_notifications_read: { sql: () => `select public.mark_notifications_read()`, expect: membersOnly },
  unread_notification_count: { sql: () => `select public.unread_notification_count()`, expect: membersOnly },
  my_activity: { sql: () => `select * from public.my_activity(null, 10)`, expect: membersOnly },
  my_notifications: { sql: () => `select * from public.my_notifications(null, 10)`, expect: membersOnly },
  next_notification_in: { sql: () => `select public.next_notification_in()`, expect: membersOnly },
  verify_audit_chain: {
    sql: () => `select public.verify_audit_chain()`,
    expect: staff(['owner', 'auditor']),
  },
  audit_chain_anchor: {
    sql: () => `select public.audit_chain_anchor()`,
    expect: staff(['owner', 'auditor']),
  },
  check_audit_anchor: {
    sql: () => `select public.check_audit_anchor(1, repeat('0', 64))`,
    expect: staff(['owner', 'auditor']),
  },
  admin_user_ledger: {
    sql: (i) => `select * from public.admin_user_ledger('${i.A}')`,
    expect: staff(['owner', 'finance', 'auditor']),
  },
  // Roles and addresses change by proposal; the direct functions serve only the service role.
  grant_admin: { sql: () => `select public.grant_admin('b@rls.test', 'support')`, expect: staff([]) },
  set_staff_role: {
    sql: () => `select public.set_staff_role('admin2@rls.test', 'auditor')`,
    expect: staff([]),
  },
  revoke_admin: { sql: () => `select public.revoke_admin('admin2@rls.test')`, expect: staff([]) },
  update_deposit_wallet: {
    sql: () =>
      `select public.update_deposit_wallet(1::smallint, '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true, 'matrix test')`,
    expect: staff([]),
  },
  'propose_staff_change (deposit address)': {
    sql: () =>
      `select public.propose_staff_change('deposit_address', '1', '{"address":"3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy","enabled":true}', 'matrix test')`,
    expect: staff(['owner', 'finance'], '42501'),
  },
  'propose_staff_change (unfreeze)': {
    sql: (i) => `select public.propose_staff_change('unfreeze', '${i.disposable}', '{}', 'matrix test')`,
    expect: staff(['owner', 'finance'], '42501'),
  },
  'propose_staff_change (staff role)': {
    sql: () =>
      `select public.propose_staff_change('staff_role', null, '{"email":"b@rls.test","role":"support"}', 'matrix test')`,
    expect: staff(['owner'], '42501'),
  },
  'propose_staff_change (settings)': {
    sql: () =>
      `select public.propose_staff_change('firm_settings', null, '{"small_edit_threshold":"10.00","small_edit_daily_limit":"25.00","address_cooling_off_hours":24}', 'matrix test')`,
    expect: staff(['owner'], '42501'),
  },
  // The finance admin proposed the unfreeze: the owner may approve or reject it, only finance withdraw.
  approve_staff_change: {
    sql: (i) => `select public.approve_staff_change(${i.staffProposalB})`,
    expect: staff(['owner'], '42501'),
  },
  reject_staff_change: {
    sql: (i) => `select public.reject_staff_change(${i.staffProposalB}, 'matrix says no')`,
    expect: staff(['owner'], '42501'),
  },
  withdraw_staff_change: {
    sql: (i) => `select public.withdraw_staff_change(${i.staffProposalB})`,
    expect: staff(['finance'], '42501'),
  },
  // Reviews are by a signed-in finance admin or owner (the service role has no staff id to record).
  review_deposit_notice: {
    sql: (i) => `select public.review_deposit_notice(${i.noticeA}, 'reject', 'matrix says no')`,
    expect: staff(['owner', 'finance'], '42501'),
  },
  review_withdrawal_request: {
    sql: (i) => `select public.review_withdrawal_request(${i.requestA}, 'approve', null)`,
    expect: staff(['owner', 'finance'], '42501'),
  },
  admin_reset_mfa: {
    sql: (i) => `select public.admin_reset_mfa('${i.B}', 'lost phone (matrix)')`,
    expect: ownerOnly,
  },
  admin_authenticators: { sql: () => `select * from public.admin_authenticators()`, expect: anyStaff },
  admin_deposit_notice_conflicts: {
    sql: () => `select * from public.admin_deposit_notice_conflicts()`,
    expect: anyStaff,
  },
  file_deposit_notice: {
    sql: (_i, role) =>
      `select public.file_deposit_notice(1::smallint, '10.00', '${testTxId(`matrix-${role}`)}')`,
    expect: membersOnly,
  },
  file_withdrawal_request: {
    sql: () =>
      `select public.file_withdrawal_request(2::smallint, 'interest_wallet', '10.00', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')`,
    // Member B froze withdrawals.
    expect: { ...membersOnly, memberB: '42501' },
  },
  withdrawable_balance: { sql: () => `select public.withdrawable_balance()`, expect: membersOnly },
  // Any signed-in member, at any level (the freeze page must work at aal1).
  my_security_status: { sql: () => `select public.my_security_status()`, expect: membersOnly },
  cancel_withdrawal_request: {
    sql: (i) => `select public.cancel_withdrawal_request(${i.requestA})`,
    expect: {
      ...staff([], '42501'),
      anon: '42501',
      memberA: 'ok',
      memberB: '22023',
      adminAal1: '22023',
      owner: '22023',
      support: '22023',
      finance: '22023',
      auditor: '22023',
    },
  },
  // The caller's token carries a fresh e-mailed code here (the step-up). Members with a factor (B, every
  // admin) must also be at aal2; address-book.test.ts covers the step-up's time limits.
  add_withdrawal_address: {
    sql: () => `with s as materialized (
                  select set_config('request.jwt.claims', (coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
                    || jsonb_build_object('amr', jsonb_build_array(jsonb_build_object('method', 'otp',
                       'timestamp', extract(epoch from now())::int))))::text, true) as c)
                select public.add_withdrawal_address(3::smallint, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'Matrix')
                from s`,
    // Member B has an authenticator and is probed at aal2, so a fresh e-mailed code is a step-up for
    // them too; the aal1 refusal for a factor holder is in member-aal and address-book tests.
    expect: membersOnly,
  },
  remove_withdrawal_address: {
    sql: (i) => `select public.remove_withdrawal_address(${i.addressA})`,
    expect: {
      ...staff([], '42501'),
      anon: '42501',
      memberA: 'ok',
      memberB: '22023',
      adminAal1: '22023',
      owner: '22023',
      support: '22023',
      finance: '22023',
      auditor: '22023',
    },
  },
  freeze_withdrawals: { sql: () => `select public.freeze_withdrawals('matrix')`, expect: membersOnly },
  my_ledger: { sql: () => `select * from public.my_ledger()`, expect: membersOnly },
  // Not in the API: the private schema is for the database itself.
  'private.record_transfer': {
    sql: (i) =>
      `select private.record_transfer('forged', 'correction', (select id from public.ledger_accounts where purpose = 'corrections'),
         (select id from public.ledger_accounts where user_id = '${i.A}' and purpose = 'referral'), 1, '${i.A}', 'forged', null, false)`,
    expect: denyAll,
  },
  'private.resolve_pending': {
    sql: (i) => `select private.resolve_pending(${i.proposalB}, 'post', null, '{}')`,
    expect: denyAll,
  },
  'private.ledger_mismatches': {
    sql: () => `select * from private.ledger_mismatches()`,
    expect: staff([]),
  },
  'private.is_valid_address': {
    sql: () => `select private.is_valid_address('bitcoin', 'x')`,
    expect: denyAll,
  },
  'private.is_admin': { sql: () => `select private.is_admin()`, expect: { ...membersOnly, service: 'ok' } },
  'private.has_admin_row': {
    sql: () => `select private.has_admin_row()`,
    expect: { ...membersOnly, service: 'ok' },
  },
  'private.staff_role': {
    sql: () => `select private.staff_role()`,
    expect: { ...membersOnly, service: 'ok' },
  },
  'private.has_role': {
    sql: () => `select private.has_role('owner')`,
    expect: { ...membersOnly, service: 'ok' },
  },
  'private.current_aal': {
    sql: () => `select private.current_aal()`,
    expect: { ...membersOnly, service: 'ok' },
  },
  'private.request_client_address': {
    sql: () => `select private.request_client_address()`,
    expect: denyAll,
  },
  'private.refuse_over_filing_cap': {
    sql: () => `select private.refuse_over_filing_cap(0, 5, 0, 10, 'deposit notices')`,
    expect: denyAll,
  },
};

describe.each(engines)('RLS and privileges on %s', (_name, open) => {
  let engine: Engine;
  let ids: Ids;
  let callers: Record<Role, Caller>;

  beforeAll(async () => {
    engine = await open();
    const db = engine.db;
    const A = await createUser(db, { email: 'a@rls.test', username: 'Member A' });
    const B = await createUser(db, { email: 'b@rls.test', username: 'Member B' });
    const admin = await createUser(db, { email: 'admin@rls.test', username: 'Admin' });
    const admin2 = await createUser(db, { email: 'admin2@rls.test', username: 'Admin Two' });
    const spare = await createUser(db, { email: 'spare@rls.test' });
    const disposable = await createUser(db, { email: 'disposable@rls.test' });
    await db.query('delete from public.profiles where id = $1', [spare.id]);
    await makeAdmin(db, admin.id);
    await makeAdmin(db, admin2.id);
    const staffOf: Partial<Record<StaffRole, string>> = {};
    for (const role of ['support', 'finance', 'auditor'] as const) {
      const user = await createStaff(db, { role, email: `${role}@rls.test`, username: role });
      staffOf[role] = user.id;
    }
    callers = {
      anon: { role: 'anon' },
      memberA: { role: 'authenticated', uid: A.id },
      // Member B has a verified authenticator (below) and so reads and acts at aal2 (issue 23); the
      // same member at aal1 is refused everywhere: supabase/tests/member-aal.test.ts.
      memberB: { role: 'authenticated', uid: B.id, aal: 'aal2' },
      adminAal1: { role: 'authenticated', uid: admin.id, aal: 'aal1' },
      owner: { role: 'authenticated', uid: admin.id, aal: 'aal2' },
      support: { role: 'authenticated', uid: staffOf.support!, aal: 'aal2' },
      finance: { role: 'authenticated', uid: staffOf.finance!, aal: 'aal2' },
      auditor: { role: 'authenticated', uid: staffOf.auditor!, aal: 'aal2' },
      service: { role: 'service_role' },
    };
    const addressA = await addActiveAddress(db, A.id, 3, '0x000000000000000000000000000000000000dEaD');
    for (const id of [A.id, B.id, admin.id, ...Object.values(staffOf)]) {
      await addActiveAddress(db, id, 1, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
      await addActiveAddress(db, id, 2, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
      await asCaller(db, callers.service, async (tx) => {
        await tx.query(
          `select public.operator_post_correction($1, 'interest_wallet', '1000.00', 'matrix setup')`,
          [id],
        );
        await tx.query(`select public.operator_post_correction($1, 'referral', '1.50', 'matrix setup')`, [
          id,
        ]);
      });
    }
    const file = async (caller: Caller, tx: string) =>
      asCaller(db, caller, async (q: Queryable) => {
        const n = await q.query<{ id: string }>(
          `select (public.file_deposit_notice(1::smallint, '25.00', $1) ->> 'id') as id`,
          [tx],
        );
        const r = await q.query<{ id: string }>(
          `select (public.file_withdrawal_request(1::smallint, 'interest_wallet', '20.00', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa') ->> 'id') as id`,
        );
        return { notice: n.rows[0]!.id, request: r.rows[0]!.id };
      });
    const a = await file(callers.memberA, testTxId('rls-setup-a'));
    await file(callers.memberB, testTxId('rls-setup-b'));
    // Member A lost an authenticator once (a row for the mfa_resets matrix); member B has one to reset.
    await addVerifiedFactor(db, A.id);
    await asCaller(db, callers.service, (tx) =>
      tx.query(`select public.admin_reset_mfa($1, 'matrix setup')`, [A.id]),
    );
    // The reset started a security hold (docs/address-book.md); A waited it out (the service role
    // moves its end, as support would), so A may file and add addresses below.
    await asCaller(db, callers.service, (tx) =>
      tx.query(`update public.security_holds set hold_until = started_at where user_id = $1`, [A.id]),
    );
    await addVerifiedFactor(db, B.id);
    // Member B changed their password once too, and waited out that hold as well.
    await db.query(`update auth.users set encrypted_password = 'first' where id = $1`, [B.id]);
    await db.query(`update auth.users set encrypted_password = 'changed' where id = $1`, [B.id]);
    await asCaller(db, callers.service, (tx) =>
      tx.query(`update public.security_holds set hold_until = started_at where user_id = $1`, [B.id]),
    );
    // Member B and the disposable member have frozen their withdrawals (withdrawal_freezes rows).
    await asCaller(db, callers.service, (tx) =>
      tx.query(`insert into public.withdrawal_freezes (user_id, frozen_by) values ($1, $1), ($2, $2)`, [
        B.id,
        disposable.id,
      ]),
    );
    const proposalB = await asCaller(db, callers.finance, async (tx) => {
      const r = await tx.query<{ id: string }>(
        `select (public.propose_correction($1, 'referral', '9.00', 'goodwill', 'matrix setup') ->> 'id') as id`,
        [B.id],
      );
      return r.rows[0]!.id;
    });
    const staffProposalB = await asCaller(db, callers.finance, async (tx) => {
      const r = await tx.query<{ id: string }>(
        `select (public.propose_staff_change('unfreeze', $1, '{}', 'matrix setup') ->> 'id') as id`,
        [B.id],
      );
      return r.rows[0]!.id;
    });
    ids = {
      A: A.id,
      B: B.id,
      admin: admin.id,
      admin2: admin2.id,
      spare: spare.id,
      disposable: disposable.id,
      noticeA: a.notice,
      requestA: a.request,
      proposalB,
      addressA: String(addressA),
      staffProposalB,
    };
  });

  afterAll(async () => {
    await engine?.close();
  });

  const uidOf = (role: Role) =>
    callers[role].role === 'authenticated' ? (callers[role] as { uid: string }).uid : null;

  describe.each(Object.entries(TABLES))('%s', (table, spec) => {
    it.each(ROLES)('select as %s', async (role) => {
      const expected = spec.select[role];
      const total = Number(
        (await engine.db.query<{ n: string }>(`select count(*) as n from public.${table}`)).rows[0]!.n,
      );
      expect(total, `${table} needs rows for the matrix to mean anything`).toBeGreaterThan(0);
      let rows: Record<string, unknown>[] | undefined;
      const code = await outcome(async () => {
        rows = await probe(
          engine.db,
          callers[role],
          async (tx) => (await tx.query(`select * from public.${table}`)).rows,
        );
      });
      if (expected === 'denied') {
        expect(code).toBe('42501');
        return;
      }
      expect(code).toBe('ok');
      if (expected === 'all') expect(rows!.length).toBe(total);
      if (expected === 'nothing') expect(rows!.length).toBe(0);
      if (expected === 'enabled') {
        const enabled = Number(
          (await engine.db.query<{ n: string }>(`select count(*) as n from public.${table} where enabled`))
            .rows[0]!.n,
        );
        expect(enabled).toBeLessThan(total);
        expect(rows!.length).toBe(enabled);
        expect(rows!.every((r) => r.enabled === true)).toBe(true);
      }
      if (expected === 'own') {
        const uid = uidOf(role);
        const mine = Number(
          (
            await engine.db.query<{ n: string }>(
              `select count(*) as n from public.${table} where ${spec.owner} = $1`,
              [uid],
            )
          ).rows[0]!.n,
        );
        expect(rows!.length).toBe(mine);
        expect(rows!.every((r) => r[spec.owner!] === uid)).toBe(true);
        expect(mine).toBeLessThan(total);
      }
    });

    describe.each(['insert', 'update', 'delete'] as Op[])('%s', (op) => {
      it.each(ROLES)(`as %s`, async (role) => {
        const { sql, expect: expected } = spec.writes[op];
        let touched = 0;
        const code = await outcome(async () => {
          touched = await probe(
            engine.db,
            callers[role],
            async (tx) => (await tx.query(sql(ids))).affectedRows ?? 0,
          );
        });
        expect(code).toBe(expected[role]);
        if (expected[role] === 'ok') expect(touched).toBeGreaterThan(0);
      });
    });
  });

  describe.each(Object.entries(FUNCTIONS))('function %s', (_fn, spec) => {
    it.each(ROLES)('called as %s', async (role) => {
      const code = await outcome(() =>
        probe(engine.db, callers[role], (tx) => tx.query(spec.sql(ids, role))),
      );
      expect(code).toBe(spec.expect[role]);
    });
  });

  it('only service_role may write the client address the contact limit counts by', async () => {
    const forge = (role: Role) =>
      outcome(() =>
        probe(engine.db, callers[role], (tx) =>
          tx.query(`insert into public.contact_messages (name, email, message, client_address)
                    values ('Forger', 'forger@rls.test', 'Hello', '192.0.2.1')`),
        ),
      );
    const results = Object.fromEntries(await Promise.all(ROLES.map(async (r) => [r, await forge(r)])));
    expect(results).toEqual(serviceOnly);
    const rewrite = (role: Role) =>
      outcome(() =>
        probe(engine.db, callers[role], (tx) =>
          tx.query(`update public.contact_messages set client_address = '192.0.2.1'`),
        ),
      );
    for (const role of ROLES) expect(await rewrite(role), role).toBe(serviceOnly[role]);
  });

  it('is_admin answers for the caller', async () => {
    const ask = (role: Role) =>
      probe(
        engine.db,
        callers[role],
        async (tx) => (await tx.query<{ a: boolean }>('select public.is_admin() as a')).rows[0]!.a,
      );
    expect(await ask('memberA')).toBe(false);
    // The caller's own flag at any level: the sign-in page needs it to ask an aal1 admin for a code.
    expect(await ask('adminAal1')).toBe(true);
    expect(await ask('owner')).toBe(true);
    expect(await ask('service')).toBe(false);
  });

  it('refuses every admin function to an aal1 admin with the message the UI turns into the prompt', async () => {
    const staffRoles: StaffRole[] = ['owner', 'support', 'finance', 'auditor'];
    const adminFunctions = Object.entries(FUNCTIONS).filter(
      ([, spec]) => spec.expect.adminAal1 === '42501' && staffRoles.some((r) => spec.expect[r] === 'ok'),
    );
    expect(adminFunctions.length).toBeGreaterThanOrEqual(10);
    for (const [name, spec] of adminFunctions) {
      const error = await probe(engine.db, callers.adminAal1, (tx) =>
        tx.query(spec.sql(ids, 'adminAal1')),
      ).then(
        () => undefined,
        (e: unknown) => e as { code?: string; message?: string; hint?: string },
      );
      expect(error, name).toMatchObject({
        code: '42501',
        message: 'Admin actions need your authenticator code.',
        hint: 'aal2_required',
      });
    }
  });

  it('ledger rows cannot be changed or removed even by the database owner', async () => {
    for (const sql of [
      'update public.ledger_entries set reason = $1',
      'delete from public.ledger_entries where reason <> $1',
      'update public.transfers set client_text = $1',
      'delete from public.transfers where client_text <> $1',
      'update public.ledger_accounts set credits_posted = credits_posted + 1 where purpose <> $1',
    ]) {
      await expect(engine.db.query(sql, ['x'])).rejects.toMatchObject({ code: '42501' });
    }
    await expect(engine.db.query('truncate public.ledger_entries')).rejects.toMatchObject({ code: '42501' });
    await expect(engine.db.query('truncate public.transfers cascade')).rejects.toMatchObject({
      code: '42501',
    });
    await expect(engine.db.query('truncate public.deposit_wallet_changes')).rejects.toMatchObject({
      code: '42501',
    });
  });

  it('balances change only through the ledger, even for service_role', async () => {
    const code = await outcome(() =>
      probe(engine.db, callers.service, (tx) =>
        tx.query(`update public.profiles set interest_wallet = 5 where id = $1`, [ids.A]),
      ),
    );
    expect(code).toBe('42501');
    const raw = await outcome(() =>
      engine.db.query(`update public.profiles set referral = referral + 1 where id = $1`, [ids.A]),
    );
    expect(raw).toBe('42501');
  });

  it('a member cannot read another member through functions either', async () => {
    const code = await outcome(() =>
      probe(engine.db, callers.memberA, (tx) =>
        tx.query(`select * from public.admin_user_ledger($1)`, [ids.B]),
      ),
    );
    expect(code).toBe('42501');
    const atAal1 = await outcome(() =>
      probe(engine.db, callers.adminAal1, (tx) =>
        tx.query(`select * from public.admin_user_ledger($1)`, [ids.B]),
      ),
    );
    expect(atAal1).toBe('42501');
    const own = await probe(
      engine.db,
      callers.memberA,
      async (tx) => (await tx.query<{ account: string }>('select * from public.my_ledger()')).rows,
    );
    const expected = await engine.db.query(`select 1 from public.ledger_entries where user_id = $1`, [ids.A]);
    expect(own.length).toBe(expected.rows.length);
  });

  it('my_ledger in pages: each starts below the last entry of the one before, together the whole statement', async () => {
    // Times as text: a JS Date would drop the microseconds, and entries of one transaction share a time.
    type Line = { id: string; created_at: string };
    const read = (sql: string, params: unknown[] = []) =>
      probe(engine.db, callers.memberA, async (tx) => (await tx.query<Line>(sql, params)).rows);
    const whole = await read('select id::text, created_at::text from public.my_ledger()');
    expect(whole.length).toBeGreaterThan(1);
    const paged: Line[] = [];
    let page = await read('select id::text, created_at::text from public.my_ledger(p_limit => 1)');
    // Bounded: a start that did not move on would repeat pages for ever.
    while (page.length && paged.length <= whole.length) {
      paged.push(...page);
      const last = page[page.length - 1]!;
      page = await read('select id::text, created_at::text from public.my_ledger($1::timestamptz, $2, 1)', [
        last.created_at,
        last.id,
      ]);
    }
    expect(paged.map((l) => l.id)).toEqual(whole.map((l) => l.id));
    // Half a starting point, or a page size out of range, is refused with a message.
    for (const sql of [
      'select * from public.my_ledger(now(), null, 10)',
      'select * from public.my_ledger(null, 5, 10)',
      'select * from public.my_ledger(p_limit => 0)',
      'select * from public.my_ledger(p_limit => 10001)',
    ])
      expect(await outcome(() => read(sql))).toBe('22023');
  });

  it('refuses a staff role the action is not for, with a message that names the role', async () => {
    for (const [role, sql] of [
      ['support', `select public.propose_correction('${ids.A}', 'referral', '1.00', 'other', 'not mine')`],
      ['auditor', `select public.review_withdrawal_request(${ids.requestA}, 'approve', null)`],
      [
        'finance',
        `select public.propose_staff_change('staff_role', null, '{"email":"b@rls.test","role":"owner"}', 'promote')`,
      ],
    ] as const) {
      const error = await probe(engine.db, callers[role], (tx) => tx.query(sql)).then(
        () => undefined,
        (e: unknown) => e as { code?: string; message?: string; hint?: string },
      );
      expect(error, role).toMatchObject({ code: '42501', hint: 'role_required' });
      expect(error?.message).toMatch(new RegExp(`^Your staff role \\(${role}\\) cannot do this; it needs `));
    }
  });

  it('a bare admins row (the service-role grant command) is an owner', async () => {
    const { rows } = await engine.db.query<{ role: string }>(
      'select role from public.admins where user_id = $1',
      [ids.admin],
    );
    expect(rows[0]?.role).toBe('owner');
    await expect(
      engine.db.query(`update public.admins set role = 'superuser' where user_id = $1`, [ids.admin]),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
