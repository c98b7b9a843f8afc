-- Indexes for the admin users list at a real firm's size (100,000 members; plans in
-- docs/performance.md). admin_search_users filters with `lower(username|email) like '%term%'`, which a
-- b-tree cannot serve: trigram GIN indexes can (pg_trgm, in the extensions schema as Supabase keeps
-- it). Sorting by name, e-mail or sign-up date ends in `id` so pages are stable; indexes on the same
-- keys let a page be read in order instead of sorting every profile. They replace the single-column
-- indexes, which they cover. The balance columns (and updated_at) are sortable too: without an index
-- each such page sorted all profiles (160 ms at 100,000 under load). The price is that a balance edit
-- is no longer a HOT update; admins edit balances rarely, so reads win.

create extension if not exists pg_trgm with schema extensions;

create index profiles_username_trgm_idx on public.profiles using gin (lower(username) extensions.gin_trgm_ops);
create index profiles_email_trgm_idx on public.profiles using gin (lower(email) extensions.gin_trgm_ops);

create index profiles_username_lower_id_idx on public.profiles (lower(username), id);
create index profiles_email_lower_id_idx on public.profiles (lower(email), id);
create index profiles_created_at_id_idx on public.profiles (created_at, id);
create index profiles_updated_at_id_idx on public.profiles (updated_at, id);
create index profiles_interest_wallet_id_idx on public.profiles (interest_wallet, id);
create index profiles_deposit_wallet_id_idx on public.profiles (deposit_wallet, id);
create index profiles_total_invest_id_idx on public.profiles (total_invest, id);
create index profiles_total_deposit_id_idx on public.profiles (total_deposit, id);
create index profiles_total_withdraw_id_idx on public.profiles (total_withdraw, id);
create index profiles_referral_id_idx on public.profiles (referral, id);

drop index public.profiles_username_lower_idx;
drop index public.profiles_email_lower_idx;
drop index public.profiles_created_at_idx;
