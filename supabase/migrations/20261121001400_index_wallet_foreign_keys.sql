-- Foreign keys get an index (Supabase's advisor flags unindexed ones): the admin screens also
-- filter notices and requests by wallet.
create index deposit_notices_wallet_idx on public.deposit_notices (wallet_id);
create index withdrawal_requests_wallet_idx on public.withdrawal_requests (wallet_id);
