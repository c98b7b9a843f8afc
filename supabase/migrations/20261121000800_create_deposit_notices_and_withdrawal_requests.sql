-- deposit_notices ("I sent X to wallet N, transaction id T") and withdrawal_requests ("pay X from my
-- Interest Wallet to address A"). Members file them and admins review them only through functions
-- (a later migration); confirming or paying moves balances through the ledger in the same transaction.

create table public.deposit_notices (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id),
  wallet_id smallint not null references public.deposit_wallets (id),
  -- What the member says they sent, in the asset (its precision: BTC 8, ETH 18, USDT/USDC/XRP 6).
  quantity numeric(38, 18) not null check (quantity > 0),
  tx_id text not null check (char_length(tx_id) between 1 and 128 and tx_id !~ '[[:space:]]'),
  -- pending: filed; valued: finance valued it and a second admin must approve the credit;
  -- confirmed: credited; rejected: closed without a credit.
  status text not null default 'pending' check (status in ('pending', 'valued', 'confirmed', 'rejected')),
  -- The valuation: the USD value credited, the rate (USD per unit), where and when it was read. A
  -- valuation the second admin rejects is cleared and the notice is pending again.
  amount numeric(20, 2) check (amount > 0),
  rate numeric(30, 10) check (rate > 0),
  rate_source text check (char_length(rate_source) between 1 and 120),
  rate_at timestamptz,
  -- The pending credit while valued; the posted one once confirmed (the money engine's transfer).
  transfer_id bigint references public.transfers (id),
  reviewed_by uuid,
  reviewed_at timestamptz,
  review_note text check (char_length(review_note) <= 500),
  credited_amount numeric(20, 2) check (credited_amount > 0),
  created_at timestamptz not null default now(),
  check ((status in ('pending', 'valued')) = (reviewed_at is null)),
  check ((status = 'confirmed') = (credited_amount is not null)),
  check ((status in ('valued', 'confirmed')) = (amount is not null and rate is not null and transfer_id is not null))
);

comment on table public.deposit_notices is
  'Deposit notices. Read: the member (own rows), admins (all). Write: file_deposit_notice (member), review_deposit_notice (admin); service_role read only.';

-- A transaction id (trimmed on entry, compared case-insensitively) backs one live notice only.
create unique index deposit_notices_tx_id_live_key on public.deposit_notices (lower(tx_id)) where status <> 'rejected';
create index deposit_notices_user_created_idx on public.deposit_notices (user_id, created_at);
create index deposit_notices_status_created_idx on public.deposit_notices (status, created_at);
create index deposit_notices_transfer_id_idx on public.deposit_notices (transfer_id) where transfer_id is not null;

create table public.withdrawal_requests (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id),
  wallet_id smallint not null references public.deposit_wallets (id),
  -- The USD amount, taken from one of the member's withdrawable accounts (not invested principal).
  amount numeric(20, 2) not null check (amount > 0),
  account text not null check (account in ('deposit_wallet', 'interest_wallet', 'referral')),
  -- The pending transfer that reserves the amount from filing until it is paid (posted) or released.
  transfer_id bigint references public.transfers (id),
  -- The payout, recorded when paid: the asset quantity sent, the rate used and the network fee.
  quantity numeric(38, 18) check (quantity > 0),
  rate numeric(30, 10) check (rate > 0),
  rate_source text check (char_length(rate_source) between 1 and 120),
  network_fee numeric(38, 18) check (network_fee >= 0),
  destination_address text not null check (char_length(destination_address) between 1 and 128),
  destination_tag bigint check (destination_tag between 0 and 4294967295),
  -- cancelled: by the member while pending, or by the database when the address it pays to was
  -- removed from the address book (the reason, which the member reads, is in review_note).
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'paid', 'cancelled')),
  reviewed_by uuid,
  reviewed_at timestamptz,
  review_note text check (char_length(review_note) <= 500),
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'paid') = (paid_at is not null)),
  check ((status = 'paid') = (quantity is not null and rate is not null and network_fee is not null)),
  -- The member bears the network fee: what was sent plus the fee, at the rate, is the amount to the
  -- cent. review_withdrawal_request says so in words first; this holds for every other write too.
  constraint withdrawal_requests_payout_reconciles
    check (status <> 'paid' or round((quantity + network_fee) * rate, 2) = amount)
);

comment on table public.withdrawal_requests is
  'Withdrawal requests. Read: the member (own rows), admins (all). Write: file_withdrawal_request (member), review_withdrawal_request (admin); service_role read only. Pending and approved requests reserve their amount (a pending transfer).';

create index withdrawal_requests_user_status_idx on public.withdrawal_requests (user_id, status);
create index withdrawal_requests_user_created_idx on public.withdrawal_requests (user_id, created_at);
create index withdrawal_requests_status_created_idx on public.withdrawal_requests (status, created_at);
create index withdrawal_requests_transfer_id_idx on public.withdrawal_requests (transfer_id) where transfer_id is not null;

alter table public.deposit_notices enable row level security;
alter table public.withdrawal_requests enable row level security;

revoke all on public.deposit_notices, public.withdrawal_requests from public, anon, authenticated, service_role;
grant select on public.deposit_notices, public.withdrawal_requests to authenticated, service_role;

create policy deposit_notices_select_own_or_admin on public.deposit_notices
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy withdrawal_requests_select_own_or_admin on public.withdrawal_requests
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
