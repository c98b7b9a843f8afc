/**
 * The audit log and member notifications of `npm run bench:scale` (tests/bench/scale.bench.ts): the
 * generator and the reads /admin/audit makes.
 *
 * Generated after the members, ledger, notices and requests exist, in replica mode (no trigger runs):
 *   - ledger_entry events for a sample of the ledger (every entry of the long-standing member, so
 *     their statement and their activity agree; the rest at random, so the skew is the ledger's),
 *     at the entry's time, by the staff member who approved the change or confirmed the deposit;
 *   - deposit_notice_* for a sample of the decided notices, withdrawal_approved / _paid / _rejected
 *     for a sample of the decided requests (at their review and payment times);
 *   - transfer_pending / transfer_posted / transfer_voided for a sample of the transfers (each
 *     phase, as the transfers' audit trigger writes it); the member's own security events (address book, password, authenticator, e-mail,
 *     freeze) skewed like the filings; a few staff events (roles, deposit addresses, unfreezes,
 *     MFA resets);
 *   - actors among eight staff (two owners, three finance, two support, one auditor), or the member;
 *   - a valid hash chain in time order, linked to the chain head the migrations left, and the head
 *     moved to its end, so verify_audit_chain() reports it intact and live events link on;
 *   - the notifications the audit_events trigger would have written (private.member_event_words, the
 *     newest 500 a member, the trigger's cap), read except for the last week's.
 * Proportions of SCALE_AUDIT: ledger entries 55%, withdrawals 18%, deposit notices 12%, transfer
 * phases 9%, the members' own events 4.5%, staff events the rest. A firm of this size with every
 * row audited would hold about 1.8 million events; the sample keeps SCALE_AUDIT's size and the mix.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { idBatches } from '../../src/lib/id-batches';
import type { AuditCursor, AuditFilter } from '../../src/lib/admin/audit';
import { queryAuditPage } from '../../src/lib/admin/audit-query';
import type { AppSupabaseClient } from '../../src/lib/supabase';

/** Staff k (1-8): two owners, three finance, two support, one auditor. */
export const STAFF_ROLES = [
  'owner',
  'owner',
  'finance',
  'finance',
  'finance',
  'support',
  'support',
  'auditor',
];
const staff = (k: string): string => `md5('scale-staff-' || (${k}))::uuid`;
const owner = (j: string): string => staff(`1 + (${j}) % 2`);
const finance = (j: string): string => staff(`3 + (${j}) % 3`);

type Step = (name: string, text: string, params?: unknown[]) => Promise<void>;

export async function seedAudit(sql: pg.Client, step: Step, audit: number, members: number): Promise<void> {
  // The staff, as the members are made (auth user, profile, admins row with their role).
  await sql.query(
    `create temporary table gen_staff as
     select k, md5('scale-staff-' || k)::uuid as id, 'staff' || k || '@example.com' as email,
       ($1::text[])[k] as role, now() - interval '3 years' - make_interval(days => k) as created_at
     from generate_series(1, cardinality($1::text[])) as k`,
    [STAFF_ROLES],
  );
  await sql.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
       email_change_token_new, email_change, email_change_token_current, email_change_confirm_status,
       phone_change, phone_change_token, reauthentication_token)
     select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email, '',
       created_at, '{"provider":"email","providers":["email"]}', jsonb_build_object('username', 'Staff ' || k),
       created_at, created_at, '', '', '', '', '', 0, '', '', ''
     from gen_staff;
     insert into public.profiles (id, username, email, created_at, updated_at)
     select id, 'Staff ' || k, email, created_at, created_at from gen_staff;
     insert into public.ledger_accounts (user_id, purpose, created_at)
     select s.id, p, s.created_at from gen_staff s
     cross join unnest(array['deposit_wallet', 'interest_wallet', 'total_invest', 'referral']) p;
     insert into public.admins (user_id, role) select id, role from gen_staff;`,
  );

  const share = (f: number) => Math.round(audit * f);
  const whale = (await sql.query<{ id: string }>(`select id from gen_member where i = 1`)).rows[0]!.id;
  const count = async (from: string, params: unknown[] = []) =>
    Number((await sql.query<{ n: string }>(`select count(*) as n from ${from}`, params)).rows[0]!.n);
  const whaleEntries = await count(`public.ledger_entries where user_id = $1`, [whale]);
  const ledgerRows = await count(`public.ledger_entries`);
  const phases = share(0.09);
  const own = share(0.045);
  const staffEvents = share(0.005);
  const deposits = share(0.12);
  const withdrawals = share(0.18);
  const ledger = Math.max(
    0,
    Math.min(ledgerRows, audit - phases - own - staffEvents - deposits - withdrawals),
  );
  const sample = (wanted: number, of: number) => Math.min(1, wanted / Math.max(1, of));

  // occurred_at, actor_id, actor_role, member_id, kind, before, after, reason: in any order; the ids
  // and the chain follow time below.
  await sql.query(
    `create temporary table gen_audit (occurred_at timestamptz, actor_id uuid, actor_role text, member_id uuid,
       kind text, before jsonb, after jsonb, reason text)`,
  );
  const into = `insert into gen_audit (occurred_at, actor_id, actor_role, member_id, kind, before, after, reason)`;
  await step(
    'audit: ledger entries',
    `${into}
     select l.created_at,
       l.actor_id, case when l.actor_id is null then 'system' else coalesce(st.role, 'member') end,
       l.user_id, 'ledger_entry', null,
       jsonb_build_object('account', l.account, 'delta', l.delta::text, 'balance_before', l.balance_before::text,
         'balance_after', l.balance_after::text, 'source', l.source, 'source_id', l.source_id, 'entry_id', l.id),
       l.reason
     from public.ledger_entries l left join gen_staff st on st.id = l.actor_id
     where l.user_id = $1 or random() < $2`,
    [whale, sample(ledger - whaleEntries, ledgerRows - whaleEntries)],
  );
  await step(
    'audit: deposit notices',
    `${into}
     select d.reviewed_at, ${finance('d.id')}, 'finance', d.user_id, 'deposit_notice_' || d.status,
       jsonb_build_object('id', d.id, 'status', 'pending'),
       jsonb_build_object('id', d.id, 'status', d.status, 'amount', d.amount::text), d.review_note
     from public.deposit_notices d
     where d.status <> 'pending' and random() < $1`,
    [sample(deposits, await count(`public.deposit_notices where status <> 'pending'`))],
  );
  // A decided request is approved (then paid) or rejected: about 1.95 events each.
  await step(
    'audit: withdrawal requests',
    `${into}
     select e.at, e.actor, e.role, w.user_id, 'withdrawal_' || e.status,
       jsonb_build_object('id', w.id, 'status', e.was), jsonb_build_object('id', w.id, 'status', e.status,
         'amount', w.amount::text), case when e.status = 'rejected' then w.review_note end
     from public.withdrawal_requests w
     cross join lateral (values
       (case when w.status = 'rejected' then 'rejected' else 'approved' end, 'pending', w.reviewed_at,
        ${finance('w.id')}, 'finance'),
       ('paid', 'approved', w.paid_at, ${owner('w.id')}, 'owner')) as e(status, was, at, actor, role)
     where w.status <> 'pending' and e.at is not null and random() < $1`,
    [sample(withdrawals / 1.95, await count(`public.withdrawal_requests where status <> 'pending'`))],
  );
  // The phases of transfers, as the transfers' audit trigger writes them (staff's record: no notice).
  await step(
    'audit: transfer phases',
    `${into}
     select t.created_at, t.created_by,
       case when t.created_by is null then 'system' else coalesce(st.role, 'member') end,
       t.user_id,
       case t.phase when 'pending' then 'transfer_pending' when 'void_pending' then 'transfer_voided'
         else 'transfer_posted' end,
       null,
       jsonb_strip_nulls(jsonb_build_object('transfer_id', t.id, 'pending_id', t.pending_id,
         'business_id', t.business_id, 'kind', t.kind, 'phase', t.phase, 'amount', t.amount::text,
         'debit_account_id', t.debit_account_id, 'credit_account_id', t.credit_account_id,
         'category', t.category, 'asset', t.asset, 'quantity', t.quantity::text, 'rate', t.rate::text,
         'source', t.source, 'source_id', t.source_id, 'void_reason', t.void_reason,
         'proposed_by', t.proposed_by, 'initiated_by', t.initiated_by, 'internal_note', t.internal_note,
         'expires_at', t.expires_at)),
       t.client_text
     from public.transfers t left join gen_staff st on st.id = t.created_by
     where random() < $1`,
    [sample(phases, await count(`public.transfers`))],
  );
  // The members' own events, skewed like their filings.
  await step(
    'audit: members own events',
    `${into}
     select t.at, case when k.kind = 'withdrawals_unfrozen' then ${owner('s.j')} else m.id end,
       case when k.kind = 'withdrawals_unfrozen' then 'owner' else 'member' end, m.id, k.kind, k.before, k.after,
       k.reason
     from (select j, 2 + floor(($1 - 2) * power(random(), 2))::int as i, random() as u
           from generate_series(1, $2::int) as j) s
     join gen_member m using (i)
     cross join lateral (select m.created_at + (now() - m.created_at) * random() as at) t
     cross join lateral (select (array['BTC','ETH','USDT','XRP'])[1 + s.j % 4] as asset,
       (array['bitcoin','ethereum','tron','ripple'])[1 + s.j % 4] as network) w
     cross join lateral (select case
         when s.u < 0.44 then 'address_added' when s.u < 0.57 then 'address_removed'
         when s.u < 0.79 then 'member_password_changed' when s.u < 0.86 then 'member_factor_enrolled'
         when s.u < 0.88 then 'member_factor_removed' when s.u < 0.93 then 'member_email_changed'
         when s.u < 0.97 then 'withdrawals_frozen' else 'withdrawals_unfrozen' end as kind) kk
     cross join lateral (select kk.kind,
       case when kk.kind = 'member_email_changed' then jsonb_build_object('email', 'old.' || m.email) end as before,
       case kk.kind
         when 'address_added' then jsonb_build_object('id', s.j, 'asset', w.asset, 'network', w.network,
           'label', (array['Ledger','Exchange','Cold storage','Savings'])[1 + s.j % 4],
           'address', 'scale' || md5('scale-address-' || s.j),
           'destination_tag', case when w.network = 'ripple' then s.j % 100000 end,
           'usable_from', t.at + interval '24 hours')
         when 'address_removed' then jsonb_build_object('id', s.j, 'asset', w.asset, 'network', w.network,
           'label', 'Exchange', 'address', 'scale' || md5('scale-address-' || s.j))
         when 'member_password_changed' then '{}'::jsonb
         when 'member_factor_enrolled' then jsonb_build_object('factor_id', md5('scale-factor-' || s.j)::uuid,
           'friendly_name', 'Phone')
         when 'member_factor_removed' then jsonb_build_object('factor_id', md5('scale-factor-' || s.j)::uuid,
           'friendly_name', 'Phone')
         when 'member_email_changed' then jsonb_build_object('email', m.email)
         when 'withdrawals_frozen' then jsonb_build_object('frozen_by_member', true)
         else jsonb_build_object('proposal_id', s.j) end as after,
       case kk.kind when 'withdrawals_frozen' then 'Lost my phone'
         when 'withdrawals_unfrozen' then 'Member confirmed by phone' end as reason) k`,
    [members, own],
  );
  // Staff's own business: roles, deposit-address changes (no member), MFA resets.
  await step(
    'audit: staff events',
    `${into}
     select now() - make_interval(secs => 94608000 * random()), ${owner('j')}, 'owner',
       case when k.kind in ('address_edit', 'staff_proposal_open', 'staff_proposal_approved') then null
            when k.kind = 'mfa_reset' then md5('scale-member-' || (2 + j % 1000))::uuid
            else ${staff('1 + j % 8')} end,
       k.kind, k.before, k.after, k.reason
     from generate_series(1, $1::int) as j
     cross join lateral (select case j % 6 when 0 then 'address_edit' when 1 then 'staff_proposal_open'
       when 2 then 'staff_proposal_approved' when 3 then 'mfa_reset' when 4 then 'role_changed'
       else 'role_granted' end as kind) kk
     cross join lateral (select kk.kind,
       case kk.kind when 'address_edit' then jsonb_build_object('wallet_id', 1 + j % 7, 'address', 'old', 'enabled', true)
         when 'role_changed' then jsonb_build_object('role', 'support') end as before,
       case kk.kind when 'address_edit' then jsonb_build_object('wallet_id', 1 + j % 7, 'address', 'new', 'enabled', true)
         when 'mfa_reset' then jsonb_build_object('factors_removed', 1)
         when 'role_changed' then jsonb_build_object('role', 'finance')
         when 'role_granted' then jsonb_build_object('role', 'support')
         else jsonb_build_object('proposal_id', j, 'change', 'deposit_address', 'target', (1 + j % 7)::text) end
         as after,
       case when kk.kind in ('address_edit', 'staff_proposal_open', 'staff_proposal_approved')
         then 'Rotated the hot wallet' when kk.kind = 'mfa_reset' then 'Lost phone, identity checked' end as reason) k`,
    [staffEvents],
  );

  // The chain, in time order, from the head the migrations left: each row's hash is
  // private.audit_hash of its fields and the hash before it (one row at a time by nature).
  await sql.query(`create temporary sequence gen_audit_order`);
  await step(
    'audit: hash chain',
    `create function pg_temp.chained(p_first bigint, p_prev text) returns setof public.audit_events
     language plpgsql as $f$
     declare
       v public.audit_events;
       v_id bigint := p_first;
       v_prev text := p_prev;
     begin
       for v in select v_id as id, g.occurred_at, g.actor_id, g.actor_role, g.member_id, g.kind, g.before,
                  g.after, g.reason, null::text as prev_hash, null::text as hash
                from gen_audit g order by g.occurred_at loop
         v.id := v_id;
         v.prev_hash := v_prev;
         v.hash := private.audit_hash(v);
         return next v;
         v_prev := v.hash;
         v_id := v_id + 1;
       end loop;
     end
     $f$;
     insert into public.audit_events overriding system value
     select * from pg_temp.chained(
       coalesce((select max(id) from public.audit_events), 0) + 1,
       coalesce((select hash from public.audit_events order by id desc limit 1), repeat('0', 64)));
     select setval(pg_get_serial_sequence('public.audit_events', 'id'), (select max(id) from public.audit_events));
     update private.audit_chain_head h set last_id = a.id, last_hash = a.hash,
       events = (select count(*) from public.audit_events)
     from (select id, hash from public.audit_events order by id desc limit 1) a
     where h.singleton;`,
  );
  // What the trigger writes: the newest 500 a member (address_added: two each), in event order.
  await step(
    'notifications',
    `with recent as (
       select e.ev from (
         select a as ev, row_number() over (partition by a.member_id order by a.occurred_at desc, a.id desc) as r
         from public.audit_events a
         where a.member_id is not null and a.kind not like 'proposal\\_%' and a.kind not like 'staff\\_proposal\\_%'
           and a.kind not like 'transfer\\_%') e
       where e.r <= private.notifications_per_member()),
     worded as (
       select (e.ev).member_id, case w.variant when 'usable' then (e.ev).kind || '_usable' else (e.ev).kind end as kind,
         (e.ev).id as event_id, (e.ev).occurred_at,
         coalesce(w.available_at, (e.ev).occurred_at) as available_at,
         row_number() over (partition by (e.ev).member_id
                            order by coalesce(w.available_at, (e.ev).occurred_at) desc, (e.ev).id desc) as r
       from recent e
       cross join lateral private.member_event_words(e.ev) w
       where exists (select 1 from auth.users u where u.id = (e.ev).member_id))
     insert into public.notifications (id, user_id, kind, event_id, created_at, available_at, read_at)
     overriding system value
     select (select coalesce(max(id), 0) from public.notifications) + row_number() over (order by event_id, kind),
       member_id, kind, event_id, occurred_at,
       available_at, case when available_at < now() - interval '7 days' then available_at + interval '6 hours' end
     from worded where r <= private.notifications_per_member();
     select setval(pg_get_serial_sequence('public.notifications', 'id'),
       coalesce((select max(id) from public.notifications), 1));`,
  );
}

/** A filter of /admin/audit: the fields of the screen's form, blank when unused. */
export type AuditRead = Partial<AuditFilter> & { cursor?: AuditCursor };

/**
 * One page of /admin/audit with the screen's own requests (src/lib/admin/audit-query.ts), then the
 * people on it in the batches src/lib/admin/people.ts asks for (that module reads the browser's client).
 */
export async function readAuditPage(client: SupabaseClient, read: AuditRead, limit = 50): Promise<number> {
  const filter: AuditFilter = { kind: '', actor: '', member: '', from: '', to: '', ...read };
  // supabase-js's client is PostgREST's under another name; the module asks only for `from`.
  const rest = client as unknown as Pick<AppSupabaseClient, 'from'>;
  const rows = await queryAuditPage(rest, filter, read.cursor ?? null, limit);
  const ids = [...new Set(rows.flatMap((r) => [r.actor_id, r.member_id]).filter((id): id is string => !!id))];
  for (const r of await Promise.all(
    idBatches(ids).map((batch) => client.from('profiles').select('id, email, username').in('id', batch)),
  ))
    if (r.error) throw new Error(`people: ${r.error.message}`);
  return rows.length;
}
