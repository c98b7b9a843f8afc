/**
 * The money of `npm run bench:scale` (tests/bench/scale.bench.ts): the money engine's accounts,
 * transfers and member lines at a firm's size, generated set-based (one statement a table) as the
 * database owner in replica mode (no trigger runs), consistent by construction:
 *   - every member's four accounts (what the profiles trigger opens);
 *   - `transfers` rows (SCALE_TRANSFERS, 2,000,000): movements in cycles of ten per member, in time
 *     order — a deposit (pending, then posted by a second admin), a subscription, two returns, a
 *     withdrawal from the Interest Wallet (the member's pending reservation, then paid), a referral
 *     bonus, a withdrawal from the Deposit Wallet, a redemption, a return and a correction (pending,
 *     then posted; one in five rejected). Each cycle's amounts follow one deposit, so no member
 *     account ever goes below zero. The long-standing member 1 has about WHALE_ENTRIES lines; the
 *     rest follow a power law (a few very active members, most with a handful);
 *   - `ledger_entries`: one line per member account a posted transfer moved, with running balances;
 *   - the accounts' posted and pending counters, and the profiles' six cards (the cache);
 *   - a deposit notice for every deposit (confirmed, linked to its posted transfer) and a
 *     withdrawal request for every withdrawal (paid), plus the open queue (SCALE_QUEUE pending
 *     notices, and as many pending or approved withdrawal requests, each reserving its amount by an
 *     open pending transfer) and some rejected notices.
 * `private.ledger_mismatches()` is empty afterwards (the bench checks it).
 */
import type pg from 'pg';

type Step = (name: string, text: string, params?: unknown[]) => Promise<void>;

/** Staff k (1-8) of tests/bench/scale-audit.ts: owners 1-2, finance 3-5. */
const staff = (k: string): string => `md5('scale-staff-' || (${k}))::uuid`;

export async function seedLedger(
  sql: pg.Client,
  step: Step,
  opts: { members: number; transfers: number; whaleEntries: number; queue: number },
): Promise<void> {
  // The member's four accounts, one row per member for the joins below.
  await step(
    'ledger_accounts',
    `insert into public.ledger_accounts (user_id, purpose, created_at)
     select m.id, p.purpose, m.created_at from gen_member m
     cross join unnest(array['deposit_wallet', 'interest_wallet', 'total_invest', 'referral']) with ordinality
       as p (purpose, n)
     order by m.i, p.n`,
  );
  await sql.query(
    `create temporary table gen_account as
     select m.i, m.id as user_id,
       max(a.id) filter (where a.purpose = 'deposit_wallet') as dw,
       max(a.id) filter (where a.purpose = 'interest_wallet') as iw,
       max(a.id) filter (where a.purpose = 'total_invest') as ti,
       max(a.id) filter (where a.purpose = 'referral') as rf
     from gen_member m join public.ledger_accounts a on a.user_id = m.id
     group by m.i, m.id;
     create unique index on gen_account (i);
     analyze gen_account;`,
  );
  // A movement is one or two transfer rows (two-phase: deposits, withdrawals, corrections), 1.4 on
  // average; the member's lines per movement are 1.2 (a subscription and a redemption move two of
  // the member's accounts), so member 1 gets whaleEntries lines from whaleEntries / 1.2 movements.
  const movements = Math.round(opts.transfers / 1.39);
  // Ids follow whatever the migrations left: a movement's number is past every existing transfer
  // (whose rows are 2mv - 1 and 2mv), notice and request (whose ids are mv).
  const base = Number(
    (
      await sql.query<{ base: string }>(
        `select greatest((select coalesce(max(id), 0) from public.transfers) / 2 + 1,
           (select coalesce(max(id), 0) from public.deposit_notices),
           (select coalesce(max(id), 0) from public.withdrawal_requests))::text as base`,
      )
    ).rows[0]!.base,
  );
  const whaleMoves = Math.min(Math.round(opts.whaleEntries / 1.2), Math.floor(movements / 2));
  await step(
    'movements',
    `create temporary table gen_move as
     with s as (
       select j, case when j <= $2 then 1 else 2 + floor(($1 - 2) * power(random(), 3))::int end as i
       from generate_series(1, $3::int) as j
     ), k as (
       select j, i, row_number() over (partition by i order by j) as k, count(*) over (partition by i) as n from s
     ), v as (
       select k.j, k.i, a.user_id, (k.k - 1) / 10 as c, (k.k - 1) % 10 as pos,
         -- in time order within the member, each settled (posted) before the next one starts
         m.created_at + (now() - m.created_at) * ((k.k - 0.9) / k.n) as at,
         (now() - m.created_at) * (0.4 / k.n) as settle,
         -- one amount a cycle, from which the cycle's other amounts follow
         round(100 + 19900 * (abs(hashtext(k.i || ':' || ((k.k - 1) / 10))) / 2147483647.0), 2) as a,
         a.dw, a.iw, a.ti, a.rf
       from k join gen_account a using (i) join gen_member m using (i)
     )
     select $4::bigint + row_number() over (order by v.at, v.j) as mv, v.*, w.id as wallet_id, w.asset, w.network,
       (array[60000, 3000, 1, 1, 0.5])[array_position(array['BTC','ETH','USDT','USDC','XRP'], w.asset)]::numeric
         as rate,
       case v.pos when 0 then 'deposit' when 1 then 'subscription' when 4 then 'withdrawal' when 5 then 'referral_bonus'
         when 6 then 'withdrawal' when 7 then 'redemption' when 9 then 'correction' else 'return' end as kind,
       case v.pos when 0 then v.a when 1 then round(0.6 * v.a, 2) when 4 then round(0.08 * v.a, 2)
         when 5 then round(0.01 * v.a, 2) when 6 then round(0.3 * v.a, 2) when 7 then round(0.2 * v.a, 2)
         when 8 then round(0.03 * v.a, 2) when 9 then round(1 + 0.002 * v.a, 2) else round(0.05 * v.a, 2) end
         as amount,
       v.pos in (0, 4, 6, 9) as two_phase, v.pos = 9 and v.c % 5 = 4 as voided
     from v cross join lateral (select d.id, d.asset, d.network from public.deposit_wallets d
       where d.id = (array[1, 2, 3, 4, 5, 7])[1 + v.j % 6]) w`,
    [opts.members, whaleMoves, movements, base],
  );
  await sql.query(
    `create temporary table gen_firm as
     select (select id from public.ledger_accounts where user_id is null and purpose = 'returns_paid') as returns_paid,
       (select id from public.ledger_accounts where user_id is null and purpose = 'referral_paid') as referral_paid,
       (select id from public.ledger_accounts where user_id is null and purpose = 'corrections') as corrections;
     alter table gen_move add column debit bigint, add column credit bigint;
     update gen_move g set
       debit = case g.pos when 0 then cf.id when 1 then g.dw when 4 then g.iw when 5 then f.referral_paid
         when 6 then g.dw when 7 then g.ti when 9 then f.corrections else f.returns_paid end,
       credit = case g.pos when 0 then g.dw when 1 then g.ti when 4 then cf.id when 5 then g.rf
         when 6 then cf.id when 7 then g.dw else g.iw end
     from gen_firm f, public.ledger_accounts cf
     where cf.user_id is null and cf.purpose = 'client_funds' and cf.asset = g.asset;
     create unique index on gen_move (mv);
     create index on gen_move (i);
     analyze gen_move;`,
  );
  // Transfer ids by time: a movement's first row is 2mv - 1, its second (post or void) 2mv.
  const finance = staff('3 + g.mv % 3');
  const owner = staff('1 + g.mv % 2');
  await step(
    'transfers',
    `insert into public.transfers (id, business_id, phase, pending_id, kind, debit_account_id, credit_account_id,
       amount, user_id, created_by, initiated_by, proposed_by, client_text, internal_note, category, small_edit,
       asset, quantity, rate, rate_source, rate_at, network_fee, source, source_id, plan, expires_at, void_reason,
       created_at)
     overriding system value
     select r.id, b.business_id, r.phase, r.pending_id, g.kind, g.debit, g.credit, g.amount, g.user_id,
       r.created_by, case when g.kind = 'withdrawal' then g.user_id when g.two_phase then ${finance} end,
       r.proposed_by, t.client_text, case when g.kind = 'correction' then 'Scale bench: fee refund' end,
       case when g.kind = 'correction' then 'error_correction' end, false,
       case when g.kind in ('deposit', 'withdrawal') then g.asset end,
       -- A payout's quantity plus its 0.0001 network fee, at the rate, is its amount to the cent.
       case when g.kind = 'deposit' then round(g.amount / g.rate, 6)
         when g.kind = 'withdrawal' and r.second then round(g.amount / g.rate, 12) - 0.0001 end,
       case when g.kind = 'deposit' or (g.kind = 'withdrawal' and r.second) then g.rate end,
       case when g.kind = 'deposit' or (g.kind = 'withdrawal' and r.second) then 'Scale bench rates' end,
       case when g.kind = 'deposit' then g.at - interval '1 minute' end,
       case when g.kind = 'withdrawal' and r.second then 0.0001 end,
       case g.kind when 'deposit' then 'deposit_notice' when 'withdrawal' then 'withdrawal_request' end,
       case when g.kind in ('deposit', 'withdrawal') then g.mv end,
       case when g.kind in ('subscription', 'redemption', 'return') then 'gold' end,
       case when r.phase = 'pending' then g.at + interval '7 days' end,
       case when r.phase = 'void_pending' then 'rejected' end, r.created_at
     from gen_move g
     cross join lateral (select case g.kind
         when 'deposit' then 'deposit:' || g.network || ':' || md5('scale-tx-' || g.mv)
         when 'withdrawal' then 'withdrawal:' || g.mv
         else g.kind || ':scale-' || g.mv end as business_id) b
     cross join lateral (select case g.kind
         when 'deposit' then 'Deposit in ' || g.asset
         when 'withdrawal' then 'Withdrawal in ' || g.asset || ' (request #' || g.mv || ')'
         when 'subscription' then 'Invested in the fund' when 'redemption' then 'Investment returned'
         when 'return' then 'Monthly return' when 'referral_bonus' then 'Referral bonus'
         else 'Fee refunded' end as client_text) t
     cross join lateral (
       select 2 * g.mv - 1 as id, case when g.two_phase then 'pending' else 'posted' end as phase,
         null::bigint as pending_id,
         case when not g.two_phase then null when g.kind = 'withdrawal' then g.user_id else ${finance} end as created_by,
         case when g.two_phase and g.kind <> 'withdrawal' then ${finance} end as proposed_by,
         g.at as created_at, false as second
       union all
       select 2 * g.mv, case when g.voided then 'void_pending' else 'post_pending' end, 2 * g.mv - 1,
         ${owner}, ${finance}, g.at + g.settle, true
       where g.two_phase) r`,
  );
  // The member's lines: each generated posted row's member legs, with running balances per account
  // (continuing from the seed's own lines).
  await step(
    'ledger_entries',
    `insert into public.ledger_entries (id, user_id, transfer_id, account_id, account, kind, delta,
       balance_before, balance_after, reason, actor_id, source, source_id, plan, created_at)
     overriding system value
     select (select coalesce(max(id), 0) from public.ledger_entries)
         + row_number() over (order by e.created_at, e.transfer_id, e.delta), e.user_id, e.transfer_id,
       e.account_id, e.account, e.kind, e.delta,
       sum(e.delta) over w - e.delta, sum(e.delta) over w, e.reason, e.actor_id, e.source, e.source_id, e.plan, e.created_at
     from (
       select t.user_id, t.id as transfer_id, l.account_id, a.purpose as account, t.kind, l.delta, t.client_text as reason,
         t.created_by as actor_id, t.source, t.source_id, t.plan, t.created_at
       from public.transfers t
       cross join lateral (values (t.debit_account_id, -t.amount), (t.credit_account_id, t.amount)) as l (account_id, delta)
       join public.ledger_accounts a on a.id = l.account_id and a.user_id is not null
       where t.phase in ('posted', 'post_pending')
         -- The seed's transfers were posted by the engine, lines and all: not twice.
         and not exists (select 1 from public.ledger_entries x where x.transfer_id = t.id)
     ) e
     window w as (partition by e.account_id order by e.created_at, e.transfer_id rows unbounded preceding)`,
  );
  await step(
    'deposit_notices',
    `insert into public.deposit_notices (id, user_id, wallet_id, quantity, tx_id, status, amount, rate, rate_source,
       rate_at, transfer_id, reviewed_by, reviewed_at, credited_amount, created_at)
     overriding system value
     select g.mv, g.user_id, g.wallet_id, round(g.amount / g.rate, 6), md5('scale-tx-' || g.mv), 'confirmed', g.amount,
       g.rate, 'Scale bench rates', g.at - interval '1 minute', 2 * g.mv, ${owner}, g.at + g.settle, g.amount,
       g.at - interval '1 hour'
     from gen_move g where g.kind = 'deposit'`,
  );
  await step(
    'withdrawal_requests',
    `insert into public.withdrawal_requests (id, user_id, wallet_id, amount, account, transfer_id, quantity, rate,
       rate_source, network_fee, destination_address, status, reviewed_by, reviewed_at, paid_at, created_at)
     overriding system value
     select g.mv, g.user_id, g.wallet_id, g.amount, case g.pos when 4 then 'interest_wallet' else 'deposit_wallet' end,
       2 * g.mv - 1, round(g.amount / g.rate, 12) - 0.0001, g.rate, 'Scale bench rates', 0.0001,
       '0x' || md5('scale-dest-' || g.mv) || 'abcdefab', 'paid', ${finance}, g.at + g.settle / 2, g.at + g.settle, g.at
     from gen_move g where g.kind = 'withdrawal'`,
  );
  // The open queue, newest: notices waiting to be valued, a few rejected ones, and withdrawal
  // requests still reserving their amount (pending, or approved and awaiting payment).
  await sql.query(
    `create temporary table gen_queue as
     select q, a.i, a.user_id, a.dw, now() - make_interval(secs => 86400 * 3 * q::float8 / $1) as at,
       (select max(mv) from gen_move) + q as id, (array[1, 2, 3, 4, 5, 7])[1 + q % 6] as wallet_id
     from generate_series(1, $1::int) as q
     join gen_account a on a.i = 2 + (q * 7919) % ($2 - 1)
     where exists (select 1 from gen_move g where g.i = a.i)`,
    [opts.queue, opts.members],
  );
  await step(
    'open queue',
    `insert into public.deposit_notices (id, user_id, wallet_id, quantity, tx_id, status, created_at)
     overriding system value
     select id, user_id, wallet_id, 0.05, md5('scale-tx-queue-' || q), 'pending', at from gen_queue;
     insert into public.deposit_notices (id, user_id, wallet_id, quantity, tx_id, status, reviewed_by, reviewed_at,
       review_note, created_at)
     overriding system value
     select (select max(id) from public.deposit_notices) + g.mv / 12, g.user_id, g.wallet_id, 0.1,
       md5('scale-tx-rejected-' || g.mv), 'rejected', ${finance}, g.at, 'Transaction not found on chain',
       g.at - interval '2 hours'
     from gen_move g where g.kind = 'deposit' and g.mv % 12 = 0;
     insert into public.transfers (id, business_id, phase, kind, debit_account_id, credit_account_id, amount, user_id,
       created_by, initiated_by, client_text, asset, source, source_id, expires_at, created_at)
     overriding system value
     select 2 * q.id - 1, 'withdrawal:' || q.id, 'pending', 'withdrawal', q.dw, cf.id, 5.00, q.user_id, q.user_id,
       q.user_id, 'Withdrawal in ' || w.asset || ' (request #' || q.id || ')', w.asset, 'withdrawal_request', q.id,
       q.at + interval '30 days', q.at
     from gen_queue q join public.deposit_wallets w on w.id = q.wallet_id
     join public.ledger_accounts cf on cf.user_id is null and cf.purpose = 'client_funds' and cf.asset = w.asset;
     insert into private.open_pending_transfers (transfer_id, business_id, user_id, debit_account_id,
       credit_account_id, expires_at)
     select id, business_id, user_id, debit_account_id, credit_account_id, expires_at from public.transfers
     where id >= (select 2 * min(id) - 1 from gen_queue) and phase = 'pending';
     insert into public.withdrawal_requests (id, user_id, wallet_id, amount, account, transfer_id,
       destination_address, status, reviewed_by, reviewed_at, created_at)
     overriding system value
     select q.id, q.user_id, q.wallet_id, 5.00, 'deposit_wallet', 2 * q.id - 1,
       '0x' || md5('scale-dest-queue-' || q.q) || 'abcdefab', case when q.q % 2 = 0 then 'approved' else 'pending' end,
       case when q.q % 2 = 0 then ${staff('3 + q.q % 3')} end, case when q.q % 2 = 0 then q.at + interval '1 hour' end,
       q.at
     from gen_queue q;`,
  );
  await sql.query(
    `select setval(pg_get_serial_sequence('public.transfers', 'id'), (select max(id) from public.transfers));
     select setval(pg_get_serial_sequence('public.ledger_entries', 'id'), (select max(id) from public.ledger_entries));
     select setval(pg_get_serial_sequence('public.deposit_notices', 'id'), (select max(id) from public.deposit_notices));
     select setval(pg_get_serial_sequence('public.withdrawal_requests', 'id'),
       (select max(id) from public.withdrawal_requests));`,
  );
  // Each account's counters: posted from the posted rows, pending from the open pending ones.
  await step(
    'account balances',
    `update public.ledger_accounts a set debits_posted = s.debits_posted, credits_posted = s.credits_posted,
       debits_pending = s.debits_pending, credits_pending = s.credits_pending
     from (select account_id, sum(dp) as debits_posted, sum(cp) as credits_posted, sum(dq) as debits_pending,
             sum(cq) as credits_pending
           from (select t.debit_account_id as account_id, t.amount as dp, 0 as cp, 0 as dq, 0 as cq
                 from public.transfers t where t.phase in ('posted', 'post_pending')
                 union all
                 select t.credit_account_id, 0, t.amount, 0, 0 from public.transfers t
                 where t.phase in ('posted', 'post_pending')
                 union all
                 select o.debit_account_id, 0, 0, t.amount, 0
                 from private.open_pending_transfers o join public.transfers t on t.id = o.transfer_id
                 union all
                 select o.credit_account_id, 0, 0, 0, t.amount
                 from private.open_pending_transfers o join public.transfers t on t.id = o.transfer_id) x
           group by account_id) s
     where s.account_id = a.id`,
  );
  await step(
    'profile cards',
    `update public.profiles p set
       deposit_wallet = s.dw, interest_wallet = s.iw, total_invest = s.ti, referral = s.rf,
       total_deposit = coalesce(d.deposits, 0), total_withdraw = coalesce(d.withdrawals, 0), version = 1 + coalesce(d.n, 0)
     from (select a.user_id,
             sum(a.credits_posted - a.debits_posted) filter (where a.purpose = 'deposit_wallet') as dw,
             sum(a.credits_posted - a.debits_posted) filter (where a.purpose = 'interest_wallet') as iw,
             sum(a.credits_posted - a.debits_posted) filter (where a.purpose = 'total_invest') as ti,
             sum(a.credits_posted - a.debits_posted) filter (where a.purpose = 'referral') as rf
           from public.ledger_accounts a where a.user_id is not null group by a.user_id) s
     left join (select t.user_id, count(*) as n,
                  sum(t.amount) filter (where t.kind = 'deposit') as deposits,
                  sum(t.amount) filter (where t.kind = 'withdrawal') as withdrawals
                from public.transfers t where t.phase in ('posted', 'post_pending') group by t.user_id) d
       on d.user_id = s.user_id
     where p.id = s.user_id and (s.dw, s.iw, s.ti, s.rf) <> (0, 0, 0, 0)`,
  );
}
